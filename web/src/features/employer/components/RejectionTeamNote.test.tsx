import { describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, providers, routeFetch, storeSession, type RouteAnswer } from '../../../testing/harness'
import { employerKeys } from '../api/keys'
import { clientWithReasons, pipelineCard } from '../pipeline.fixtures'
import type { PipelineCard } from '../types'
import { BulkRejectDialog } from './BulkRejectDialog'
import { useMoveWithFeedback } from './RejectDialog'
import { noteNotSavedToast, rejectionNote } from './RejectionTeamNote'

freshEachTest(() => storeSession('employer', { name: 'Mei' }, { iat: Math.floor(Date.now() / 1000) }))

const NOTE = 'Note for your team (optional)'
const SAVED = { status: 201, body: { id: 'n1', message: 'Note added' } }
const FAILED = { status: 500, body: { error: 'Something went wrong' } }
const moved = (id: string) => ({ body: { id, stage: 'rejected', version: 4, message: 'Applicant moved', emailed: false } })
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

  it('is saved as a private note after the move, led by the reason’s label from the server', async () => {
    const { keys, bodyOf } = rejectWith({ [MOVE]: moved('a1'), [NOTES]: SAVED }, '  Wanted 40k over the band.  ')
    await waitFor(() => expect(keys()).toEqual([MOVE, NOTES]))
    expect(bodyOf(NOTES)).toEqual({ body: 'Rejected (Pay didn’t line up): Wanted 40k over the band.' })
    // the note is the team's: the move carries neither it nor the feedback
    expect(bodyOf(MOVE)).toEqual({ stage: 'rejected', version: 3, email_candidate: true, reason: 'salary' })
    expect(await screen.findByText('Applicant rejected')).toBeTruthy()
  })

  it('once saved (with no socket to echo it), reads the applicant again, so their page lists the note', async () => {
    const { keys, qc } = rejectWith({ [MOVE]: moved('a1'), [NOTES]: SAVED }, 'Keep for the next senior role.')
    const stale = vi.spyOn(qc, 'invalidateQueries')
    const fetched = vi.mocked(fetch)
    await waitFor(() => expect(keys()).toEqual([MOVE, NOTES]))
    // the move marks it stale too: this is the one after the note was sent
    const noteSent = fetched.mock.invocationCallOrder[1]
    const applicant = JSON.stringify(employerKeys.applicant('a1'))
    await waitFor(() =>
      expect(stale.mock.calls.some((c, i) => JSON.stringify(c[0]?.queryKey) === applicant && stale.mock.invocationCallOrder[i] > noteSent)).toBe(true),
    )
  })

  it('sends no note when none was written', async () => {
    const { keys } = rejectWith({ [MOVE]: moved('a1'), [NOTES]: SAVED }, '   ')
    expect(await screen.findByText('Applicant rejected')).toBeTruthy()
    await aTick()
    expect(keys()).toEqual([MOVE])
  })

  it('sends no note when the move is refused', async () => {
    const { keys } = rejectWith({ [MOVE]: { status: 409, body: { error: 'Someone else moved this applicant a moment ago.' } }, [NOTES]: SAVED }, 'Too far from the office.')
    expect(await screen.findByText('The board has changed')).toBeTruthy()
    await aTick()
    expect(keys()).toEqual([MOVE])
  })

  it('if the note fails, the rejection stands and a toast says to add it on the applicant page', async () => {
    const { keys } = rejectWith({ [MOVE]: moved('a1'), [NOTES]: FAILED }, 'Wanted 40k over the band.')
    expect(await screen.findByText('Rejected, but the note didn’t save for Chloe Martin. Add it on their applicant page.')).toBeTruthy()
    expect(screen.getByText('Your note didn’t save')).toBeTruthy()
    expect(screen.getByText('Applicant rejected')).toBeTruthy()
    expect(keys()).toEqual([MOVE, NOTES])
  })
})

