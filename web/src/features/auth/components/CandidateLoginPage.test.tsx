import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { endSession, saveSession } from '../../../lib/session'
import { makeJwt } from '../../../lib/session.fixtures'
import { freshEachTest, providers, renderRoutes, scriptFetch } from '../../../testing/harness'
import { CandidateLoginPage } from './CandidateLoginPage'

const routes = [
  { path: '/candidate/login', element: <CandidateLoginPage /> },
  { path: '/candidate/dashboard', element: <p>dashboard</p> },
  { path: '/candidate/dashboard/alerts', element: <p>job alerts tab</p> },
  { path: '/candidate/dashboard/applications', element: <p>my applications tab</p> },
]
const future = () => Math.floor(Date.now() / 1000) + 3600

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
}
const submit = () => screen.getByRole('button', { name: 'Sign In' })

describe('candidate login', () => {
  freshEachTest()

  it("shows 'Welcome Back' with links to signup and forgot password", () => {
    renderRoutes(routes, '/candidate/login')
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/candidate/signup')
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password')
  })

  it('keeps submit disabled while email or password is empty', () => {
    renderRoutes(routes, '/candidate/login')
    expect((submit() as HTMLButtonElement).disabled).toBe(true)
    fill('jane@example.com', '')
    expect((submit() as HTMLButtonElement).disabled).toBe(true)
    fill('jane@example.com', 'x')
    expect((submit() as HTMLButtonElement).disabled).toBe(false)
  })

  it('checks the email and password format before calling the server', () => {
    const calls = scriptFetch()
    renderRoutes(routes, '/candidate/login')
    fill('not-an-email', 'weakpass')
    fireEvent.click(submit())
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy()
    expect(screen.getByText('Invalid password format')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })

  it('shows the server error and clears the password', async () => {
    scriptFetch({ status: 401, body: { error: 'Too many attempts, wait a minute' } })
    renderRoutes(routes, '/candidate/login')
    fill('jane@example.com', 'Password1!')
    fireEvent.click(submit())
    expect(await screen.findByText('Too many attempts, wait a minute')).toBeTruthy()
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('')
  })

  it("falls back to 'Invalid email or password' without a server error", async () => {
    scriptFetch({ status: 500 })
    renderRoutes(routes, '/candidate/login')
    fill('jane@example.com', 'Password1!')
    fireEvent.click(submit())
    expect(await screen.findByText('Invalid email or password')).toBeTruthy()
  })

  it("says 'Login failed. Please try again.' on a network failure", async () => {
    scriptFetch('network-error')
    renderRoutes(routes, '/candidate/login')
    fill('jane@example.com', 'Password1!')
    fireEvent.click(submit())
    expect(await screen.findByText('Login failed. Please try again.')).toBeTruthy()
  })

  it('stores authToken and candidateData and opens the dashboard', async () => {
    const token = makeJwt({ exp: future(), iat: 0 })
    const calls = scriptFetch({ body: { token, user: { id: 'u1', name: 'Jane Citizen' } } })
    const { router } = renderRoutes(routes, '/candidate/login')
    fill('jane@example.com', 'Password1!')
    fireEvent.click(submit())
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/dashboard'))
    expect(calls[0]).toMatchObject({ url: '/api/auth/candidate/login', method: 'POST', body: { email: 'jane@example.com', password: 'Password1!' } })
    expect(localStorage.getItem('authToken')).toBe(token)
    expect(JSON.parse(localStorage.getItem('candidateData')!)).toMatchObject({ name: 'Jane Citizen' })
  })

  it('comes back to the Job Alerts tab when the unsubscribe page sent them (?to=alerts), and only there', async () => {
    const token = makeJwt({ exp: future(), iat: 0 })
    scriptFetch({ body: { token, user: { id: 'u1', name: 'Jane Citizen' } } })
    const { router } = renderRoutes(routes, '/candidate/login?to=alerts')
    fill('jane@example.com', 'Password1!')
    fireEvent.click(submit())
    expect(await screen.findByText('job alerts tab')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/candidate/dashboard/alerts')
  })

  it('ignores a return it does not know (no address can ride along)', () => {
    localStorage.setItem('authToken', makeJwt({ exp: future() }))
    localStorage.setItem('candidateData', '{"name":"Jane"}')
    renderRoutes(routes, '/candidate/login?to=https://evil.example')
    expect(screen.getByText('dashboard')).toBeTruthy()
  })

  it('sends a candidate with a stored unexpired token straight to the dashboard', () => {
    localStorage.setItem('authToken', makeJwt({ exp: future() }))
    localStorage.setItem('candidateData', '{"name":"Jane"}')
    renderRoutes(routes, '/candidate/login')
    expect(screen.getByText('dashboard')).toBeTruthy()
  })

  it('comes back to the portal page it was sent from (?to=), with its query', async () => {
    const token = makeJwt({ exp: future(), iat: 0 })
    scriptFetch({ body: { token, user: { id: 'u1', name: 'Jane Citizen' } } })
    const { router } = renderRoutes(routes, '/candidate/login?to=/candidate/dashboard/applications%3Fsort%3Dnewest')
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/candidate/signup?to=/candidate/dashboard/applications%3Fsort%3Dnewest')
    fill('jane@example.com', 'Password1!')
    fireEvent.click(submit())
    expect(await screen.findByText('my applications tab')).toBeTruthy()
    expect(router.state.location.search).toBe('?sort=newest')
  })

  it('a candidate already signed in goes straight on to the page asked for', () => {
    localStorage.setItem('authToken', makeJwt({ exp: future() }))
    localStorage.setItem('candidateData', '{"name":"Jane"}')
    renderRoutes(routes, '/candidate/login?to=/candidate/dashboard/applications')
    expect(screen.getByText('my applications tab')).toBeTruthy()
  })

  it('never follows a return to another site or outside the portal', () => {
    localStorage.setItem('authToken', makeJwt({ exp: future() }))
    localStorage.setItem('candidateData', '{"name":"Jane"}')
    for (const to of ['%2F%2Fevil.example', 'https%3A%2F%2Fevil.example%2Fcandidate%2Fdashboard', '%2F%5Cevil.example', '%2Fcandidate%2Fdashboard%2F..%2F..%2Fabout']) {
      const view = renderRoutes(routes, `/candidate/login?to=${to}`)
      expect(view.router.state.location.pathname, to).toBe('/candidate/dashboard')
      view.unmount()
    }
  })

  it('says the session has ended, once, only when the server ended it', () => {
    saveSession('candidate', { token: makeJwt({ exp: future() }), user: { name: 'Jane', email: 'jane@example.com' } })
    endSession('candidate', { notice: 'Your session has ended. Please sign in again.' })
    const first = renderRoutes(routes, '/candidate/login')
    expect(screen.getByText('Your session has ended. Please sign in again.').getAttribute('role')).toBe('status')
    // the email the ended session was signed in with is filled in: only the password to type
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('jane@example.com')
    first.unmount()
    // shown once: coming back to the page later says nothing
    renderRoutes(routes, '/candidate/login')
    expect(screen.queryByText(/session has ended/)).toBeNull()
  })

  it('says nothing after signing out on purpose, or about another role', () => {
    saveSession('candidate', { token: makeJwt({ exp: future() }), user: { name: 'Jane', email: 'jane@example.com' } })
    endSession('candidate', { signedOut: true })
    const view = renderRoutes(routes, '/candidate/login')
    expect(screen.queryByText(/session/i)).toBeNull()
    // signed out on purpose (perhaps on a shared computer): the email is not kept
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('')
    view.unmount()
    endSession('employer', { notice: 'Session expired' })
    renderRoutes(routes, '/candidate/login')
    expect(screen.queryByText('Session expired')).toBeNull()
  })

  it('starts with the email a sign-up left in router state (never in the address), the password next', () => {
    const router = createMemoryRouter(routes, { initialEntries: [{ pathname: '/candidate/login', state: { email: 'new@example.com' } }] })
    render(<RouterProvider router={router} />, { wrapper: providers() })
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('new@example.com')
    expect(document.activeElement).toBe(screen.getByLabelText('Password'))
    expect(router.state.location.search).toBe('')
  })

  it('ignores router state that is not a sign-up email', () => {
    const router = createMemoryRouter(routes, { initialEntries: [{ pathname: '/candidate/login', state: { email: 42 } }] })
    render(<RouterProvider router={router} />, { wrapper: providers() })
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('')
    expect(document.activeElement).not.toBe(screen.getByLabelText('Password'))
  })
})
