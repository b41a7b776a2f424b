import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/react'
import { freshEachTest, providers, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { bookedInterview, pipelineCard, stageMoves } from '../pipeline.fixtures'
import type { ApplicantDetail } from '../types'
import { NotesSection, ScorecardsSection } from './ApplicantAssessment'
import ApplicantPage from './ApplicantPage'
import { PipelineBoard } from './PipelineBoard'
import { PipelineList } from './PipelineList'

/** The server's refusal of every move but Rejected for an erased candidate. */
const ONLY_REJECTED = "This candidate's personal data was erased, so their application can only be rejected"
const erasedMoves = stageMoves('screening', { new: ONLY_REJECTED, interview: ONLY_REJECTED, offer: ONLY_REJECTED, hired: ONLY_REJECTED })
const erasedCard = pipelineCard({ id: 'a2', candidate_id: 'c2', candidate_name: '[erased]', candidate_email: '[erased]', stage: 'screening', moves: erasedMoves })
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
      other_applications: [],
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
    // it can still be rejected, and the reject dialog names them sensibly
    fireEvent.click(screen.getByRole('button', { name: 'Move Erased person to another stage' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rejected' }))
    expect(screen.getByRole('dialog', { name: 'Reject Erased person?' })).toBeTruthy()
  })

  it('applicant page: out of the running, so only Rejected is offered and nothing asks to assess, note or invite them', async () => {
    const booked = bookedInterview({ application_id: 'a2' })
    const detail: ApplicantDetail = {
      application: erasedCard,
      job: { id: 'j1', title: 'Data Engineer', status: 'open' },
      profile: null,
      documents: [],
      history: [],
      notes: [{ id: 'n1', author_id: 'e1', author_name: 'Mei Chen', body: 'Strong on SQL', created_at: '2026-11-21T00:00:00Z' }],
      scorecards: [{ id: 's1', author_id: 'e1', author_name: 'Mei Chen', comment: null, created_at: '2026-11-21T00:00:00Z', recommendation: 'yes', ratings: [{ criterion: 'SQL', score: 4 }] }],
      interviews: [booked],
      other_applications: [],
    }
    routeFetch({
      'GET /api/employer/applications/a2': { body: detail },
      'GET /api/employer/jobs/j1/pipeline': { body: { job: { id: 'j1', title: 'Data Engineer' }, counts, stages: [], applications: cards } },
    })
    renderRoutes([{ path: '/dashboard/applicants/:applicationId', element: <ApplicantPage /> }], '/dashboard/applicants/a2')
    expect(await screen.findByText(/You can still close the application as Rejected\./)).toBeTruthy()
    // Move to… offers what the server allows: Rejected alone
    fireEvent.click(screen.getByRole('button', { name: 'Move Erased person to another stage' }))
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Rejected'])
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    // what the team wrote stays readable; no way to add more, and each section says why
    const scorecards = screen.getByRole('region', { name: /Scorecards/ })
    expect(within(scorecards).getByText('SQL')).toBeTruthy()
    expect(within(scorecards).queryByRole('button', { name: 'Add a scorecard' })).toBeNull()
    expect(within(scorecards).getByText('Their personal data was erased, so there is no one left to assess.').className).toBe('ws-muted')
    const notes = screen.getByRole('region', { name: /Notes/ })
    expect(within(notes).getByText('Strong on SQL')).toBeTruthy()
    // each says who wrote it
    expect(within(notes).getByText(/Mei Chen ·/)).toBeTruthy()
    expect(within(scorecards).getByText(/Mei Chen ·/)).toBeTruthy()
    expect(within(notes).queryByRole('textbox')).toBeNull()
    expect(within(notes).queryByRole('button', { name: 'Add note' })).toBeNull()
    expect(within(notes).getByText('Their personal data was erased, so no new notes can be added.').className).toBe('ws-muted')
    // the interview still booked can be cancelled, not moved; no new one can be booked
    const interviews = screen.getByRole('region', { name: 'Interviews' })
    expect(within(interviews).getByText('Booked')).toBeTruthy()
    expect(within(interviews).queryByRole('button', { name: 'Reschedule' })).toBeNull()
    expect(within(interviews).getByRole('button', { name: 'Cancel interview' })).toBeTruthy()
    expect(within(interviews).queryByRole('button', { name: 'Schedule an interview' })).toBeNull()
  })

  it('applicant page: once they are rejected, nothing offers a move and it no longer says they can be rejected', async () => {
    const moves = stageMoves('rejected', { new: ONLY_REJECTED, screening: ONLY_REJECTED, interview: ONLY_REJECTED, offer: ONLY_REJECTED, hired: ONLY_REJECTED })
    const rejected = { ...erasedCard, stage: 'rejected' as const, progress: 'not_progressed' as const, moves }
    const detail: ApplicantDetail = { application: rejected, job: { id: 'j1', title: 'Data Engineer', status: 'open' }, profile: null, documents: [], history: [], notes: [], scorecards: [], interviews: [], other_applications: [] }
    routeFetch({
      'GET /api/employer/applications/a2': { body: detail },
      'GET /api/employer/jobs/j1/pipeline': { body: { job: { id: 'j1', title: 'Data Engineer' }, counts, stages: [], applications: cards } },
    })
    renderRoutes([{ path: '/dashboard/applicants/:applicationId', element: <ApplicantPage /> }], '/dashboard/applicants/a2')
    expect(await screen.findByText(/This applicant’s personal data has been erased/)).toBeTruthy()
    expect(screen.queryByText(/You can still close the application as Rejected/)).toBeNull()
    expect(screen.queryByRole('button', { name: 'Move Erased person to another stage' })).toBeNull()
    // nothing to add, and no "No notes yet" prompt to write one
    expect(screen.queryByText(/No notes yet/)).toBeNull()
    expect(screen.queryByText(/No scorecards yet/)).toBeNull()
    expect(screen.getByText('Their personal data was erased, so no new notes can be added.')).toBeTruthy()
  })

  it('an applicant not erased still gets the note form and Add a scorecard', () => {
    render(
      <>
        <ScorecardsSection applicationId="a1" scorecards={[]} />
        <NotesSection applicationId="a1" notes={[]} />
      </>,
      { wrapper: providers() },
    )
    expect(screen.getByRole('button', { name: 'Add a scorecard' })).toBeTruthy()
    expect(screen.getByRole('textbox', { name: /New note/ })).toBeTruthy()
    expect(screen.queryByText(/personal data was erased/)).toBeNull()
  })
})
