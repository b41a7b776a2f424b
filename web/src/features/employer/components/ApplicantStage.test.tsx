import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { pipelineCard, REASONS_ROUTE, stageMoves } from '../pipeline.fixtures'
import type { ApplicantDetail, PipelineCard } from '../types'
import ApplicantPage from './ApplicantPage'

freshEachTest(() => storeSession('employer', { name: 'Mei Chen', role: 'employer' }, { role: 'employer' }))

const rejected = pipelineCard({ stage: 'rejected', rejection_reason: 'declined_offer', moves: stageMoves('rejected') })

function open(card: PipelineCard, others: ApplicantDetail['other_applications'] = [], more: Parameters<typeof routeFetch>[0] = {}) {
  const detail: ApplicantDetail = { application: card, job: { id: 'j1', title: 'Data Engineer', status: 'open' }, profile: null, documents: [], history: [], notes: [], scorecards: [], interviews: [], other_applications: others }
  const calls = routeFetch({
    ...more,
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

  it('lists the candidate’s other applications to this employer, each linked with its stage', async () => {
    open(pipelineCard({ stage: 'interview', moves: stageMoves('interview') }), [
      { id: 'a7', job_id: 'j2', job_title: 'Analytics Engineer', stage: 'screening', created_at: '2026-11-20T00:00:00Z', withdrawn_at: null },
      { id: 'a8', job_id: 'j3', job_title: 'Platform Engineer', stage: 'new', created_at: '2026-11-18T00:00:00Z', withdrawn_at: '2026-11-22T00:00:00Z' },
    ])
    const stage = (await screen.findByRole('heading', { name: 'Stage: Interview' })).closest('section')!
    const also = within(stage).getByRole('heading', { name: 'Also applied for' }).parentElement!
    const items = within(also).getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual(['Analytics Engineer Screening · applied 20 Nov 2026', 'Platform Engineer New · applied 18 Nov 2026, withdrawn'])
    expect(within(items[0]).getByRole('link', { name: 'Analytics Engineer' }).getAttribute('href')).toBe('/dashboard/applicants/a7')
  })

  it('shows no list when the candidate applied for nothing else here', async () => {
    open(pipelineCard({ stage: 'interview', moves: stageMoves('interview') }))
    const stage = (await screen.findByRole('heading', { name: 'Stage: Interview' })).closest('section')!
    expect(within(stage).queryByText('Also applied for')).toBeNull()
  })
})

describe('the applicant page and the bell', () => {
  it('reads the bell’s unread notices about this applicant once they are on screen, and no others', async () => {
    const notice = (id: string, link: string, is_read = false) => ({ id, type: 'info', title: 'New application', message: 'You have a new application for Data Engineer.', is_read, link, created_at: '2026-11-28T00:00:00Z' })
    const calls = open(pipelineCard({ stage: 'new', moves: stageMoves('new') }), [], {
      'GET /api/notifications?limit=20&offset=0': {
        body: { notifications: [notice('n1', '/dashboard/applicants/a1'), notice('n2', '/dashboard/applicants/a9'), notice('n3', '/dashboard/applicants/a1', true)] },
      },
      'PUT /api/notifications/n1/read': { body: {} },
    })
    await screen.findByRole('heading', { name: 'Stage: New' })
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('PUT /api/notifications/n1/read'))
    const puts = calls.map((c) => c.key).filter((k) => k.startsWith('PUT '))
    expect(puts).toEqual(['PUT /api/notifications/n1/read'])
  })
})
