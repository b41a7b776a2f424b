import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { freshEachTest, renderRoutes, storeSession } from '../../../testing/harness'
import type { Job } from '../types'
import JobBoardPage from './JobBoardPage'

const DAY = 24 * 60 * 60 * 1000

function makeJob(i: number, overrides: Partial<Job> = {}): Job {
  return {
    id: `job-${i}`,
    title: `Engineer ${i}`,
    company: 'Acme',
    location: i % 2 ? 'Sydney, NSW' : 'Melbourne, VIC',
    location_id: i % 2 ? 'syd' : 'mel',
    type: i % 3 ? 'Full-time' : 'Contract',
    salary: i === 1 ? '' : '$120k',
    salary_range_id: i % 2 ? 'sr-a' : 'sr-b',
    description: `Job ${i}. ${'Detailed description. '.repeat(12)}`,
    responsibilities: ['Ship features'],
    requirements: ['TypeScript'],
    created_at: '2025-01-01T00:00:00Z',
    expires_at: null,
    status: 'open',
    specialisation: 'Development + Testing',
    ...overrides,
  }
}

let jobs: Job[] = []
let jobResponse: () => Response
let locations: { id: string; display_name: string }[] = []

const renderBoard = (path = '/jobs/find') => renderRoutes([{ path: '/jobs/find', Component: JobBoardPage }], path)