describe('a note for the team with several rejections', () => {
  const REJECT = 'POST /api/employer/applications/bulk-reject'
  const notesOf = (id: string) => `POST /api/employer/applications/${id}/notes`
  const chloe = pipelineCard({ id: 'a1', stage: 'interview' })
  const tom = pipelineCard({ id: 'a2', candidate_id: 'c2', candidate_name: 'Tom Gallagher', candidate_email: 'tom@example.com' })
  const mia = pipelineCard({ id: 'a4', candidate_id: 'c4', candidate_name: 'Mia Nguyen', candidate_email: 'mia@example.com' })
  const erased = pipelineCard({ id: 'a3', candidate_id: 'c3', candidate_name: '[erased]', candidate_email: '[erased]' })

  /** The server rejects each of `cards` but those in `refused`. */
  function bulkReply(cards: PipelineCard[], refused: string[] = []) {
    const results = cards.map((c) => (refused.includes(c.id) ? { id: c.id, error: 'This applicant has been hired' } : { id: c.id, emailed: false, interviews_cancelled: 0 }))
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

  it('is saved on each one the server rejected, after the rejection; none on those it refused, nor the erased', async () => {
    const { keys, bodies } = rejectWith([chloe, tom, erased, mia], { [REJECT]: bulkReply([chloe, tom, erased, mia], ['a2']), [notesOf('a1')]: SAVED, [notesOf('a4')]: SAVED }, 'Budget is capped this quarter.')
    await waitFor(() => expect(keys()).toHaveLength(3))
    expect(keys()[0]).toBe(REJECT)
    expect(keys().slice(1).sort()).toEqual([notesOf('a1'), notesOf('a4')])
    expect(bodies(notesOf('a1'))).toEqual([{ body: 'Rejected (Pay didn’t line up): Budget is capped this quarter.' }])
    expect(bodies(notesOf('a4'))).toEqual([{ body: 'Rejected (Pay didn’t line up): Budget is capped this quarter.' }])
    // the feedback the candidates read does not carry it
    expect(bodies(REJECT)).toEqual([{ application_ids: ['a1', 'a2', 'a3', 'a4'], email_candidates: true, reason: 'salary' }])
    expect(await screen.findByText('3 applicants rejected')).toBeTruthy()
    await aTick()
    expect(keys()).toHaveLength(3)
  })

  it('sends no note when none was written', async () => {
    const { keys } = rejectWith([chloe, tom], { [REJECT]: bulkReply([chloe, tom]), [notesOf('a1')]: SAVED, [notesOf('a2')]: SAVED }, '')
    expect(await screen.findByText('2 applicants rejected')).toBeTruthy()
    await aTick()
    expect(keys()).toEqual([REJECT])
  })

  it('sends no note when the rejection itself fails', async () => {
    const { keys } = rejectWith([chloe, tom], { [REJECT]: FAILED, [notesOf('a1')]: SAVED, [notesOf('a2')]: SAVED }, 'Budget is capped this quarter.')
    expect(await screen.findByText('Something went wrong')).toBeTruthy()
    await aTick()
    expect(keys()).toEqual([REJECT])
  })

  it('if a note fails, the rejections stand and a toast names whose note to add', async () => {
    const { keys } = rejectWith([chloe, tom], { [REJECT]: bulkReply([chloe, tom]), [notesOf('a1')]: SAVED, [notesOf('a2')]: FAILED }, 'Budget is capped this quarter.')
    expect(await screen.findByText('Rejected, but the note didn’t save for Tom Gallagher. Add it on their applicant page.')).toBeTruthy()
    expect(screen.getByText('Your note didn’t save')).toBeTruthy()
    expect(screen.getByText('2 applicants rejected')).toBeTruthy()
    expect(keys()).toHaveLength(3)
  })
})

describe('the note’s words', () => {
  it('leads with the reason’s label, or just “Rejected” without one; nothing when none was written', () => {
    expect(rejectionNote('Other', ' Moving interstate. ')).toBe('Rejected (Other): Moving interstate.')
    expect(rejectionNote(null, 'Moving interstate.')).toBe('Rejected: Moving interstate.')
    expect(rejectionNote('Other', ' \n ')).toBe('')
  })

  it('names several whose note did not save, and their pages', () => {
    const cards = ['Chloe Martin', 'Tom Gallagher'].map((candidate_name, i) => pipelineCard({ id: `a${i}`, candidate_name }))
    expect(noteNotSavedToast(cards).message).toBe('Rejected, but the note didn’t save for Chloe Martin and Tom Gallagher. Add it on their applicant pages.')
  })
})
