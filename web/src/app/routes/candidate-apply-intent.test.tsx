/** Apply Now keeps the job (issue 27): ?apply=<job id> through the guard, the sign-in and the sign-up, to that job's dialog. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { makeJwt } from '../../lib/session.fixtures'
import { boardJob } from '../../testing/boardJob'
import { socket } from '../../testing/fakeSocket'
import { freshEachTest, renderRoutes, routeFetch, storeSession, type RouteAnswer } from '../../testing/harness'
import { candidateRoutes } from './candidate'

vi.mock('socket.io-client', () => import('../../testing/fakeSocket'))

const REACT = '0b9c6f1e-3a57-4c1d-8e2f-5a6b7c8d9e01'
const DATA = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'
const GONE = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a'

const table = (applied: string[] = []): Record<string, RouteAnswer> => ({
  'GET /api/auth/candidate/profile': () => ({ body: { id: 'u1', name: 'Jane Citizen', email: 'jane@example.com' } }),
  'GET /api/admin/jobs/job-board': () => ({ body: [boardJob(REACT, 'React Developer'), boardJob(DATA, 'Data Engineer')] }),
  [`GET /api/jobs/${DATA}`]: () => ({ body: boardJob(DATA, 'Data Engineer') }),
  'GET /api/reference/locations': () => ({ body: { data: [] } }),
  'GET /api/reference/salary-ranges': () => ({ body: { data: [] } }),
  'GET /api/applications/my-applications': () => ({
    body: applied.map((id) => ({ id: `a-${id}`, job_id: id, job_title: 'Data Engineer', company: 'Acme', status: 'pending', progress: 'received', interviews: [], created_at: '2025-01-02T00:00:00Z' })),
  }),
  'GET /api/documents': () => ({ body: { documents: [] } }),
  'GET /api/documents/stats': () => ({ body: { stats: [] } }),
  'GET /api/notifications?limit=20&offset=0': () => ({ body: { notifications: [], total: 0, unread_count: 0 } }),
  'GET /api/notifications/unread-count': () => ({ body: { unread_count: 0 } }),
})

freshEachTest()
beforeEach(() => {
  socket.reset()
})
afterEach(() => vi.restoreAllMocks())

const signIn = () => storeSession('candidate', { name: 'Jane Citizen' })

describe('Apply Now keeps the job through signing in', () => {
  it('a signed-out visitor goes to the login with the job, which names it and keeps it on the sign-up link', async () => {
    routeFetch(table())
    const { router } = renderRoutes(candidateRoutes, `/candidate/dashboard/jobs?apply=${DATA}`)
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    expect(router.state.location.search).toBe(`?apply=${DATA}`)
    expect(await screen.findByText('Data Engineer')).toBeTruthy()
    expect(screen.getByText(/Sign in to apply for/).textContent).toBe("Sign in to apply for Data Engineer at Acme. We'll open your application straight after.")
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(`/candidate/signup?apply=${DATA}`)
  })

  it("signing in opens that job's apply dialog", async () => {
    const token = makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 })
    routeFetch({ ...table(), 'POST /api/auth/candidate/login': () => ({ body: { token, user: { id: 'u1', name: 'Jane Citizen' } } }) })
    const { router } = renderRoutes(candidateRoutes, `/candidate/login?apply=${DATA}`)
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'jane@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    const dialog = await screen.findByRole('dialog', { name: 'Apply for Data Engineer' }, { timeout: 3000 })
    expect(router.state.location.pathname).toBe('/candidate/dashboard/jobs')
    expect(within(dialog).getByRole('button', { name: 'Submit Application' })).toBeTruthy()
  })

  it('the sign-up page keeps the job on its way back to the login', async () => {
    routeFetch(table())
    renderRoutes(candidateRoutes, `/candidate/signup?apply=${DATA}`)
    expect(await screen.findByText(/Create your account to apply for/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/candidate/login?apply=${DATA}`)
  })

  it('signed in, the dialog opens at once; closing it drops the job from the address and it stays shut', async () => {
    signIn()
    routeFetch(table())
    const { router } = renderRoutes(candidateRoutes, `/candidate/dashboard/jobs?apply=${DATA}`)
    const dialog = await screen.findByRole('dialog', { name: 'Apply for Data Engineer' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('heading', { name: 'React Developer' })).toBeTruthy()
  })

  it('a job already applied for says so instead of opening a dialog the server would refuse', async () => {
    signIn()
    routeFetch(table([DATA]))
    renderRoutes(candidateRoutes, `/candidate/dashboard/jobs?apply=${DATA}`)
    expect(await screen.findByText(/You've already applied for Data Engineer/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'See where it stands in My Applications' }).getAttribute('href')).toBe('/candidate/dashboard/applications')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a job that closed meanwhile says so and shows the open jobs', async () => {
    signIn()
    routeFetch(table())
    renderRoutes(candidateRoutes, `/candidate/dashboard/jobs?apply=${GONE}`)
    expect(await screen.findByText('That job is no longer taking applications. Here are the jobs that are open now.')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('a session the server ends while applying goes back to sign in, saying why, and the dialog opens again after', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    signIn()
    const token = makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, iat: 1 })
    const calls = routeFetch({
      ...table(),
      'POST /api/applications/submit': () => ({ status: 401, body: { error: 'Your session has ended. Please sign in again.' } }),
      'POST /api/auth/candidate/login': () => ({ body: { token, user: { id: 'u1', name: 'Jane Citizen' } } }),
    })
    const { router } = renderRoutes(candidateRoutes, '/candidate/dashboard/jobs')
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Now for Data Engineer' }))
    // the open dialog's job is in the address, where the guard can keep it
    await waitFor(() => expect(router.state.location.search).toBe(`?apply=${DATA}`))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit Application' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    expect(router.state.location.search).toBe(`?apply=${DATA}`)
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy()
    expect(screen.queryByText('Failed to submit application. Please try again.')).toBeNull()
    expect(localStorage.getItem('authToken')).toBeNull()

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByRole('dialog', { name: 'Apply for Data Engineer' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/candidate/dashboard/jobs')
    expect(calls.filter((c) => c.key === 'POST /api/applications/submit')).toHaveLength(1)
  })

  it('ignores anything that is not a job id (no redirect, no dialog, no notice)', async () => {
    routeFetch(table())
    const signedOut = renderRoutes(candidateRoutes, '/candidate/dashboard/jobs?apply=https%3A%2F%2Fevil.example')
    await waitFor(() => expect(signedOut.router.state.location.pathname).toBe('/candidate/login'))
    // no job rides along; the only thing carried is the portal page itself, to come back to
    const carried = new URLSearchParams(signedOut.router.state.location.search)
    expect([...carried.keys()]).toEqual(['to'])
    expect(carried.get('to')?.startsWith('/candidate/dashboard/jobs?')).toBe(true)
    expect(screen.queryByText(/Sign in to apply for/)).toBeNull()
    signedOut.unmount()
    signIn()
    renderRoutes(candidateRoutes, '/candidate/login?apply=%2F%2Fevil.example')
    await screen.findByRole('heading', { name: 'React Developer' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByText(/no longer taking applications/)).toBeNull()
  })
})
