/** A portal page asked for while signed out (a bookmark, or a session the server has just ended) is where signing in goes back to. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { makeJwt } from '../../lib/session.fixtures'
import { socket } from '../../testing/fakeSocket'
import { freshEachTest, renderRoutes, routeFetch, storeSession, type RouteAnswer } from '../../testing/harness'
import { candidateRoutes } from './candidate'

vi.mock('socket.io-client', () => import('../../testing/fakeSocket'))

const application = { id: 'a1', job_id: 'j1', job_title: 'React Developer', company: 'Acme', status: 'pending', progress: 'received', interviews: [], created_at: '2025-01-02T00:00:00Z' }
const token = makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, iat: 1 })

const table = (): Record<string, RouteAnswer> => ({
  'GET /api/auth/candidate/profile': () => ({ body: { id: 'u1', name: 'Jane Citizen', email: 'jane@example.com' } }),
  'GET /api/admin/jobs/job-board': () => ({ body: [] }),
  'GET /api/reference/locations': () => ({ body: { data: [] } }),
  'GET /api/reference/salary-ranges': () => ({ body: { data: [] } }),
  'GET /api/applications/my-applications': () => ({ body: [application] }),
  'GET /api/documents': () => ({ body: { documents: [] } }),
  'GET /api/documents/stats': () => ({ body: { stats: [] } }),
  'GET /api/notifications?limit=20&offset=0': () => ({ body: { notifications: [], total: 0, unread_count: 0 } }),
  'GET /api/notifications/unread-count': () => ({ body: { unread_count: 0 } }),
  'POST /api/auth/candidate/login': () => ({ body: { token, user: { id: 'u1', name: 'Jane Citizen' } } }),
  'POST /api/auth/sign-out': () => ({ body: { message: 'You have signed out.' } }),
})

freshEachTest()
beforeEach(() => socket.reset())
afterEach(() => vi.restoreAllMocks())

async function signInOnThePage() {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'jane@example.com' } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1!' } })
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
}

describe('back to the portal page after signing in', () => {
  it('a signed-out visitor to My Applications signs in and lands there, not on Browse Jobs', async () => {
    routeFetch(table())
    const { router } = renderRoutes(candidateRoutes, '/candidate/dashboard/applications')
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    expect(router.state.location.search).toBe('?to=/candidate/dashboard/applications')
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy()
    // nothing ended here: no line about a session
    expect(screen.queryByText(/session has ended/)).toBeNull()
    // the sign-up page would bring them back there too
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/candidate/signup?to=/candidate/dashboard/applications')
    await signInOnThePage()
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/dashboard/applications'))
    expect(await screen.findByText('React Developer')).toBeTruthy()
  })

  it("keeps the tab's query too (the saved jobs view)", async () => {
    routeFetch({ ...table(), 'GET /api/candidate/saved-jobs': () => ({ body: { saved_jobs: [] } }) })
    const { router } = renderRoutes(candidateRoutes, '/candidate/dashboard/jobs?view=saved')
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    await signInOnThePage()
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/dashboard/jobs'))
    expect(router.state.location.search).toBe('?view=saved')
  })

  it('a session the server ends on a tab goes to sign in, says why once, and comes back to that tab', async () => {
    storeSession('candidate', { name: 'Jane Citizen' })
    const answers = table()
    answers['GET /api/applications/my-applications'] = () => ({ status: 401, body: { error: 'Your session has ended. Please sign in again.' } })
    routeFetch(answers)
    const { router } = renderRoutes(candidateRoutes, '/candidate/dashboard/applications')
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    expect(router.state.location.search).toBe('?to=/candidate/dashboard/applications')
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy()
    expect(localStorage.getItem('authToken')).toBeNull()
    answers['GET /api/applications/my-applications'] = () => ({ body: [application] })
    await signInOnThePage()
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/dashboard/applications'))
    expect(await screen.findByText('React Developer')).toBeTruthy()
  })

  it('signing out on purpose goes to the plain sign-in page, keeping no page and saying nothing', async () => {
    storeSession('candidate', { name: 'Jane Citizen' })
    routeFetch(table())
    const { router } = renderRoutes(candidateRoutes, '/candidate/dashboard/documents')
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy()
    expect(router.state.location.search).toBe('')
    expect(screen.queryByText(/session/i)).toBeNull()
  })
})
