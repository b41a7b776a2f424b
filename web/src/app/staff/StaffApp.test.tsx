import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { makeJwt } from '../../lib/session.fixtures'
import { freshEachTest, renderRoutes, scriptFetch } from '../../testing/harness'
import { staffRoutes } from './StaffApp'

vi.mock('socket.io-client', () => import('../../testing/fakeSocket'))

freshEachTest()
afterEach(() => vi.useRealTimers())

describe('staff hosts', () => {
  it('redirects any other path to /login', async () => {
    const { router } = renderRoutes(staffRoutes('admin'), '/somewhere/else')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.getByRole('heading', { name: 'Admin Sign In' })).toBeTruthy()
  })

  it('protects /dashboard', async () => {
    const { router } = renderRoutes(staffRoutes('employer'), '/dashboard/jobs')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('explains admin sign-up on /signup and /register', async () => {
    renderRoutes(staffRoutes('admin'), '/register')
    expect(await screen.findByText(/An existing administrator creates each new admin account/)).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('registers an employer and explains the approval wait', async () => {
    const calls = scriptFetch({ status: 201, body: { message: 'ok' } })
    renderRoutes(staffRoutes('employer'), '/signup')
    fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: 'Bo Boss' } })
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } })
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'bo@acme.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    expect(await screen.findByText(/awaiting approval/)).toBeTruthy()
    expect(calls[0]).toMatchObject({ url: '/api/auth/employer/register', body: { company: 'Acme', email: 'bo@acme.com' } })
  })

  it("shows the server's error, else 'Login failed', on the staff login", async () => {
    scriptFetch({ status: 403, body: { error: 'Your employer account is awaiting approval. We will email you as soon as it is approved.' } }, { status: 500 })
    renderRoutes(staffRoutes('employer'), '/login')
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'bo@acme.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText(/awaiting approval/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Login failed')).toBeTruthy()
  })

  it('logs an employer in, shows the dashboard and the session warning', async () => {
    const now = Math.floor(Date.now() / 1000)
    // 20% of a one-hour lifetime left: warning
    const token = makeJwt({ iat: now - 2880, exp: now + 720 })
    scriptFetch({ body: { token, user: { id: 'e1', name: 'Bo Boss', company: 'Acme' } } })
    const { router } = renderRoutes(staffRoutes('employer'), '/login')
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'bo@acme.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(await screen.findByText('Bo Boss')).toBeTruthy()
    expect((await screen.findByRole('alert')).textContent).toBe('Your session expires in 12 minutes')
    expect(localStorage.getItem('jwtToken')).toBe(token)
    expect(localStorage.getItem('employerUser')).toContain('Bo Boss')
  })

  it("logs an expired employer out with 'Session expired'", async () => {
    // The clock is ours: a slow machine loading the dashboard's chunks must not
    // let the token run out before the dashboard is on screen.
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const now = Math.floor(Date.now() / 1000)
    localStorage.setItem('jwtToken', makeJwt({ iat: now - 3540, exp: now + 60 }))
    localStorage.setItem('employerUser', '{"name":"Bo"}')
    scriptFetch()
    const { router } = renderRoutes(staffRoutes('employer'), '/dashboard')
    expect(await screen.findByText('Bo')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/dashboard')
    // A minute and a bit later the token has expired; the one-second recheck notices.
    vi.advanceTimersByTime(62_000)
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(await screen.findByText('Session expired')).toBeTruthy()
    expect(localStorage.getItem('jwtToken')).toBeNull()
  })
})
