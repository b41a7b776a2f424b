import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch } from '../../../testing/harness'
import { employerJob, signInEmployer } from '../employer.fixtures'
import type { JobReport } from '../types'
import ReportPage from './ReportPage'

freshEachTest(signInEmployer)

/** Job j1's report: 9 applicants, 5 of them rejected (4 with a reason; 2 from New, 2 from
 *  Screening, 1 from Interview), with `over` applied. */
function report(over: Partial<JobReport> = {}): JobReport {
  return {
    counts: { new: 2, screening: 1, interview: 1, offer: 0, hired: 0, rejected: 5, total: 9 },
    by_week: [{ week: '2026-11-16', applications: 9 }],
    responded: 7,
    hired: 0,
    median_first_response_hours: 20,
    median_days_to_hire: null,
    rejection_reasons: [
      { reason: 'salary', label: 'Salary expectations', applications: 3 },
      { reason: 'skills', label: 'Skills or experience', applications: 1 },
    ],
    rejected_without_reason: 1,
    rejected_from: [
      { stage: 'new', count: 2 },
      { stage: 'screening', count: 2 },
      { stage: 'interview', count: 1 },
      { stage: 'offer', count: 0 },
    ],
    ...over,
  }
}

function open(body: JobReport) {
  routeFetch({ 'GET /api/employer/jobs/j1/report': { body }, 'GET /api/employer/jobs': { body: [employerJob()] } })
  renderRoutes([{ path: '/dashboard/jobs/:jobId/report', element: <ReportPage /> }], '/dashboard/jobs/j1/report')
}

const section = async () => (await screen.findByRole('heading', { name: 'Why applicants didn’t go ahead' })).closest('section')!

describe('why applicants didn’t go ahead, on the job report', () => {
  it('lists each reason the team gave with its count, most first, and how many were rejected without one', async () => {
    open(report())
    const reasons = await section()
    const list = within(reasons).getByRole('list', { name: 'Why applicants didn’t go ahead' })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Salary expectations3', 'Skills or experience1'])
    // the longest bar is the most given reason; the others in proportion
    const fills = [...list.querySelectorAll<HTMLElement>('.ws-bar-fill')].map((f) => f.style.width)
    expect(fills[0]).toBe('100%')
    expect(parseFloat(fills[1])).toBeCloseTo(33.33, 1)
    expect(within(reasons).getByText('1 rejected without a reason')).toBeTruthy()
  })

  it('says no one has been rejected yet, with no bars, before the first rejection', async () => {
    const none = (['new', 'screening', 'interview', 'offer'] as const).map((stage) => ({ stage, count: 0 }))
    open(report({ counts: { new: 2, screening: 1, interview: 0, offer: 0, hired: 0, rejected: 0, total: 3 }, rejection_reasons: [], rejected_without_reason: 0, rejected_from: none }))
    const reasons = await section()
    expect(within(reasons).getByText('No one has been rejected yet.')).toBeTruthy()
    expect(within(reasons).queryByRole('list')).toBeNull()
    expect(within(reasons).queryByText(/without a reason/)).toBeNull()
    expect(within(reasons).queryByText(/Rejected at/)).toBeNull()
  })

  it('says which stages they were rejected at, leaving out the stages with none', async () => {
    open(report())
    const reasons = await section()
    expect(within(reasons).getByText('Rejected at: New 2 · Screening 2 · Interview 1')).toBeTruthy()
  })

  it('says nothing of stages when the server counted none (rejections from before it kept them)', async () => {
    open(report({ rejected_from: [] }))
    const reasons = await section()
    expect(within(reasons).getByText('1 rejected without a reason')).toBeTruthy()
    expect(within(reasons).queryByText(/Rejected at/)).toBeNull()
  })

  it('with every rejection given without a reason, says only that', async () => {
    open(report({ rejection_reasons: [], rejected_without_reason: 3 }))
    const reasons = await section()
    expect(within(reasons).getByText('3 rejected without a reason')).toBeTruthy()
    expect(within(reasons).queryByRole('list')).toBeNull()
    expect(within(reasons).queryByText('No one has been rejected yet.')).toBeNull()
  })
})
