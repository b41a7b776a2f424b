import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { RealtimeProvider } from '../../../lib/realtime/RealtimeProvider'
import { socket } from '../../../testing/fakeSocket'
import { freshEachTest, renderRoutes, routeFetch, storeSession, type RouteReply } from '../../../testing/harness'
import ApplicationsPage from './ApplicationsPage'
import JobsPage from './JobsPage'
import ProjectionsPage from './ProjectionsPage'

vi.mock('socket.io-client', () => import('../../../testing/fakeSocket'))

const job = {
  id: 'j1',
  title: 'Data Engineer',
  company: 'Wattle Analytics',
  employer_id: 'e1',
  status: 'open',
  location: 'Sydney, NSW',
  specialisation: 'BI + Data Analytics',
  applications: 3,
  posted_at: '2026-01-05T00:00:00Z',
  closes_at: null,
  closed_reason: null as string | null,
  closed_by_agency: false,
}

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', role: 'admin' }, { role: 'admin' }))
beforeEach(() => socket.reset())

describe('jobs across clients', () => {
  it('asks for a reason, closes the job, and shows the reason on its row', async () => {
    let closed = false
    const calls = routeFetch({
      'GET /api/admin/jobs': () => ({ body: [closed ? { ...job, status: 'closed', closed_reason: 'Duplicate listing', closed_by_agency: true } : job] }),
      'GET /api/admin/employers': () => ({ body: [{ id: 'e1', name: 'Grace', email: 'g@example.com', company: 'Wattle Analytics', status: 'active' }] }),
      'POST /api/admin/jobs/j1/close': (init) => {
        const { reason } = JSON.parse(String(init?.body))
        if (!reason) return { status: 422, body: { error: 'Please give a reason' } }
        closed = true
        return { body: { message: 'Job closed' } }
      },
    })
    renderRoutes([{ path: '/dashboard/jobs', element: <JobsPage /> }], '/dashboard/jobs')
    fireEvent.click(await screen.findByRole('button', { name: 'Close Data Engineer' }))
    const dialog = screen.getByRole('dialog', { name: 'Close Data Engineer' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close job' }))
    expect(await within(dialog).findByText('Please give a reason')).toBeTruthy()
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false)

    fireEvent.change(within(dialog).getByLabelText('Reason for closing'), { target: { value: '  Duplicate listing ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close job' }))
    expect(await screen.findByText('Reason: Duplicate listing')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.find((c) => c.key === 'POST /api/admin/jobs/j1/close')?.body).toEqual({ reason: 'Duplicate listing' })
  })

  it('reads a draft as created, not posted', async () => {
    routeFetch({
      'GET /api/admin/jobs': () => ({
        body: [
          job,
          { ...job, id: 'j2', title: 'Cloud Architect', status: 'draft', applications: 0, posted_at: '2026-11-29T02:00:00Z' },
        ],
      }),
      'GET /api/admin/employers': () => ({ body: [] }),
    })
    renderRoutes([{ path: '/dashboard/jobs', element: <JobsPage /> }], '/dashboard/jobs')
    const table = await screen.findByRole('table', { name: 'Jobs across clients' })
    const draft = within(table).getByText('Cloud Architect').closest('tr')!
    expect(within(draft).getByText('Draft, created 29 Nov 2026')).toBeTruthy()
    expect(within(draft).queryByText(/^Posted/)).toBeNull()
    const live = within(table).getByText('Data Engineer').closest('tr')!
    expect(within(live).getByText('Posted 5 Jan 2026')).toBeTruthy()
  })

  it('keeps the filters in the address bar and sends them to the server', async () => {
    const calls = routeFetch({
      'GET /api/admin/jobs?status=closed&q=data': () => ({ body: [] }),
      'GET /api/admin/employers': () => ({ body: [] }),
    })
    const { router } = renderRoutes([{ path: '/dashboard/jobs', element: <JobsPage /> }], '/dashboard/jobs?status=closed&q=data')
    expect(await screen.findByText('No jobs match')).toBeTruthy()
    expect(calls.map((c) => c.key)).toContain('GET /api/admin/jobs?status=closed&q=data')
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear the filters' })[0])
    expect(router.state.location.search).toBe('')
  })
})

/** One application as GET /api/admin/applications answers it. */
const row = {
  id: 'a1',
  job_id: 'j1',
  job_title: 'Data Engineer',
  company: 'Wattle Analytics',
  employer_id: 'e1',
  candidate_id: 'c1',
  candidate_name: 'Priya Raman',
  candidate_email: 'priya.raman@example.com',
  stage: 'interview',
  specialisation: 'BI + Data Analytics',
  applied_at: '2026-01-06T00:00:00Z',
  updated_at: '2026-01-07T00:00:00Z',
  withdrawn_at: null,
}

describe('one job’s applications', () => {
  const application = row

  it('goes from a job’s row in Jobs to its applications, named, with the job’s history and the way back', async () => {
    const calls = routeFetch({
      'GET /api/admin/jobs': () => ({ body: [job] }),
      'GET /api/admin/employers': () => ({ body: [] }),
      'GET /api/admin/applications?job_id=j1': () => ({ body: [application] }),
      'GET /api/admin/applications': () => ({ body: [application, { ...application, id: 'a2', job_id: 'j2', job_title: 'Analyst' }] }),
    })
    const { router } = renderRoutes(
      [
        { path: '/dashboard/jobs', element: <JobsPage /> },
        { path: '/dashboard/applications', element: <ApplicationsPage /> },
      ],
      '/dashboard/jobs',
    )
    fireEvent.click(await screen.findByRole('link', { name: '3 applications for Data Engineer' }))
    expect(await screen.findByText(/Showing the applications for/)).toBeTruthy()
    expect(router.state.location.search).toBe('?job=j1')
    expect(calls.map((c) => c.key)).toContain('GET /api/admin/applications?job_id=j1')
    const line = screen.getByText(/Showing the applications for/)
    expect(line.textContent).toContain('Showing the applications for Data Engineer at Wattle Analytics.')
    expect(within(line).getByRole('link', { name: 'The job’s history' }).getAttribute('href')).toBe('/dashboard/audit/streams/job-j1')

    fireEvent.click(within(line).getByRole('button', { name: 'Every job' }))
    expect(await screen.findByRole('link', { name: 'Every application for Analyst at Wattle Analytics' })).toBeTruthy()
    expect(router.state.location.search).toBe('')
    expect(screen.queryByText(/Showing the applications for/)).toBeNull()
  })
})

describe('applications across clients', () => {
  const application = { ...row, candidate_name: 'Jane Morrison', candidate_email: 'jane.morrison@example.com', stage: 'new' }

  it('tells apart two candidates of the same name by their email, and shows no email of an erased one', async () => {
    routeFetch({
      'GET /api/admin/applications': () => ({
        body: [
          application,
          { ...application, id: 'a2', candidate_id: 'c2', candidate_email: 'jmorrison@example.net' },
          { ...application, id: 'a3', candidate_id: 'c3', candidate_name: '[erased]', candidate_email: '[erased]' },
        ],
      }),
      'GET /api/admin/employers': () => ({ body: [] }),
    })
    renderRoutes([{ path: '/dashboard/applications', element: <ApplicationsPage /> }], '/dashboard/applications')
    const table = await screen.findByRole('table', { name: 'Applications across clients' })
    const [first, second, erased] = within(table).getAllByRole('row').slice(1)
    expect(within(first).getByRole('link', { name: 'Jane Morrison' }).getAttribute('href')).toBe('/dashboard/candidates/c1')
    expect(within(first).getByTitle('jane.morrison@example.com').textContent).toBe('jane.morrison@example.com')
    expect(within(second).getByRole('link', { name: 'Jane Morrison' }).getAttribute('href')).toBe('/dashboard/candidates/c2')
    expect(within(second).getByTitle('jmorrison@example.net').textContent).toBe('jmorrison@example.net')
    expect(erased.textContent).not.toContain('[erased]')
  })

  it('says of a rejected application the stage it was rejected from and the client’s reason, and nothing of the kind for others', async () => {
    routeFetch({
      'GET /api/admin/applications': () => ({
        body: [
          { ...application, stage: 'rejected', rejected_from: 'interview', rejection_reason: 'salary', rejection_reason_label: 'Salary expectations' },
          { ...application, id: 'a2', candidate_id: 'c2', candidate_name: 'Sam Lee', candidate_email: 'sam.lee@example.com', stage: 'screening' },
        ],
      }),
      'GET /api/admin/employers': () => ({ body: [] }),
    })
    renderRoutes([{ path: '/dashboard/applications', element: <ApplicationsPage /> }], '/dashboard/applications')
    const table = await screen.findByRole('table', { name: 'Applications across clients' })
    const [rejected, screening] = within(table).getAllByRole('row').slice(1)
    // the eye reads "At Interview · Salary expectations"; a screen reader hears which is the reason
    const line = within(rejected).getByText('At Interview · Salary expectations')
    expect(line.textContent).toBe('At Interview · Reason: Salary expectations')
    expect(within(line).getByText('Reason:').className).toBe('visually-hidden')
    expect(within(screening).queryByText(/^At /)).toBeNull()
  })

  it('lets an email break only at its @, never mid-word, and keeps the whole address in a tooltip', async () => {
    routeFetch({
      'GET /api/admin/applications': () => ({ body: [{ ...application, candidate_name: 'Tom Gallagher', candidate_email: 'tom.gallagher@example.com' }] }),
      'GET /api/admin/employers': () => ({ body: [] }),
    })
    renderRoutes([{ path: '/dashboard/applications', element: <ApplicationsPage /> }], '/dashboard/applications')
    const table = await screen.findByRole('table', { name: 'Applications across clients' })
    const email = within(table).getByTitle('tom.gallagher@example.com')
    // two unbreakable parts, a break allowed only between them
    expect([...email.querySelectorAll('.ops-email-part')].map((p) => p.textContent)).toEqual(['tom.gallagher', '@example.com'])
    expect(email.querySelector('wbr')).not.toBeNull()
  })

  it('reads a withdrawn application as Withdrawn, the stage it was at in small', async () => {
    routeFetch({
      'GET /api/admin/applications': () => ({
        body: [
          { ...application, stage: 'new', withdrawn_at: '2026-11-29T02:00:00Z' },
          { ...application, id: 'a2', candidate_id: 'c2', candidate_name: 'Sam Lee', candidate_email: 'sam.lee@example.com', stage: 'new' },
        ],
      }),
      'GET /api/admin/employers': () => ({ body: [] }),
    })
    renderRoutes([{ path: '/dashboard/applications', element: <ApplicationsPage /> }], '/dashboard/applications')
    const table = await screen.findByRole('table', { name: 'Applications across clients' })
    const [withdrawn, open] = within(table).getAllByRole('row').slice(1)
    const stage = (row: HTMLElement) => row.querySelector('td[data-label="Stage"]')!
    const badges = (row: HTMLElement) => [...stage(row).querySelectorAll('.badge')].map((b) => b.textContent)
    expect(badges(withdrawn)).toEqual(['Withdrawn'])
    expect(stage(withdrawn).textContent).toBe('WithdrawnAt New · 29 Nov 2026')
    expect(badges(open)).toEqual(['New'])
    expect(stage(open).textContent).not.toContain('Withdrawn')
  })

  it('shows the name alone when the server sends no email', async () => {
    routeFetch({ 'GET /api/admin/applications': () => ({ body: [{ ...application, candidate_email: undefined }] }), 'GET /api/admin/employers': () => ({ body: [] }) })
    renderRoutes([{ path: '/dashboard/applications', element: <ApplicationsPage /> }], '/dashboard/applications')
    const table = await screen.findByRole('table', { name: 'Applications across clients' })
    expect(within(table).getByRole('link', { name: 'Jane Morrison' })).toBeTruthy()
    expect(within(table).queryByText(/@/)).toBeNull()
  })
})

describe('projections', () => {
  const status = {
    projectors: [{ name: 'job_board', status: 'live', last_position: 10, events_seen: 10, lag: 0, last_error: null, failing_since: null, attempts: 0, updated_at: null }],
    rebuild: null,
  }

  /** Opens the projections screen and starts a rebuild of the job board, which the server answers with `answer`. */
  const startRebuild = async (answer: RouteReply) => {
    routeFetch({
      'GET /api/admin/projections': () => ({ body: status }),
      'POST /api/admin/projections/job_board/rebuild': answer,
    })
    // the workspace's socket, as AdminWorkspace puts it around every screen
    renderRoutes([{ path: '/', element: <RealtimeProvider role="admin" token="t"><ProjectionsPage /></RealtimeProvider> }], '/')
    fireEvent.click(await screen.findByRole('button', { name: 'Rebuild job board' }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Start the rebuild' }))
  }

  it('says clearly when a rebuild is already running', async () => {
    await startRebuild({ status: 409, body: { error: 'A rebuild is already running' } })
    expect((await screen.findByRole('alert')).textContent).toContain('A rebuild is already running')
  })

  it('shows the rebuild’s progress live from the socket, to done', async () => {
    await startRebuild({ status: 202, body: { message: 'Rebuild of job_board started' } })
    await screen.findByText('Rebuild of job_board started')
    expect(socket.options).toMatchObject({ auth: { user_type: 'admin' } })
    act(() => socket.fire('rebuild_progress', { name: 'job_board', done: 250, total: 1000, finished: false, error: null }))
    const bar = await screen.findByRole('progressbar', { name: 'Rebuild of job board' })
    expect(bar.getAttribute('aria-valuenow')).toBe('25')
    act(() => socket.fire('rebuild_progress', { name: 'job_board', done: 1000, total: 1000, finished: true, error: null }))
    expect(await screen.findByText('Rebuilt: 1,000 events replayed')).toBeTruthy()
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
  })
})
