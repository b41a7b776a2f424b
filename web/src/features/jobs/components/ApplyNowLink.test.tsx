import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession, testQueryClient } from '../../../testing/harness'
import { ApplyNowLink } from './ApplyNowLink'

const JOB = '0b9c6f1e-3a57-4c1d-8e2f-5a6b7c8d9e01'
const OTHER_JOB = '7d2e4a10-9b3c-4f5e-8a6b-1c2d3e4f5a6b'
const MINE = 'GET /api/applications/my-applications'
// 3 November wherever the tests run, from Hawaii (UTC-10) to New Zealand's summer (UTC+13)
const APPLIED_AT = '2026-11-03T10:00:00Z'

const application = (jobId: string) => ({
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  job_id: jobId,
  job_title: 'Platform Engineer',
  company: 'Acme',
  status: 'pending',
  created_at: APPLIED_AT,
  last_updated: APPLIED_AT,
  interviews: [],
  progress: 'submitted',
})

const render = (client = testQueryClient()) =>
  renderRoutes([{ path: '/jobs/:id', element: <ApplyNowLink jobId={JOB} className="btn" /> }], `/jobs/${JOB}`, client)
const applyNow = () => screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')
const signIn = () => storeSession('candidate', { name: 'Jane Citizen' })

describe('Apply Now on a public job', () => {
  freshEachTest()

  it('signed out, goes to the candidate login carrying the job, and asks nothing about applications', async () => {
    const calls = routeFetch({ [MINE]: { body: [application(JOB)] } })
    render()
    expect(applyNow()).toBe(`/candidate/login?apply=${JOB}`)
    await new Promise((r) => setTimeout(r, 20))
    expect(calls).toEqual([])
    expect(screen.queryByText(/Applied/)).toBeNull()
  })

  it("signed in and not applied, goes straight to the job's apply dialog in the portal", async () => {
    const calls = routeFetch({ [MINE]: { body: [application(OTHER_JOB)] } })
    signIn()
    const { client } = render()
    expect(applyNow()).toBe(`/candidate/dashboard/jobs?apply=${JOB}`)
    // the portal's own applications query, so My Applications finds it cached
    await waitFor(() => expect(client.getQueryState(['candidate', 'applications'])?.status).toBe('success'))
    expect(calls.map((c) => c.key)).toEqual([MINE])
    expect(applyNow()).toBe(`/candidate/dashboard/jobs?apply=${JOB}`)
    expect(screen.queryByText(/Applied/)).toBeNull()
  })

  it('signed in and applied, says when (not as a link) and links to My Applications; Apply Now until the list is in', async () => {
    routeFetch({ [MINE]: { body: [application(OTHER_JOB), application(JOB.toUpperCase())] } })
    signIn()
    render()
    expect(applyNow()).toBe(`/candidate/dashboard/jobs?apply=${JOB}`)
    const link = await screen.findByRole('link', { name: 'View your application' })
    expect(link.getAttribute('href')).toBe('/candidate/dashboard/applications')
    expect(link.className).toBe('btn')
    const status = screen.getByText('3 Nov 2026')
    expect(status.tagName).toBe('TIME')
    expect(status.getAttribute('dateTime')).toBe(APPLIED_AT)
    expect(status.closest('.job-applied-status')?.textContent).toBe('Applied on 3 Nov 2026')
    expect(status.closest('a')).toBeNull()
    expect(screen.queryByRole('link', { name: 'Apply Now' })).toBeNull()
    expect(screen.getAllByRole('link')).toHaveLength(1)
  })

  it('signed in and withdrawn, says when they withdrew it (applying again is refused) and links to My Applications', async () => {
    const withdrawnAt = '2026-11-05T10:00:00Z'
    routeFetch({ [MINE]: { body: [{ ...application(JOB), withdrawn_at: withdrawnAt }] } })
    signIn()
    render()
    const link = await screen.findByRole('link', { name: 'View your application' })
    expect(link.getAttribute('href')).toBe('/candidate/dashboard/applications')
    const status = screen.getByText('5 Nov 2026')
    expect(status.getAttribute('dateTime')).toBe(withdrawnAt)
    expect(status.closest('.job-applied-status')?.textContent).toBe('Withdrawn on 5 Nov 2026')
    expect(screen.queryByText(/Applied/)).toBeNull()
    expect(screen.queryByRole('link', { name: 'Apply Now' })).toBeNull()
  })

  it('signed in, when the applications cannot be had, keeps Apply Now', async () => {
    routeFetch({ [MINE]: { status: 503, body: { error: 'Service unavailable' } } })
    signIn()
    const { client } = render()
    await waitFor(() => expect(client.getQueryState(['candidate', 'applications'])?.status).toBe('error'))
    expect(applyNow()).toBe(`/candidate/dashboard/jobs?apply=${JOB}`)
    expect(screen.queryByText(/Applied/)).toBeNull()
  })

  it('signed out after a candidate has signed out in this tab, shows Apply Now even with their list still cached', async () => {
    const calls = routeFetch({})
    const client = testQueryClient()
    client.setQueryData(['candidate', 'applications'], [application(JOB)])
    render(client)
    await new Promise((r) => setTimeout(r, 20))
    expect(applyNow()).toBe(`/candidate/login?apply=${JOB}`)
    expect(screen.queryByText(/Applied/)).toBeNull()
    expect(calls).toEqual([])
  })
})
