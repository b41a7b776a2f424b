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

describe('Browse Jobs: Apply Now from the job ad (?apply=) keeps that job in view', () => {
  freshEachTest(() => storeSession('candidate', { name: 'Jane Citizen' }))

  const GRAD = '0b9c6f1e-3a57-4c1d-8e2f-5a6b7c8d9e01'
  const REACT = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'
  const LONG = 'Join a small team building the tools our clients use every day. '.repeat(4).trim()
  const graduate = boardJob(GRAD, 'Graduate Software Developer', { description: LONG, created_at: '2025-01-01T00:00:00Z' })
  const sentApplication = (jobId: string, title: string) => ({
    id: `app-${jobId}`,
    job_id: jobId,
    job_title: title,
    company: 'Acme',
    status: 'pending',
    progress: 'received',
    interviews: [],
    created_at: '2026-11-03T10:00:00Z',
  })

  /**
   * The board, with the candidate's applications as the server keeps them: none until the submit,
   * then the one just sent. With `race`, the refetch after the submit that comes last (the
   * documents') is held back a moment, so the applications come back, naming the new one, while
   * the dialog still waits for the submit to finish: the order the persona walk met two times in three.
   */
  function board({ jobs = [graduate, boardJob(REACT, 'React Developer', { created_at: '2025-02-01T00:00:00Z' })], race = false } = {}) {
    let sent: { jobId: string; title: string } | null = null
    const calls = routeFetch({
      ...table,
      'GET /api/admin/jobs/job-board': { body: jobs },
      'GET /api/applications/my-applications': () => ({ body: sent ? [sentApplication(sent.jobId, sent.title)] : [] }),
      'POST /api/applications/submit': (init) => {
        const jobId = (JSON.parse(String(init?.body)) as { jobId: string }).jobId
        sent = { jobId, title: jobs.find((j) => j.id === jobId)!.title }
        return { status: 201, body: { id: `app-${jobId}`, message: 'ok' } }
      },
    })
    if (race) {
      const answer = globalThis.fetch
      vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
        if (sent && url === '/api/documents') await new Promise((r) => setTimeout(r, 150))
        return answer(url, init)
      })
    }
    return calls
  }
  const open = (path: string) => renderRoutes([{ path: '/candidate/dashboard/jobs', element: <JobsTab /> }], path)
  const already = () => screen.queryByText(/already applied/)

  it("shows the job's own card first, in full, while its dialog is open (even when the list has it on another page)", async () => {
    const others = Array.from({ length: 11 }, (_, i) =>
      boardJob(`2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e${String(i).padStart(2, '0')}`, `Other Job ${i + 1}`, { created_at: '2025-03-01T00:00:00Z' }),
    )
    board({ jobs: [...others, graduate] })
    open(`/candidate/dashboard/jobs?apply=${GRAD}`)
    expect(await screen.findByRole('dialog', { name: 'Apply for Graduate Software Developer' })).toBeTruthy()
    const applyingFor = screen.getByRole('region', { name: "You're applying for" })
    expect(within(applyingFor).getByRole('heading', { name: 'Graduate Software Developer' })).toBeTruthy()
    // in full: the whole description, and the toggle offers less
    expect(within(applyingFor).getByText(LONG)).toBeTruthy()
    expect(within(applyingFor).getByRole('button', { name: 'Show Less' })).toBeTruthy()
    // above the list, which is left as it is (the job is on its second page)
    const list = screen.getByRole('link', { name: 'Other Job 1' }).closest('ul')!
    expect(applyingFor.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(list).queryByText('Graduate Software Developer')).toBeNull()
  })

  it('after sending, names the job and leads back to its ad and on to My Applications, with no "already applied" beside it', async () => {
    board({ race: true })
    const { router } = open(`/candidate/dashboard/jobs?apply=${GRAD}`)
    const dialog = await screen.findByRole('dialog', { name: 'Apply for Graduate Software Developer' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }))

    expect(await screen.findByText('Application submitted successfully')).toBeTruthy()
    expect(already()).toBeNull()
    const sent = screen.getByText(/Application sent for Graduate Software Developer at Acme/).closest('[role="status"]')!
    expect(within(sent as HTMLElement).getByRole('link', { name: 'Back to the job ad' }).getAttribute('href')).toBe(`/jobs/${GRAD}`)
    expect(within(sent as HTMLElement).getByRole('link', { name: 'Track it in My Applications' }).getAttribute('href')).toBe('/candidate/dashboard/applications')
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(router.state.location.search).toBe(''))
    // the applications are in (the card says Applied), and still only the one message
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Applied Successfully' }).length).toBeGreaterThan(0))
    expect(already()).toBeNull()
  })

  it('Apply Now in the list: the applications coming back before the dialog closes do not say "already applied" either', async () => {
    board({ race: true })
    open('/candidate/dashboard/jobs')
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Now for React Developer' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText('Application submitted successfully')).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Applied Successfully' })).toBeTruthy())
    expect(already()).toBeNull()
    // not from an ad: the usual next steps, no way "back" to an ad never read
    expect(screen.getByRole('link', { name: 'See it in My Applications' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Back to the job ad' })).toBeNull()
  })

  it('Cancel closes the dialog and keeps the way back to the ad at the top, with the card to apply from again', async () => {
    board()
    const { router } = open(`/candidate/dashboard/jobs?apply=${GRAD}`)
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(screen.queryByRole('dialog')).toBeNull()
    const top = screen.getByRole('region', { name: 'The job you were looking at' })
    expect(within(top).getByRole('link', { name: 'Back to the job ad' }).getAttribute('href')).toBe(`/jobs/${GRAD}`)
    fireEvent.click(within(top).getByRole('button', { name: 'Apply Now for Graduate Software Developer' }))
    expect(await screen.findByRole('dialog', { name: 'Apply for Graduate Software Developer' })).toBeTruthy()
  })

  it('a job already applied for on arrival still says so, with no dialog and no card on top', async () => {
    routeFetch({
      ...table,
      'GET /api/admin/jobs/job-board': { body: [graduate] },
      'GET /api/applications/my-applications': { body: [sentApplication(GRAD, 'Graduate Software Developer')] },
    })
    open(`/candidate/dashboard/jobs?apply=${GRAD}`)
    expect(await screen.findByText(/You've already applied for Graduate Software Developer/)).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('region', { name: "You're applying for" })).toBeNull()
  })
})
