import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import { Outlet, useParams } from 'react-router'
import { StaffLoginPage } from '../../features/auth/components/StaffLoginPage'
import { bearerFetch } from '../../lib/api'
import { makeJwt } from '../../lib/session.fixtures'
import { freshEachTest, renderRoutes, routeFetch, scriptFetch, storeSession, type RouteAnswer } from '../../testing/harness'
import { staffRoutes } from './StaffApp'
import { RequireStaff } from './StaffLayout'

vi.mock('socket.io-client', () => import('../../testing/fakeSocket'))

freshEachTest()
afterEach(() => vi.useRealTimers())

describe('staff hosts', () => {
  it('redirects any other path to /login', async () => {
    const { router } = renderRoutes(staffRoutes('admin'), '/somewhere/else')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(screen.getByRole('heading', { name: 'Admin Sign In' })).toBeTruthy()
  })

  it('protects /dashboard, keeping the page asked for', async () => {
    const { router } = renderRoutes(staffRoutes('employer'), '/dashboard/jobs')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('?to=/dashboard/jobs')
    const home = renderRoutes(staffRoutes('admin'), '/dashboard')
    await waitFor(() => expect(home.router.state.location.pathname).toBe('/login'))
    expect(home.router.state.location.search).toBe('')
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

  it("the registration's way back to sign in starts with the email, kept out of the address", async () => {
    scriptFetch({ status: 201, body: { message: 'ok' } })
    const { router } = renderRoutes(staffRoutes('employer'), '/register')
    fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: 'Bo Boss' } })
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } })
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'bo@acme.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Register' }))
    fireEvent.click(await screen.findByRole('link', { name: 'Back to sign in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('')
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('bo@acme.com')
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

/** A workspace page that reads one thing with the employer's bearer token. */
function JobProbe() {
  const { jobId } = useParams()
  const job = useQuery({ queryKey: ['probe', jobId], queryFn: () => bearerFetch<{ title: string }>('employer', `/api/employer/jobs/${jobId}`) })
  return <p>{job.data ? job.data.title : job.isError ? 'failed' : 'loading'}</p>
}

describe('a staff session the server ends (401)', () => {
  const routes = [
    { path: '/login', element: <StaffLoginPage role="employer" /> },
    {
      path: '/dashboard',
      element: <RequireStaff role="employer" />,
      children: [{ element: <Outlet />, children: [{ index: true, element: <p>jobs home</p> }, { path: 'jobs/:jobId', element: <JobProbe /> }] }],
    },
  ]

  it('goes to /login saying why, and signing in comes back to the page', async () => {
    storeSession('employer', { name: 'Bo' }, { iat: 1 })
    const table: Record<string, RouteAnswer> = {
      'GET /api/employer/jobs/123': () => ({ status: 401, body: { error: 'Your session has ended. Please sign in again.' } }),
      'POST /api/auth/employer/login': () => ({ body: { token: makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, iat: 2 }), user: { name: 'Bo' } } }),
    }
    routeFetch(table)
    const { router } = renderRoutes(routes, '/dashboard/jobs/123')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toBe('?to=/dashboard/jobs/123')
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy()
    expect(localStorage.getItem('jwtToken')).toBeNull()

    table['GET /api/employer/jobs/123'] = () => ({ body: { title: 'Platform Engineer' } })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bo@acme.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Platform Engineer')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/dashboard/jobs/123')
  })

  it('never lands outside the dashboard, whatever ?to= says', async () => {
    scriptFetch({ body: { token: makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }), user: { name: 'Bo' } } })
    const { router } = renderRoutes(routes, '/login?to=%2F%2Fevil.example%2Fdashboard')
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bo@acme.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('jobs home')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/dashboard')
  })
})
