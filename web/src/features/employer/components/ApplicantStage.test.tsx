import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { pipelineCard, REASONS_ROUTE, stageMoves } from '../pipeline.fixtures'
import type { ApplicantDetail, PipelineCard } from '../types'
import ApplicantPage from './ApplicantPage'

freshEachTest(() => storeSession('employer', { name: 'Mei Chen', role: 'employer' }, { role: 'employer' }))

const rejected = pipelineCard({ stage: 'rejected', rejection_reason: 'declined_offer', moves: stageMoves('rejected') })

function open(card: PipelineCard) {
  const detail: ApplicantDetail = { application: card, job: { id: 'j1', title: 'Data Engineer', status: 'open' }, profile: null, documents: [], history: [], notes: [], scorecards: [], interviews: [] }
  const calls = routeFetch({
    ...REASONS_ROUTE,
    'GET /api/employer/applications/a1': { body: detail },
    'GET /api/employer/jobs/j1/pipeline': { body: { job: { id: 'j1', title: 'Data Engineer' }, counts: {}, stages: [], applications: [card] } },
  })
  renderRoutes([{ path: '/dashboard/applicants/:applicationId', element: <ApplicantPage /> }], '/dashboard/applicants/a1')
  return calls
}

describe('the applicant page’s stage', () => {
  it('says why a rejected applicant is not going ahead, beside the stage, and that only the team sees it', async () => {
    open(rejected)
    const stage = (await screen.findByRole('heading', { name: 'Stage: Rejected' })).closest('section')!
    const reason = await within(stage).findByText('Declined our offer')
    expect(reason.closest('p')?.textContent).toBe('Reason: Declined our offer. Only your hiring team sees this.')
  })

  it('says nothing of a reason for an applicant still in the running, and does not ask for the reasons', async () => {
    const calls = open(pipelineCard({ stage: 'interview', moves: stageMoves('interview') }))
    const stage = (await screen.findByRole('heading', { name: 'Stage: Interview' })).closest('section')!
    expect(within(stage).queryByText(/Reason/)).toBeNull()
    expect(calls.map((c) => c.key)).not.toContain('GET /api/employer/rejection-reasons')
  })
})
