import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { makeJwt } from '../../../lib/session.fixtures'
import { freshEachTest, renderRoutes, scriptFetch } from '../../../testing/harness'
import { StaffLoginPage } from './StaffLoginPage'

const routes = (role: 'admin' | 'employer') => [
  { path: '/login', element: <StaffLoginPage role={role} /> },
  { path: '/dashboard', element: <p>dashboard</p> },
  { path: '/dashboard/audit', element: <p>audit log</p> },
]
const future = () => Math.floor(Date.now() / 1000) + 3600
const CHALLENGE = { two_factor_required: true, challenge: 'challenge-jwt' }

function signIn(email = 'alex@harbourit.example', password = 'Harbour#2026') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
}
const codeField = () => screen.findByLabelText('Code from your authenticator app') as Promise<HTMLInputElement>
const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify' }))

describe('admin sign-in with two-factor sign-in on', () => {
  freshEachTest()

  it('asks for the code in the same card, then stores the session and opens the dashboard', async () => {
    const token = makeJwt({ exp: future(), iat: 0 })
    const calls = scriptFetch({ body: CHALLENGE }, { body: { token, user: { id: 'a1', name: 'Alex Admin', role: 'admin' } } })
    const { router } = renderRoutes(routes('admin'), '/login')
    signIn()
    const field = await codeField()
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Sign In' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Two-factor sign-in' })).toBeTruthy()
    expect(field.getAttribute('inputmode')).toBe('numeric')
    expect(field.getAttribute('autocomplete')).toBe('one-time-code')
    expect(document.activeElement).toBe(field)
    expect(screen.getByText('No phone handy? One of your recovery codes works here too.')).toBeTruthy()
    // nothing stored yet: the password alone is not a session
    expect(localStorage.getItem('jwtToken')).toBeNull()
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(true)

    fireEvent.change(field, { target: { value: ' 123456 ' } })
    verify()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(calls[1]).toMatchObject({ url: '/api/auth/admin/login/two-factor', method: 'POST', body: { challenge: 'challenge-jwt', code: '123456' } })
    expect(localStorage.getItem('jwtToken')).toBe(token)
    expect(JSON.parse(localStorage.getItem('adminUser')!)).toMatchObject({ name: 'Alex Admin' })
  })

  it('shows a wrong code inline, clears the field and lets them try again', async () => {
    const token = makeJwt({ exp: future() })
    scriptFetch(
      { body: CHALLENGE },
      { status: 422, body: { error: 'That code is not right. Check the time on your device and try again.' } },
      { body: { token, user: { name: 'Alex Admin' } } },
    )
    const { router } = renderRoutes(routes('admin'), '/login')
    signIn()
    fireEvent.change(await codeField(), { target: { value: '000000' } })
    verify()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('That code is not right. Check the time on your device and try again.')
    expect((await codeField()).value).toBe('')
    fireEvent.change(await codeField(), { target: { value: '654321' } })
    verify()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('takes a recovery code, with a text keyboard', async () => {
    const calls = scriptFetch({ body: CHALLENGE }, { body: { token: makeJwt({ exp: future() }), user: { name: 'Alex Admin' } } })
    const { router } = renderRoutes(routes('admin'), '/login')
    signIn()
    await codeField()
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }))
    const field = screen.getByLabelText('Recovery code')
    expect(field.getAttribute('inputmode')).toBe('text')
    fireEvent.change(field, { target: { value: 'K3F9-2HQX' } })
    verify()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(calls[1].body).toEqual({ challenge: 'challenge-jwt', code: 'K3F9-2HQX' })
  })

  it('after the code, comes back to the dashboard page the guard sent them from (?to=)', async () => {
    scriptFetch({ body: CHALLENGE }, { body: { token: makeJwt({ exp: future() }), user: { name: 'Alex Admin' } } })
    const { router } = renderRoutes(routes('admin'), '/login?to=/dashboard/audit%3Ftype%3DJobPublished')
    signIn()
    fireEvent.change(await codeField(), { target: { value: '123456' } })
    verify()
    expect(await screen.findByText('audit log')).toBeTruthy()
    expect(router.state.location.search).toBe('?type=JobPublished')
  })

  it('goes back to the password with the message when the sign-in has timed out', async () => {
    scriptFetch({ body: CHALLENGE }, { status: 401, body: { error: 'Your sign-in has timed out. Please sign in again.' } })
    renderRoutes(routes('admin'), '/login')
    signIn()
    fireEvent.change(await codeField(), { target: { value: '123456' } })
    verify()
    expect((await screen.findByRole('alert')).textContent).toBe('Your sign-in has timed out. Please sign in again.')
    expect(screen.getByLabelText('Password')).toBeTruthy()
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull()
    // not a bearer call: the timed-out challenge's 401 ends no session and records nothing
    expect(sessionStorage.length).toBe(0)
  })

  it('shows the throttle message, and a network failure, inline', async () => {
    scriptFetch({ body: CHALLENGE }, { status: 429, body: { error: 'Too many attempts. Please wait 15 minutes.' } }, 'network-error')
    renderRoutes(routes('admin'), '/login')
    signIn()
    fireEvent.change(await codeField(), { target: { value: '123456' } })
    verify()
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please wait 15 minutes.')
    fireEvent.change(await codeField(), { target: { value: '123456' } })
    verify()
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('We could not check that code. Please try again.'))
  })

  it('"Start again" returns to an empty password with the email kept', async () => {
    const calls = scriptFetch({ body: CHALLENGE })
    renderRoutes(routes('admin'), '/login')
    signIn()
    await codeField()
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }))
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('alex@harbourit.example')
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(calls).toHaveLength(1)
  })

  it('an admin without two-factor sign-in on still goes straight in', async () => {
    const token = makeJwt({ exp: future() })
    scriptFetch({ body: { token, user: { name: 'Alex Admin' } } })
    const { router } = renderRoutes(routes('admin'), '/login')
    signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(localStorage.getItem('jwtToken')).toBe(token)
  })

  it('an admin without two-factor sign-in gets a session held at the enrolment gate', async () => {
    const token = makeJwt({ exp: future() })
    scriptFetch({ body: { token, user: { name: 'Alex Admin' }, two_factor_enrolment_required: true } })
    const { router } = renderRoutes(routes('admin'), '/login')
    signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(localStorage.getItem('adminTwoFactorEnrolment')).toBe('required')
  })

  it('a sign-in without the enrolment flag lifts a gate left from before', async () => {
    localStorage.setItem('adminTwoFactorEnrolment', 'required')
    scriptFetch({ body: { token: makeJwt({ exp: future() }), user: { name: 'Alex Admin' } } })
    const { router } = renderRoutes(routes('admin'), '/login')
    signIn()
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(localStorage.getItem('adminTwoFactorEnrolment')).toBeNull()
  })

  it('the employer host never shows a code step', async () => {
    scriptFetch({ body: CHALLENGE })
    const { router } = renderRoutes(routes('employer'), '/login')
    signIn('jobs@example.com', 'Employer1!')
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed')
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull()
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('jwtToken')).toBeNull()
  })
})
