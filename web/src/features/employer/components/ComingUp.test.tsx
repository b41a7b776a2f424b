import type { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderRoutes, routeFetch } from '../../../testing/harness'
import { employerKeys } from '../api/keys'
import { employerJob, freshEmployerTestAt, TUESDAY_MORNING, upcomingInterview } from '../employer.fixtures'
import type { UpcomingInterview } from '../types'
import JobsPage from './JobsPage'

// Tuesday 20 January 2099, 8:00 am in Sydney
freshEmployerTestAt(TUESDAY_MORNING)

const job = employerJob()

const interview = (id: string, starts_at: string, candidate_name: string | null = 'Chloe Martin'): UpcomingInterview =>
  upcomingInterview({ id, application_id: `a-${id}`, job_title: 'Data Engineer', candidate_name, starts_at, location: 'Level 4' })

function openJobs(interviews: UpcomingInterview[]) {
  routeFetch({ 'GET /api/employer/jobs': { body: [job] }, 'GET /api/employer/interviews': { body: interviews } })
  return renderRoutes(
    [
      { path: '/dashboard', element: <JobsPage /> },
      { path: '/dashboard/interviews', element: <p>All interviews</p> },
    ],
    '/dashboard',
  )
}

/** Waits until the interviews have answered (or failed), so that nothing shown is nothing to show. */
const interviewsSettled = (client: QueryClient, status: 'success' | 'error') =>
  waitFor(() => expect(client.getQueryState(employerKeys.interviews())?.status).toBe(status))

describe('the Jobs page’s coming up summary', () => {
  it('names the next interview and how many more begin in the next 7 days, with the way to them all', async () => {
    openJobs([
      interview('i1', '2099-01-20T03:00:00Z'), // today, 2:00 pm
      interview('i2', '2099-01-20T22:00:00Z', 'Sam Lee'), // tomorrow
      interview('i3', '2099-01-24T23:00:00Z', 'Ari Cohen'), // Sunday, within the week
      interview('i4', '2099-02-10T23:00:00Z', 'Jo Park'), // weeks away: not counted
    ])
    const summary = await screen.findByRole('region', { name: 'Coming up' })
    expect(within(summary).getByText(/^Next interview:/).textContent).toBe('Next interview: Today, 2:00 pm with Chloe Martin for Data Engineer')
    expect(within(summary).getByRole('link', { name: 'Chloe Martin' }).getAttribute('href')).toBe('/dashboard/applicants/a-i1')
    expect(within(summary).getByText('2 more in the next 7 days')).toBeTruthy()
    // the jobs table is still there beneath it
    expect(screen.getByRole('link', { name: 'Senior Rust Engineer' })).toBeTruthy()
    fireEvent.click(within(summary).getByRole('link', { name: 'See all interviews' }))
    expect(await screen.findByText('All interviews')).toBeTruthy()
  })

  it('with one interview: no count of more, and an erased applicant reads as such', async () => {
    openJobs([interview('i1', '2099-01-20T22:00:00Z', '[erased]')])
    const summary = await screen.findByRole('region', { name: 'Coming up' })
    expect(within(summary).getByText(/^Next interview:/).textContent).toBe('Next interview: Tomorrow, 9:00 am with Erased person for Data Engineer')
    expect(within(summary).queryByText(/more in the next 7 days/)).toBeNull()
    expect(summary.textContent).not.toContain('[erased]')
  })

  it('shows nothing when no interview is booked', async () => {
    const { client } = openJobs([])
    expect(await screen.findByRole('link', { name: 'Senior Rust Engineer' })).toBeTruthy()
    await interviewsSettled(client, 'success')
    expect(screen.queryByRole('region', { name: 'Coming up' })).toBeNull()
    expect(screen.queryByText('See all interviews')).toBeNull()
  })

  it('shows nothing when the interviews do not load, and the jobs still do', async () => {
    routeFetch({ 'GET /api/employer/jobs': { body: [job] }, 'GET /api/employer/interviews': { status: 503, body: { error: 'Try again shortly' } } })
    const { client } = renderRoutes([{ path: '/dashboard', element: <JobsPage /> }], '/dashboard')
    expect(await screen.findByRole('link', { name: 'Senior Rust Engineer' })).toBeTruthy()
    await interviewsSettled(client, 'error')
    expect(screen.queryByRole('region', { name: 'Coming up' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
