import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { pipelineCard, REASONS_ROUTE } from '../pipeline.fixtures'
import type { Stage } from '../types'
import { PipelineBoard } from './PipelineBoard'
import PipelinePage from './PipelinePage'

freshEachTest(() => storeSession('employer', { name: 'Mei Chen', role: 'employer' }, { role: 'employer' }))

/** The board of job j1 with Chloe (who moves) and Tom; the server keeps the stage Chloe was moved to. */
function openBoard() {
  let chloe: Stage = 'new'
  const tom = pipelineCard({ id: 'a2', candidate_id: 'c2', candidate_name: 'Tom Gallagher' })
  routeFetch({
    ...REASONS_ROUTE,
    'GET /api/employer/jobs/j1/pipeline': () => ({
      body: {
        job: { id: 'j1', title: 'Data Engineer', status: 'open', location: 'Sydney' },
        counts: { new: 2, screening: 0, interview: 0, offer: 0, hired: 0, rejected: 0, total: 2 },
        stages: [],
        applications: [pipelineCard({ stage: chloe, moves: pipelineCard().moves }), tom],
      },
    }),
    'POST /api/employer/applications/a1/move': (init) => {
      chloe = JSON.parse(String(init?.body)).stage
      return { body: { id: 'a1', stage: chloe, version: 2, message: 'Applicant moved' } }
    },
  })
  renderRoutes([{ path: '/dashboard/jobs/:jobId', element: <PipelinePage /> }], '/dashboard/jobs/j1')
}

const column = (name: RegExp) => screen.getByRole('region', { name })
const chooseStage = async (stage: string) => {
  fireEvent.click(await screen.findByRole('button', { name: 'Move Chloe Martin to another stage' }))
  fireEvent.click(screen.getByRole('menuitem', { name: stage }))
}

describe('focus after a move on the board', () => {
  it('follows the card to its new column, onto its Move to… button, rather than falling to the page', async () => {
    openBoard()
    await chooseStage('Interview')
    await waitFor(() => expect(within(column(/^Interview/)).queryByRole('link', { name: 'Chloe Martin' })).toBeTruthy())
    const moveButton = within(column(/^Interview/)).getByRole('button', { name: 'Move Chloe Martin to another stage' })
    await waitFor(() => expect(document.activeElement).toBe(moveButton))
  })

  it('follows it after the reject dialog too', async () => {
    openBoard()
    await chooseStage('Rejected')
    const dialog = screen.getByRole('dialog', { name: 'Reject Chloe Martin?' })
    const reason = within(dialog).getByLabelText('Why isn’t this applicant going ahead?') as HTMLSelectElement
    await waitFor(() => expect(reason.options.length).toBeGreaterThan(1))
    fireEvent.change(reason, { target: { value: 'salary' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(within(column(/^Rejected/)).queryByRole('link', { name: 'Chloe Martin' })).toBeTruthy())
    const moveButton = within(column(/^Rejected/)).getByRole('button', { name: 'Move Chloe Martin to another stage' })
    await waitFor(() => expect(document.activeElement).toBe(moveButton))
  })

  it('after a cancelled rejection, focus is back on the card’s Move to… button where it was', async () => {
    openBoard()
    await chooseStage('Rejected')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    const moveButton = within(column(/^New/)).getByRole('button', { name: 'Move Chloe Martin to another stage' })
    expect(document.activeElement).toBe(moveButton)
  })
})

/** The card on the board that names `name`. */
const card = (name: string) => screen.getAllByTestId('pipeline-card').find((c) => within(c).queryByRole('link', { name }))!

describe('a card’s next interview', () => {
  const counts = { new: 2, screening: 0, interview: 0, offer: 0, hired: 0, rejected: 0, total: 2 }

  it('shows the soonest one still to come in Sydney time, and how many more, as a quiet hint', () => {
    // 11 pm UTC on 1 Dec 2099 is 10 am on Wednesday 2 Dec in Sydney
    const chloe = pipelineCard({ next_interview_at: '2099-12-01T23:00:00Z', upcoming_interviews: 2 })
    const tom = pipelineCard({ id: 'a2', candidate_id: 'c2', candidate_name: 'Tom Gallagher' })
    renderRoutes([{ path: '/dashboard/jobs/j1', element: <PipelineBoard cards={[chloe, tom]} counts={counts} locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1')
    const hint = within(card('Chloe Martin')).getByText('Interview Wed 2 Dec 2099, 10:00 am (+1 more)')
    expect(hint.closest('.emp-card-meta')).toBeTruthy()
    expect(hint.getAttribute('title')).toMatch(/^Next interview Wed.* 2 Dec 2099, 10:00 am \(Sydney\)$/)
    expect(within(card('Tom Gallagher')).queryByText(/^Interview/)).toBeNull()
  })
})

describe('a rejected card', () => {
  const counts = { new: 1, screening: 0, interview: 0, offer: 0, hired: 0, rejected: 2, total: 3 }
  const board = (routes: Parameters<typeof routeFetch>[0]) => {
    routeFetch(routes)
    const chloe = pipelineCard({ stage: 'rejected', rejection_reason: 'salary' })
    const tom = pipelineCard({ id: 'a2', candidate_id: 'c2', candidate_name: 'Tom Gallagher', stage: 'rejected' })
    // the server sends a reason only while rejected; the card would not show one otherwise
    const priya = pipelineCard({ id: 'a3', candidate_id: 'c3', candidate_name: 'Priya Raman', rejection_reason: 'salary' })
    const cards = [chloe, tom, priya]
    renderRoutes([{ path: '/dashboard/jobs/j1', element: <PipelineBoard cards={cards} counts={counts} locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1')
  }

  it('says why the team did not go ahead, in the server’s words, quietly; one rejected without a reason, or not rejected, says nothing', async () => {
    board(REASONS_ROUTE)
    const reason = await within(card('Chloe Martin')).findByText('Salary expectations')
    expect(reason.closest('.emp-card-meta')).toBeTruthy()
    expect(reason.textContent).toBe('Reason: Salary expectations')
    expect(within(card('Tom Gallagher')).queryByText(/Reason/)).toBeNull()
    expect(within(card('Priya Raman')).queryByText(/Reason/)).toBeNull()
  })

  it('shows nothing, never the bare id, until the reasons are in', async () => {
    board({ 'GET /api/employer/rejection-reasons': { status: 500, body: { error: 'Something went wrong' } } })
    await waitFor(() => expect(card('Chloe Martin')).toBeTruthy())
    expect(within(card('Chloe Martin')).queryByText(/salary/i)).toBeNull()
    expect(within(card('Chloe Martin')).queryByText(/Reason/)).toBeNull()
  })
})
