import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, providers, routeFetch, storeSession, type RouteAnswer } from '../../../testing/harness'
import { employerKeys } from '../api/keys'
import { clientWithReasons, pipelineCard } from '../pipeline.fixtures'
import type { PipelineCard } from '../types'
import { BulkRejectDialog } from './BulkRejectDialog'
import { useMoveWithFeedback } from './RejectDialog'

freshEachTest(() => storeSession('employer', { name: 'Mei' }, { iat: Math.floor(Date.now() / 1000) }))

const NOTE = 'Note for your team (optional)'
const SAVED = { status: 201, body: { id: 'n1', message: 'Note added' } }
const FAILED = { status: 500, body: { error: 'Something went wrong' } }
const TOO_LONG = { status: 422, body: { error: 'Note for your team must be at most 2000 characters' } }
const moved = (id: string) => ({ body: { id, stage: 'rejected', version: 4, message: 'Applicant moved', emailed: false, note_saved: true } })
/** A request that would go out a tick later: give it the chance. */
const aTick = () => new Promise((r) => setTimeout(r, 50))

/** The reasons the app read from the server; a label of its own, so a hard-coded one would show. */
function client() {
  const qc = clientWithReasons()
  qc.setQueryData(employerKeys.rejectionReasons(), [
    { reason: 'salary', label: 'Pay didn’t line up' },
    { reason: 'other', label: 'Other' },
  ])
  return qc
}

/** Where `a` is in the dialog compared with `b`: true when it comes first. */
const before = (a: HTMLElement, b: HTMLElement) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)

