import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { pipelineCard } from '../pipeline.fixtures'
import type { ApplicantDetail } from '../types'
import ApplicantPage from './ApplicantPage'
import { PipelineBoard } from './PipelineBoard'
import { PipelineList } from './PipelineList'

const erasedCard = pipelineCard({ id: 'a2', candidate_id: 'c2', candidate_name: '[erased]', candidate_email: '[erased]', stage: 'screening' })
const cards = [pipelineCard(), erasedCard]
const counts = { new: 1, screening: 1, interview: 0, offer: 0, hired: 0, rejected: 0, total: 2 }

freshEachTest(() => storeSession('employer', { name: 'Mei', role: 'employer' }, { role: 'employer' }))

describe('an applicant whose personal data was erased', () => {
  it('board: the card shows an “Erased person” chip, linked to the application, and reads as out of the running', () => {
    const rated = { ...erasedCard, rating: 4, scorecards: 2 }
    renderRoutes([{ path: '/dashboard/jobs/j1', element: <PipelineBoard cards={[cards[0], rated]} counts={counts} locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1')
    const card = screen.getAllByTestId('pipeline-card').find((c) => c.querySelector('.badge-erased'))!
    expect(card.textContent).not.toContain('[erased]')
    expect(within(card).getByRole('link', { name: 'Erased person' }).getAttribute('href')).toBe('/dashboard/applicants/a2')
    // muted, says why, and nothing to move it by: no Move to…, no drag handle, no rating
    expect(card.className).toContain('is-erased')
    expect(within(card).getByText('Personal data erased · no longer in the running')).toBeTruthy()
    expect(within(card).queryByRole('button', { name: 'Move Erased person to another stage' })).toBeNull()
    expect(within(card).queryByRole('button', { name: 'Drag Erased person' })).toBeNull()
    expect(within(card).queryByText(/Rated/)).toBeNull()
    // the other card is untouched
    const chloe = screen.getAllByTestId('pipeline-card').find((c) => c !== card)!
    expect(within(chloe).getByRole('link', { name: 'Chloe Martin' })).toBeTruthy()
    expect(within(chloe).getByRole('button', { name: 'Move Chloe Martin to another stage' })).toBeTruthy()
    expect(within(chloe).getByRole('button', { name: 'Drag Chloe Martin' })).toBeTruthy()
  })

  it('list: the chip instead of the name, and no “[erased]” email line', async () => {
    routeFetch({ 'GET /api/employer/jobs/j1/pipeline': { body: { job: { id: 'j1', title: 'Data Engineer' }, counts, stages: [], applications: cards } } })
    renderRoutes([{ path: '/dashboard/jobs/j1', element: <PipelineList jobId="j1" jobTitle="Data Engineer" locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1')
    const table = await screen.findByRole('table')
    expect(table.textContent).not.toContain('[erased]')
    expect(within(table).getByRole('link', { name: 'Erased person' }).getAttribute('href')).toBe('/dashboard/applicants/a2')
    // still choosable, so the application can be closed with a rejection, but not moved on
    expect(within(table).getByLabelText('Choose Erased person')).toBeTruthy()
    expect(within(table).queryByRole('button', { name: 'Move Erased person to another stage' })).toBeNull()
    expect(within(table).getByText('Personal data erased')).toBeTruthy()
    expect(within(table).getByRole('button', { name: 'Move Chloe Martin to another stage' })).toBeTruthy()
    expect(within(table).getByText('chloe@example.com')).toBeTruthy()
  })

  it('applicant page: titled “Erased person”, says what remains, no mailto', async () => {
    const detail: ApplicantDetail = {
      application: erasedCard,
      job: { id: 'j1', title: 'Data Engineer', status: 'open' },
      profile: null,
      documents: [],
      history: [{ at: '2026-11-21T00:00:00Z', kind: 'moved', summary: 'Moved to Screening by Mei Chen', detail: '[erased]' }],
      notes: [{ id: 'n1', author_id: 'e1', body: '[erased]', created_at: '2026-11-21T00:00:00Z' }],
      scorecards: [{ id: 's1', author_id: 'e1', comment: '[erased]', created_at: '2026-11-21T00:00:00Z', recommendation: 'yes', ratings: [{ criterion: 'SQL', score: 4 }] }],
      interviews: [],
    }
    routeFetch({
      'GET /api/employer/applications/a2': { body: detail },
      'GET /api/employer/jobs/j1/pipeline': { body: { job: { id: 'j1', title: 'Data Engineer' }, counts, stages: [], applications: cards } },
    })
    renderRoutes([{ path: '/dashboard/applicants/:applicationId', element: <ApplicantPage /> }], '/dashboard/applicants/a2')
    expect(await screen.findByText(/This applicant’s personal data has been erased/)).toBeTruthy()
    expect(document.title).toContain('Erased person')
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull()
    expect(screen.getByText('Erased with the rest of their personal data.')).toBeTruthy()
    expect(screen.getByText('Their resume and documents were erased with their personal data.')).toBeTruthy()
    expect(screen.getByText('Their resume was erased with the rest of their personal data.')).toBeTruthy()
    expect(document.body.textContent).not.toContain('[erased]')
    // the team's note and scorecard comment, and what they were told, went with their data: said so, muted
    const notes = screen.getByRole('region', { name: /Notes/ })
    expect(within(notes).getByText('Removed with the candidate’s personal data').className).toBe('erased-text')
    const scorecards = screen.getByRole('region', { name: /Scorecards/ })
    expect(within(scorecards).getByText('Removed with the candidate’s personal data').className).toBe('erased-text')
    expect(screen.getByText(/Told the candidate:/).textContent).toBe('Told the candidate: Removed with the candidate’s personal data')
    // they can no longer be invited: no booking button, and it says why
    expect(screen.queryByRole('button', { name: 'Schedule an interview' })).toBeNull()
    expect(screen.getByText('Their personal data was erased, so they can no longer be invited.')).toBeTruthy()
    // it can still be moved, and the reject dialog names them sensibly
    fireEvent.click(screen.getByRole('button', { name: 'Move Erased person to another stage' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rejected' }))
    expect(screen.getByRole('dialog', { name: 'Reject Erased person?' })).toBeTruthy()
  })
})