describe('JobBoardPage', () => {
  freshEachTest()
  beforeEach(() => {
    jobs = Array.from({ length: 12 }, (_, i) => makeJob(i + 1))
    jobResponse = () => new Response(JSON.stringify(jobs), { status: 200 })
    locations = [{ id: 'syd', display_name: 'Sydney' }]
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/reference/locations')
          return new Response(JSON.stringify({ data: locations }), { status: 200 })
        if (url === '/api/reference/salary-ranges')
          return new Response(JSON.stringify({ data: [{ id: 'sr-a', display_name: '$100k - $130k' }] }), { status: 200 })
        return jobResponse()
      }),
    )
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
  })
  afterEach(() => vi.restoreAllMocks())

  it('shows five jobs per page, paginates and scrolls smoothly to the top', async () => {
    renderBoard()
    expect(await screen.findByText('12 jobs found')).toBeTruthy()
    expect(screen.getAllByRole('article')).toHaveLength(5)
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }))
    expect(screen.getAllByRole('article')).toHaveLength(2)
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull()
  })

  it("expands one card at a time and shows 'Competitive salary' when salary is empty", async () => {
    renderBoard()
    await screen.findByText('12 jobs found')
    const [first, second] = screen.getAllByRole('article')
    expect(within(first).getByText('Competitive salary')).toBeTruthy()
    fireEvent.click(within(first).getByRole('button', { name: 'Read More' }))
    expect(within(first).getByRole('button', { name: 'Show Less' })).toBeTruthy()
    fireEvent.click(within(second).getByRole('button', { name: 'Read More' }))
    expect(within(first).getByRole('button', { name: 'Read More' })).toBeTruthy()
    expect(within(second).getByRole('button', { name: 'Show Less' })).toBeTruthy()
    expect(within(second).getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe('/candidate/login')
    expect(within(second).getByRole('link', { name: 'Engineer 2' }).getAttribute('href')).toBe('/jobs/job-2')
  })

  it('applies title, location, type and salary filters, and Clear resets them', async () => {
    renderBoard()
    await screen.findByText('12 jobs found')
    await screen.findByRole('option', { name: 'Sydney' })
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Sydney' } })
    expect(screen.getByText('6 jobs found')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Salary range'), { target: { value: 'sr-a' } })
    expect(screen.getByText('6 jobs found')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Job type'), { target: { value: 'Contract' } })
    expect(screen.getByText('2 jobs found')).toBeTruthy() // jobs 3 and 9
    fireEvent.change(screen.getByLabelText('Job title'), { target: { value: 'engineer 9' } })
    expect(screen.getByText('1 job found')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(screen.getByText('12 jobs found')).toBeTruthy()
  })

  it('offers each location once per reference row, even two that share a display name', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    locations = [
      { id: 'syd', display_name: 'Sydney' },
      { id: 'syd-2', display_name: 'Sydney' },
    ]
    renderBoard()
    await screen.findByText('12 jobs found')
    await waitFor(() => expect(within(screen.getByLabelText('Location')).getAllByRole('option', { name: 'Sydney' })).toHaveLength(2))
    expect(log).not.toHaveBeenCalled()
  })

  it('hides jobs with 24 hours or less left', async () => {
    jobs = [makeJob(1, { expires_at: new Date(Date.now() + DAY - 60_000).toISOString() }), makeJob(2, { expires_at: new Date(Date.now() + 3 * DAY).toISOString() })]
    renderBoard()
    expect(await screen.findByText('1 job found')).toBeTruthy()
    expect(screen.getByText('Engineer 2')).toBeTruthy()
  })

  it('a failed or malformed response is logged and shows the empty state', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    jobResponse = () => new Response(JSON.stringify({ jobs: [] }), { status: 200 })
    renderBoard()
    expect(await screen.findByText('No jobs available')).toBeTruthy()
    expect(log).toHaveBeenCalledWith('Invalid data format', expect.anything())
  })

  it('Refresh Jobs empties the list and loads it again', async () => {
    renderBoard()
    await screen.findByText('12 jobs found')
    let release!: () => void
    jobs = jobs.slice(0, 3)
    jobResponse = () => new Response(JSON.stringify(jobs), { status: 200 })
    locations = [{ id: 'syd', display_name: 'Sydney' }]
    const gate = new Promise<void>((r) => (release = r))
    const fetchMock = vi.mocked(fetch)
    const original = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (url) => {
      await gate
      return original(url)
    })
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Jobs' }))
    await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(0))
    await act(async () => release())
    expect(await screen.findByText('3 jobs found')).toBeTruthy()
  })

  it('reads the filters, the sort and the page from the address and writes every change back', async () => {
    jobs = Array.from({ length: 12 }, (_, i) =>
      makeJob(i + 1, {
        specialisation: i < 8 ? 'Digital' : 'Executive IT',
        salary: `$${100 + i}k`,
        created_at: `2025-01-${String(10 + i).padStart(2, '0')}T00:00:00Z`,
      }),
    )
    const { router } = renderBoard('/jobs/find?specialisation=digital&sort=salary&page=2')
    expect(await screen.findByText('8 jobs found')).toBeTruthy()
    expect((screen.getByLabelText('Specialisation') as HTMLSelectElement).value).toBe('Digital')
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('salary')
    // page 2 of the eight Digital jobs by pay, highest first: jobs 3, 2, 1
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Engineer 3', 'Engineer 2', 'Engineer 1'])
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'newest' } })
    expect(router.state.location.search).toBe('?specialisation=digital')
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(router.state.location.search).toBe('?specialisation=digital&page=2')
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Digital' }))
    expect(router.state.location.search).toBe('')
    expect(screen.getByText('12 jobs found')).toBeTruthy()
  })

  it('the whole card links to the job page through its title only; Save (signed out, through sign-in) and Apply Now are its other links', async () => {
    renderBoard()
    await screen.findByText('12 jobs found')
    const card = screen.getAllByRole('article')[0]
    const links = within(card).getAllByRole('link')
    expect(links.map((a) => a.getAttribute('aria-label') ?? a.textContent)).toEqual(['Engineer 1', 'Save Engineer 1', 'Apply Now'])
    expect(links.filter((a) => a.getAttribute('href')?.startsWith('/jobs/'))).toHaveLength(1)
    expect(card.className).toContain('card-cover')
  })

  it("a signed-in candidate's card for a job they applied for says when, links to My Applications, and the board asks once", async () => {
    storeSession('candidate', { name: 'Jane Citizen' })
    const board = vi.mocked(fetch).getMockImplementation()!
    vi.mocked(fetch).mockImplementation(async (url) => {
      if (url === '/api/applications/my-applications')
        return new Response(JSON.stringify([{ job_id: 'job-2', job_title: 'Engineer 2', company: 'Acme', status: 'pending', created_at: '2026-11-03T10:00:00Z' }]), { status: 200 })
      if (url === '/api/candidate/saved-jobs') return new Response(JSON.stringify({ saved_jobs: [] }), { status: 200 })
      return board(url)
    })
    renderBoard()
    await screen.findByText('12 jobs found')
    const [first, second] = screen.getAllByRole('article')
    const view = await within(second).findByRole('link', { name: 'View your application' })
    expect(view.getAttribute('href')).toBe('/candidate/dashboard/applications')
    expect(within(second).getByText('3 Nov 2026').closest('.job-applied-status')?.textContent).toBe('Applied on 3 Nov 2026')
    expect(within(second).queryByRole('link', { name: 'Apply Now' })).toBeNull()
    expect(within(first).getByRole('link', { name: 'Apply Now' })).toBeTruthy()
    expect(within(first).queryByText(/Applied on/)).toBeNull()
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => url === '/api/applications/my-applications')).toHaveLength(1)
  })

  it('signed out, the side note asks the visitor to sign in to apply', async () => {
    renderBoard()
    await screen.findByText('12 jobs found')
    const note = screen.getByRole('complementary', { name: 'Ready to apply?' })
    expect(within(note).getByRole('link', { name: 'Candidate login' }).getAttribute('href')).toBe('/candidate/login')
  })

  it('signed in as a candidate, the side note links to their applications and saved jobs instead of the login', async () => {
    storeSession('candidate', { name: 'Jane Citizen' })
    const board = vi.mocked(fetch).getMockImplementation()!
    vi.mocked(fetch).mockImplementation(async (url) => {
      if (url === '/api/applications/my-applications') return new Response(JSON.stringify([]), { status: 200 })
      if (url === '/api/candidate/saved-jobs') return new Response(JSON.stringify({ saved_jobs: [] }), { status: 200 })
      return board(url)
    })
    renderBoard()
    await screen.findByText('12 jobs found')
    expect(screen.queryByText('Ready to apply?')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Candidate login' })).toBeNull()
    const note = screen.getByRole('complementary', { name: 'Your job search' })
    expect(within(note).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['applications', '/candidate/dashboard/applications'],
      ['saved jobs', '/candidate/dashboard/jobs?view=saved'],
    ])
  })
})