describe('a note for the team with one rejection', () => {
  const card = pipelineCard({ stage: 'screening', version: 3 })
  const MOVE = 'POST /api/employer/applications/a1/move'
  // answered, so that a note sent on its own (as the web once did) would show among the calls
  const NOTES = 'POST /api/employer/applications/a1/notes'

  function Harness({ c }: { c: PipelineCard }) {
    const { requestMove, dialog } = useMoveWithFeedback('j1', { title: 'Data Engineer', company: 'Eucalypt Software' })
    return (
      <>
        <button onClick={() => requestMove(c, 'rejected')}>reject</button>
        {dialog}
      </>
    )
  }

  /** Opens the dialog, chooses "salary", types `note` and presses Reject. */
  function rejectWith(routes: Record<string, RouteAnswer>, note: string, c = card) {
    const calls = routeFetch(routes)
    const qc = client()
    render(<Harness c={c} />, { wrapper: providers(qc) })
    fireEvent.click(screen.getByText('reject'))
    fireEvent.change(screen.getByLabelText('Why isn’t this applicant going ahead?'), { target: { value: 'salary' } })
    fireEvent.change(screen.getByLabelText(NOTE), { target: { value: note } })
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    return { keys: () => calls.map((x) => x.key), bodyOf: (key: string) => calls.find((x) => x.key === key)?.body, qc }
  }

  it('sits with the reason, before the feedback the candidate reads, and says only the team sees it', () => {
    routeFetch({})
    render(<Harness c={card} />, { wrapper: providers(client()) })
    fireEvent.click(screen.getByText('reject'))
    const note = screen.getByLabelText(NOTE) as HTMLTextAreaElement
    expect(before(screen.getByLabelText('Why isn’t this applicant going ahead?'), note)).toBe(true)
    expect(before(note, screen.getByLabelText('Feedback for Chloe Martin (optional)'))).toBe(true)
    expect(note.maxLength).toBe(2000)
    expect(document.getElementById(note.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Only your hiring team sees this. It’s added to the applicant’s notes with the reason. Up to 2000 characters.',
    )
  })

  it('goes with the move, trimmed and as written (the server adds the reason), and nothing else is sent', async () => {
    const { keys, bodyOf } = rejectWith({ [MOVE]: moved('a1'), [NOTES]: SAVED }, '  Wanted 40k over the band.  ')
    expect(await screen.findByText('Applicant rejected')).toBeTruthy()
    // the server leads it with the reason itself: the web sends neither the lead nor the label
    expect(bodyOf(MOVE)).toEqual({ stage: 'rejected', version: 3, email_candidate: true, reason: 'salary', team_note: 'Wanted 40k over the band.' })
    await aTick()
    expect(keys()).toEqual([MOVE])
  })

  it('once the move has taken (with no socket to echo it), reads the applicant again, so their page lists the note', async () => {
    const { keys, qc } = rejectWith({ [MOVE]: moved('a1') }, 'Keep for the next senior role.')
    const stale = vi.spyOn(qc, 'invalidateQueries')
    const applicant = JSON.stringify(employerKeys.applicant('a1'))
    await waitFor(() => expect(stale.mock.calls.some((c) => JSON.stringify(c[0]?.queryKey) === applicant)).toBe(true))
    expect(keys()).toEqual([MOVE])
  })

  it('sends no note when none was written', async () => {
    const { keys, bodyOf } = rejectWith({ [MOVE]: moved('a1'), [NOTES]: SAVED }, '  \n ')
    expect(await screen.findByText('Applicant rejected')).toBeTruthy()
    expect(bodyOf(MOVE)).toEqual({ stage: 'rejected', version: 3, email_candidate: true, reason: 'salary' })
    await aTick()
    expect(keys()).toEqual([MOVE])
  })

  it('sends nothing more when the move is refused: the note went with it, and neither was saved', async () => {
    const { keys } = rejectWith({ [MOVE]: { status: 409, body: { error: 'Someone else moved this applicant a moment ago.' } }, [NOTES]: SAVED }, 'Too far from the office.')
    expect(await screen.findByText('The board has changed')).toBeTruthy()
    await aTick()
    expect(keys()).toEqual([MOVE])
  })

  it('a note the server finds too long refuses the move, in the server’s words', async () => {
    const { keys } = rejectWith({ [MOVE]: TOO_LONG, [NOTES]: SAVED }, 'Wanted 40k over the band.')
    expect(await screen.findByText('Note for your team must be at most 2000 characters')).toBeTruthy()
    expect(screen.getByText('Could not move the applicant')).toBeTruthy()
    expect(screen.queryByText('Applicant rejected')).toBeNull()
    await aTick()
    expect(keys()).toEqual([MOVE])
  })
})

describe('a note for the team with several rejections', () => {
  const REJECT = 'POST /api/employer/applications/bulk-reject'
  const notesOf = (id: string) => `POST /api/employer/applications/${id}/notes`
  const chloe = pipelineCard({ id: 'a1', stage: 'interview' })
  const tom = pipelineCard({ id: 'a2', candidate_id: 'c2', candidate_name: 'Tom Gallagher', candidate_email: 'tom@example.com' })
  const mia = pipelineCard({ id: 'a4', candidate_id: 'c4', candidate_name: 'Mia Nguyen', candidate_email: 'mia@example.com' })
  const erased = pipelineCard({ id: 'a3', candidate_id: 'c3', candidate_name: '[erased]', candidate_email: '[erased]' })
  /** Answered, so that a note sent on its own (as the web once did) would show among the calls. */
  const notesSaved = (...cards: PipelineCard[]) => Object.fromEntries(cards.map((c) => [notesOf(c.id), SAVED]))

  /** The server rejects each of `cards` but those in `refused`. */
  function bulkReply(cards: PipelineCard[], refused: string[] = []) {
    const results = cards.map((c) =>
      refused.includes(c.id)
        ? { id: c.id, error: 'This applicant has been hired', emailed: false, interviews_cancelled: 0, note_saved: false, already_rejected: false }
        : { id: c.id, emailed: false, interviews_cancelled: 0, note_saved: true, already_rejected: false },
    )
    return { body: { rejected: results.filter((r) => !('error' in r)).length, emailed: 0, interviews_cancelled: 0, results } }
  }

  /** Opens the dialog for `cards`, chooses "salary", types `note` and presses Reject. */
  function rejectWith(cards: PipelineCard[], routes: Record<string, RouteAnswer>, note: string) {
    const calls = routeFetch(routes)
    render(<BulkRejectDialog jobId="j1" cards={cards} onClose={() => {}} onDone={() => {}} />, { wrapper: providers(client()) })
    const dialog = screen.getByRole('dialog')
    fireEvent.change(within(dialog).getByLabelText('Why aren’t these applicants going ahead?'), { target: { value: 'salary' } })
    fireEvent.change(within(dialog).getByLabelText(NOTE), { target: { value: note } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }))
    return { keys: () => calls.map((x) => x.key), bodies: (key: string) => calls.filter((x) => x.key === key).map((x) => x.body) }
  }

  it('sits with the reason, before the feedback, and says it goes on each of them', () => {
    routeFetch({})
    render(<BulkRejectDialog jobId="j1" cards={[chloe, tom]} onClose={() => {}} onDone={() => {}} />, { wrapper: providers(client()) })
    const note = screen.getByLabelText(NOTE) as HTMLTextAreaElement
    expect(before(screen.getByLabelText('Why aren’t these applicants going ahead?'), note)).toBe(true)
    expect(before(note, screen.getByLabelText('Feedback for the applicants (optional)'))).toBe(true)
    expect(note.maxLength).toBe(2000)
    expect(screen.getByText('Only your hiring team sees this. It’s added to each applicant’s notes with the reason. Up to 2000 characters.')).toBeTruthy()
  })

  it('goes once with the rejection, trimmed and as written, and nothing else is sent (the server saves it on each it rejects)', async () => {
    const cards = [chloe, tom, erased, mia]
    const { keys, bodies } = rejectWith(cards, { [REJECT]: bulkReply(cards, ['a2']), ...notesSaved(...cards) }, ' Budget is capped this quarter. \n')
    expect(await screen.findByText('3 applicants rejected')).toBeTruthy()
    // the feedback the candidates read does not carry it, and the server adds the reason before it
    expect(bodies(REJECT)).toEqual([{ application_ids: ['a1', 'a2', 'a3', 'a4'], email_candidates: true, reason: 'salary', team_note: 'Budget is capped this quarter.' }])
    await aTick()
    expect(keys()).toEqual([REJECT])
  })

  it('sends no note when none was written', async () => {
    const { keys, bodies } = rejectWith([chloe, tom], { [REJECT]: bulkReply([chloe, tom]), ...notesSaved(chloe, tom) }, '   ')
    expect(await screen.findByText('2 applicants rejected')).toBeTruthy()
    expect(bodies(REJECT)).toEqual([{ application_ids: ['a1', 'a2'], email_candidates: true, reason: 'salary' }])
    await aTick()
    expect(keys()).toEqual([REJECT])
  })

  it('sends nothing more when the rejection itself fails, and says so on the dialog', async () => {
    const { keys } = rejectWith([chloe, tom], { [REJECT]: FAILED, ...notesSaved(chloe, tom) }, 'Budget is capped this quarter.')
    expect(await screen.findByText('Something went wrong')).toBeTruthy()
    await aTick()
    expect(keys()).toEqual([REJECT])
  })

  it('a note the server finds too long rejects no one, and the dialog gives the server’s words', async () => {
    const { keys } = rejectWith([chloe, tom], { [REJECT]: TOO_LONG, ...notesSaved(chloe, tom) }, 'Budget is capped this quarter.')
    expect(await within(screen.getByRole('dialog')).findByText('Note for your team must be at most 2000 characters')).toBeTruthy()
    expect(screen.queryByText('2 applicants rejected')).toBeNull()
    expect(keys()).toEqual([REJECT])
  })
})
