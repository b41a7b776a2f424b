import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import type { Job } from '../types'
import JobBoardPage from './JobBoardPage'
import JobDetailPage from './JobDetailPage'

const JOB = '0b9c6f1e-3a57-4c1d-8e2f-5a6b7c8d9e01'
const MINE = 'GET /api/applications/my-applications'

const job: Job = {
  id: JOB,
  title: 'Platform Engineer',
  company: 'Acme',
  location: 'Sydney, NSW',
  location_id: 'syd',
  type: 'Full-time',
  salary: '$150k',
  salary_range_id: 'sr-a',
  description: 'Build the platform.',
  responsibilities: ['Ship features'],
  requirements: ['TypeScript'],
  created_at: '2026-10-01T00:00:00Z',
  expires_at: null,
  status: 'open',
  specialisation: 'Development + Testing',
}

function answer(applications: unknown[]) {
  return routeFetch({
    [`GET /api/jobs/${JOB}`]: { body: job },
    'GET /api/reference/salary-ranges': { body: { data: [] } },
    'GET /api/reference/locations': { body: { data: [{ id: 'syd', display_name: 'Sydney' }] } },
    'GET /api/admin/jobs/job-board': { body: [job] },
    'GET /api/candidate/saved-jobs': { body: { saved_jobs: [] } },
    [MINE]: { body: applications },
  })
}

const renderPage = () => renderRoutes([{ path: '/jobs/:id', Component: JobDetailPage }], `/jobs/${JOB}`)

describe('JobDetailPage: Apply Now, or the application already made', () => {
  freshEachTest()

  it('signed out, every Apply Now goes to the candidate login and nothing asks about applications', async () => {
    const calls = answer([])
    renderPage()
    await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' })
    const links = screen.getAllByRole('link', { name: 'Apply Now' })
    expect(links).toHaveLength(3)
    links.forEach((a) => expect(a.getAttribute('href')).toBe(`/candidate/login?apply=${JOB}`))
    expect(calls.map((c) => c.key)).not.toContain(MINE)
  })

  it('signed in and applied, each Apply Now becomes the date and a link to My Applications, from one request', async () => {
    storeSession('candidate', { name: 'Jane Citizen' })
    const calls = answer([{ job_id: JOB, job_title: job.title, company: 'Acme', status: 'pending', created_at: '2026-11-03T10:00:00Z' }])
    renderPage()
    await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' })
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'View your application' })).toHaveLength(3))
    expect(screen.queryByRole('link', { name: 'Apply Now' })).toBeNull()
    expect(screen.getAllByText('3 Nov 2026').map((t) => t.closest('.job-applied-status')?.textContent)).toEqual(Array(3).fill('Applied on 3 Nov 2026'))
    expect(calls.filter((c) => c.key === MINE)).toHaveLength(1)
  })
})

describe('JobDetailPage: back to the search the person came from', () => {
  freshEachTest()
  const routes = [
    { path: '/jobs/find', Component: JobBoardPage },
    { path: '/jobs/:id', Component: JobDetailPage },
  ]
  const back = (name = 'Back to all jobs') => screen.getByRole('link', { name }).getAttribute('href')

  it("from the board, returns to its search (carried in history state, not in the job page's address)", async () => {
    answer([])
    const { router } = renderRoutes(routes, '/jobs/find?title=platform&location=Sydney&sort=salary')
    const title = await screen.findByRole('link', { name: 'Platform Engineer' })
    const search = `${router.state.location.pathname}${router.state.location.search}`
    expect(search).toBe('/jobs/find?title=platform&location=Sydney&sort=salary')
    fireEvent.click(title)
    await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' })
    expect(router.state.location.pathname).toBe(`/jobs/${JOB}`)
    expect(router.state.location.search).toBe('')
    expect(back('Back to search results')).toBe(search)
  })

  it('opened directly, goes to the plain board', async () => {
    answer([])
    renderPage()
    await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' })
    expect(back()).toBe('/jobs/find')
  })

  it('ignores state that is not a board address', async () => {
    answer([])
    const { router } = renderRoutes(routes, '/jobs/find')
    await screen.findByRole('link', { name: 'Platform Engineer' })
    await act(() => router.navigate(`/jobs/${JOB}`, { state: { fromSearch: 'https://evil.example/jobs/find?title=x' } }))
    await screen.findByRole('heading', { level: 1, name: 'Platform Engineer' })
    expect(back()).toBe('/jobs/find')
  })
})
