import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { boardJob } from '../../../testing/boardJob'
import { freshEachTest, renderRoutes, routeFetch, storeSession, type RouteAnswer } from '../../../testing/harness'
import { JobsTab } from './JobsTab'

const table: Record<string, RouteAnswer> = {
  'GET /api/admin/jobs/job-board': { body: [boardJob('j1', 'React Developer')] },
  'GET /api/reference/locations': { body: { data: [] } },
  'GET /api/reference/salary-ranges': { body: { data: [] } },
  'GET /api/applications/my-applications': { body: [] },
  'GET /api/documents': { body: { documents: [] } },
  'GET /api/candidate/saved-jobs': { body: { saved_jobs: [] } },
  'POST /api/applications/submit': { status: 201, body: { id: 'a1', message: 'ok' } },
}

describe('Browse Jobs: after applying', () => {
  freshEachTest(() => storeSession('candidate', { name: 'Jane Citizen' }))
  afterEach(() => vi.useRealTimers())

  it('says what happens next under the success message, and keeps it (with the way to My Applications) once the message clears', async () => {
    routeFetch(table)
    renderRoutes([{ path: '/candidate/dashboard/jobs', element: <JobsTab /> }], '/candidate/dashboard/jobs')
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Now for React Developer' }))
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit Application' }))

    const success = await screen.findByText('Application submitted successfully')
    const next = screen.getByText(/emailed you a copy/)
    expect(success.nextElementSibling).toBe(next)
    expect(next.textContent).toBe(
      'We’ve emailed you a copy of your React Developer application. Each step shows in My Applications and your notifications, and if they book an interview we’ll email you the invitation. See it in My Applications.',
    )
    expect(within(next).getByRole('link', { name: 'See it in My Applications' }).getAttribute('href')).toBe('/candidate/dashboard/applications')
    // the button that opened the dialog is now disabled: the focus goes to the confirmation instead
    expect((screen.getByRole('button', { name: 'Applied Successfully' }) as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(document.activeElement).toBe(next))

    act(() => vi.advanceTimersByTime(4000))
    await waitFor(() => expect(screen.queryByText('Application submitted successfully')).toBeNull())
    expect(screen.getByRole('link', { name: 'See it in My Applications' })).toBeTruthy()
  })

  it('says nothing of next steps before anything is applied for', async () => {
    routeFetch(table)
    renderRoutes([{ path: '/candidate/dashboard/jobs', element: <JobsTab /> }], '/candidate/dashboard/jobs')
    await screen.findByRole('button', { name: 'Apply Now for React Developer' })
    expect(screen.queryByText(/emailed you a copy/)).toBeNull()
  })
})

describe('Browse Jobs: a job whose application was withdrawn', () => {
  freshEachTest(() => storeSession('candidate', { name: 'Jane Citizen' }))

  const application = (jobId: string, withdrawnAt: string | null) => ({
    id: `app-${jobId}`,
    job_id: jobId,
    job_title: 'React Developer',
    company: 'Acme',
    status: 'pending',
    created_at: '2026-11-03T10:00:00Z',
    last_updated: '2026-11-03T10:00:00Z',
    interviews: [],
    progress: 'submitted',
    withdrawn_at: withdrawnAt,
  })
  const withApplications = (apps: ReturnType<typeof application>[]) =>
    routeFetch({
      ...table,
      'GET /api/admin/jobs/job-board': { body: [boardJob('j1', 'React Developer'), boardJob('j2', 'Rust Engineer')] },
      'GET /api/applications/my-applications': { body: apps },
    })
  const card = (title: string) => screen.getByRole('link', { name: title }).closest('li')!

  it('says Withdrawn on the card and in place of Apply Now, not Applied', async () => {
    withApplications([application('j1', '2026-11-29T01:00:00Z')])
    renderRoutes([{ path: '/candidate/dashboard/jobs', element: <JobsTab /> }], '/candidate/dashboard/jobs')
    await screen.findByRole('button', { name: 'Apply Now for Rust Engineer' })
    await waitFor(() => expect(within(card('React Developer')).queryByRole('button', { name: 'Apply Now for React Developer' })).toBeNull())
    const withdrawn = within(card('React Developer'))
    expect(withdrawn.getByText('Withdrawn', { selector: '.badge' }).className).toContain('badge-neutral')
    expect((withdrawn.getByRole('button', { name: 'Withdrawn' }) as HTMLButtonElement).disabled).toBe(true)
    expect(withdrawn.queryByText('Applied')).toBeNull()
    expect(withdrawn.queryByText('Applied Successfully')).toBeNull()
  })

  it('keeps Applied and Applied Successfully for an application still live', async () => {
    withApplications([application('j1', null), application('j2', '2026-11-29T01:00:00Z')])
    renderRoutes([{ path: '/candidate/dashboard/jobs', element: <JobsTab /> }], '/candidate/dashboard/jobs')
    await screen.findByRole('button', { name: 'Applied Successfully' })
    const live = within(card('React Developer'))
    expect(live.getByText('Applied', { selector: '.badge' }).className).toContain('badge-success')
    expect(live.queryByText('Withdrawn')).toBeNull()
    expect(within(card('Rust Engineer')).getByRole('button', { name: 'Withdrawn' })).toBeTruthy()
  })

  it('says Withdrawn in the saved jobs too, with no Apply Now', async () => {
    routeFetch({
      ...table,
      'GET /api/applications/my-applications': { body: [application('j1', '2026-11-29T01:00:00Z')] },
      'GET /api/candidate/saved-jobs': {
        body: {
          limit: 200,
          saved_jobs: [{ job_id: 'j1', title: 'React Developer', company: 'Acme', location: 'Sydney NSW', type: 'Full-time', salary: '', status: 'open', saved_at: '2026-11-01T00:00:00Z', expires_at: null }],
        },
      },
    })
    renderRoutes([{ path: '/candidate/dashboard/jobs', element: <JobsTab /> }], '/candidate/dashboard/jobs?view=saved')
    await waitFor(() => expect(screen.getAllByText('Withdrawn', { selector: '.badge' })).toHaveLength(1))
    expect(screen.queryByRole('button', { name: 'Apply Now for React Developer' })).toBeNull()
    expect(screen.queryByText('Applied', { selector: '.badge' })).toBeNull()
  })
})
