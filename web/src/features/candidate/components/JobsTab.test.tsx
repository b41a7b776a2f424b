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
