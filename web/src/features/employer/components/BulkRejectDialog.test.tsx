import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { pipelineCard, REASONS_ROUTE } from '../pipeline.fixtures'
import type { PipelineCard } from '../types'
import { PipelineList } from './PipelineList'

freshEachTest(() => storeSession('employer', { name: 'Mei Chen', role: 'employer' }, { role: 'employer' }))

const chloe = pipelineCard({ id: 'a1', candidate_name: 'Chloe Martin', stage: 'interview' })
const tom = pipelineCard({ id: 'a2', candidate_id: 'c2', candidate_name: 'Tom Gallagher', candidate_email: 'tom@example.com' })
const erased = pipelineCard({ id: 'a3', candidate_id: 'c3', candidate_name: '[erased]', candidate_email: '[erased]', stage: 'screening' })
const REJECT = 'POST /api/employer/applications/bulk-reject'
/** The reason's question when one applicant is chosen. */
const ONE = 'Why isn’t this applicant going ahead?'

/**
 * The list of job j1 with `cards`; the server rejects every one asked for (cancelling their
 * interviews still to come) but those in `already` (already rejected: passed over, not counted)
 * and, when asked to, emails each one it rejects except the erased and those in `notEmailed` (for
 * a reason it does not give), and says so.
 */
function openList(cards: PipelineCard[], notEmailed: string[] = [], already: string[] = []) {
  const calls = routeFetch({
    ...REASONS_ROUTE,
    'GET /api/employer/jobs/j1/pipeline': {
      body: {
        job: { id: 'j1', title: 'Data Engineer', company: 'Eucalypt Software' },
        counts: { new: 1, screening: 1, interview: 1, offer: 0, hired: 0, rejected: 0, total: cards.length },
        stages: [],
        applications: cards,
      },
    },
    [REJECT]: (init) => {
      const body: { application_ids: string[]; email_candidates?: boolean } = JSON.parse(String(init?.body))
      const passed = (id: string) => already.includes(id)
      const mailable = (id: string) => !!body.email_candidates && id !== erased.id && !notEmailed.includes(id) && !passed(id)
      const upcoming = (id: string) => (passed(id) ? 0 : (cards.find((c) => c.id === id)?.upcoming_interviews ?? 0))
      const results = body.application_ids.map((id) => ({ id, emailed: mailable(id), interviews_cancelled: upcoming(id), already_rejected: passed(id) }))
      const cancelled = results.reduce((sum, r) => sum + r.interviews_cancelled, 0)
      const rejected = results.filter((r) => !r.already_rejected).length
      return { body: { rejected, emailed: results.filter((r) => r.emailed).length, interviews_cancelled: cancelled, results } }
    },
  })
  renderRoutes([{ path: '/dashboard/jobs/:jobId', element: <PipelineList jobId="j1" jobTitle="Data Engineer" locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1?view=list')
  const sent = () => calls.filter((c) => c.key === REJECT).map((c) => c.body)
  return { sent }
}

async function chooseAndOpen(...names: string[]) {
  await screen.findByRole('table')
  for (const name of names) fireEvent.click(screen.getByLabelText(`Choose ${name}`))
  fireEvent.click(screen.getByRole('button', { name: new RegExp(`^Reject ${names.length} chosen`) }))
  return screen.getByRole('dialog')
}

/** Chooses the reason for them all, once the reasons are in; `question` is the field's label. */
async function chooseReason(dialog: HTMLElement, reason = 'role_closed', question = 'Why aren’t these applicants going ahead?') {
  const select = within(dialog).getByLabelText(question) as HTMLSelectElement
  await waitFor(() => expect(select.options.length).toBeGreaterThan(1))
  fireEvent.change(select, { target: { value: reason } })
}

/** Chooses the reason, then presses Reject. */
async function reject(dialog: HTMLElement, question?: string) {
  await chooseReason(dialog, 'role_closed', question)
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }))
}

describe('rejecting the chosen applicants together', () => {
  it('emails each of them unless unticked, and the toast names who was emailed', async () => {
    const { sent } = openList([chloe, tom])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher')
    const box = within(dialog).getByRole('checkbox', { name: 'Email each of them as well' }) as HTMLInputElement
    expect(box.checked).toBe(true)
    expect(
      within(dialog).getByText(
        'Each of them will see straight away, in their portal and notifications, that their application won’t go further. We’ll also send each of them an email saying so.',
      ),
    ).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Feedback for the applicants (optional)'), { target: { value: ' We filled the role. ' } })
    // each gets their own: the preview is the first one's, with the feedback as typed
    expect(within(dialog).getByText('Each of them gets their own, greeted by their first name. This is Chloe Martin’s.')).toBeTruthy()
    expect(within(dialog).getByText('Your application for Data Engineer at Eucalypt Software')).toBeTruthy()
    expect(within(dialog).getByTestId('rejection-mail-body').textContent).toContain('Hi Chloe,')
    expect(within(dialog).getByTestId('rejection-mail-body').textContent).toContain('A note from the hiring team at Eucalypt Software:\n\nWe filled the role.\n\n')
    await reject(dialog)
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({ application_ids: ['a1', 'a2'], feedback: 'We filled the role.', email_candidates: true, reason: 'role_closed' })
    expect(await screen.findByText('We’ve emailed Chloe Martin and Tom Gallagher and updated their portals, with your feedback.')).toBeTruthy()
    expect(screen.getByText('2 applicants rejected')).toBeTruthy()
  })

  it('unticked, sends no email_candidates and says no email went', async () => {
    const { sent } = openList([chloe, tom])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher')
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Email each of them as well' }))
    expect(
      within(dialog).getByText('Each of them will see straight away, in their portal and notifications, that their application won’t go further. We won’t send them the rejection email.'),
    ).toBeTruthy()
    expect(within(dialog).queryByText('Preview the email')).toBeNull()
    await reject(dialog)
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({ application_ids: ['a1', 'a2'], reason: 'role_closed' })
    expect(await screen.findByText('Chloe Martin and Tom Gallagher will see it in their portals; no email was sent.')).toBeTruthy()
  })

  it('ticked, but the server emailed no one: does not claim an email went', async () => {
    const { sent } = openList([chloe, tom], ['a1', 'a2'])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher')
    await reject(dialog)
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({ application_ids: ['a1', 'a2'], email_candidates: true, reason: 'role_closed' })
    expect(await screen.findByText('Chloe Martin and Tom Gallagher will see it in their portals; no email was sent.')).toBeTruthy()
    expect(screen.queryByText(/emailed/)).toBeNull()
  })

  it('names only those the server emailed, and counts the rest', async () => {
    openList([chloe, tom], ['a1'])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher')
    await reject(dialog)
    expect(await screen.findByText('We’ve emailed Tom Gallagher and updated their portal. One applicant wasn’t emailed.')).toBeTruthy()
  })

  it('one already rejected is passed over: not counted, not emailed, and the toast says they were left as they were', async () => {
    const { sent } = openList([chloe, tom], [], ['a1'])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher')
    await reject(dialog)
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(await screen.findByText('We’ve emailed Tom Gallagher and updated their portal. Chloe Martin was already rejected, so we left them as they were.')).toBeTruthy()
    expect(screen.getByText('1 applicant rejected')).toBeTruthy()
  })

  it('every one already rejected: says no one was rejected, rather than “0 applicants rejected”', async () => {
    openList([chloe, tom], [], ['a1', 'a2'])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher')
    await reject(dialog)
    expect(await screen.findByText('Chloe Martin and Tom Gallagher were already rejected, so we left them as they were.')).toBeTruthy()
    expect(screen.getByText('No one rejected')).toBeTruthy()
    expect(screen.queryByText(/emailed/)).toBeNull()
  })

  it('one chosen: asks by name', async () => {
    const { sent } = openList([chloe, tom])
    const dialog = await chooseAndOpen('Tom Gallagher')
    expect(within(dialog).getByRole('checkbox', { name: 'Email Tom Gallagher as well' })).toBeTruthy()
    expect(within(dialog).getByText('tom@example.com')).toBeTruthy()
    await reject(dialog, ONE)
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({ application_ids: ['a2'], email_candidates: true, reason: 'role_closed' })
    expect(await screen.findByText('We’ve emailed Tom Gallagher and updated their portal.')).toBeTruthy()
  })

  it('says an erased applicant among them won’t be emailed, and speaks of the others as the others', async () => {
    const { sent } = openList([chloe, tom, erased])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher', 'Erased person')
    const erasedNote = within(dialog).getByText('One of them had their personal data erased: there is no one to tell or email, so their application simply moves to Rejected.')
    const notice = within(dialog).getByText(
      'The other 2 will see straight away, in their portal and notifications, that their application won’t go further. We’ll also email each of them.',
    )
    // the erased one first, so "the other 2" follows on from it
    expect(erasedNote.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(dialog).queryByText(/Each of them will see/)).toBeNull()
    expect((within(dialog).getByRole('checkbox', { name: 'Email the other 2 as well' }) as HTMLInputElement).checked).toBe(true)
    expect(within(dialog).getByText('Each of the other 2 gets their own, greeted by their first name. This is Chloe Martin’s.')).toBeTruthy()
    await reject(dialog)
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({ application_ids: ['a1', 'a2', 'a3'], email_candidates: true, reason: 'role_closed' })
    expect(
      await screen.findByText('We’ve emailed Chloe Martin and Tom Gallagher and updated their portals. One applicant’s personal data was erased, so they weren’t emailed.'),
    ).toBeTruthy()
  })

  it('with an erased applicant among them, unticked, says the other 2 get no rejection email', async () => {
    const { sent } = openList([chloe, tom, erased])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher', 'Erased person')
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Email the other 2 as well' }))
    expect(
      within(dialog).getByText('The other 2 will see straight away, in their portal and notifications, that their application won’t go further. We won’t send them the rejection email.'),
    ).toBeTruthy()
    await reject(dialog)
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({ application_ids: ['a1', 'a2', 'a3'], reason: 'role_closed' })
  })

  it('with an erased applicant and one other, names the other', async () => {
    openList([chloe, tom, erased])
    const dialog = await chooseAndOpen('Tom Gallagher', 'Erased person')
    expect(within(dialog).getByText('One of them had their personal data erased: there is no one to tell or email, so their application simply moves to Rejected.')).toBeTruthy()
    expect(
      within(dialog).getByText('Tom Gallagher will see straight away, in their portal and notifications, that this application won’t go further. We’ll also send them an email saying so.'),
    ).toBeTruthy()
    expect(within(dialog).getByRole('checkbox', { name: 'Email Tom Gallagher as well' })).toBeTruthy()
    expect(within(dialog).queryByText(/The other|Each of the other/)).toBeNull()
  })

  it('with only erased applicants chosen, asks for neither feedback nor an email', async () => {
    const { sent } = openList([chloe, erased])
    const dialog = await chooseAndOpen('Erased person')
    expect(within(dialog).getByText('Their personal data was erased, so there is no one to tell: the application simply moves to Rejected.')).toBeTruthy()
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
    expect(within(dialog).queryByRole('textbox')).toBeNull()
    await reject(dialog, ONE)
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({ application_ids: ['a3'], reason: 'role_closed' })
    expect(await screen.findByText('Their personal data was erased, so there was no one to tell.')).toBeTruthy()
  })
})

describe('the reason for them all', () => {
  it('is asked once, from the server’s reasons; without it nothing is sent, and the chosen one goes with them all', async () => {
    const { sent } = openList([chloe, tom])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher')
    const select = within(dialog).getByLabelText('Why aren’t these applicants going ahead?') as HTMLSelectElement
    await waitFor(() => expect(select.options).toHaveLength(9))
    expect(select.options[0].textContent).toBe('Choose a reason')
    expect(within(dialog).getByText('Only your hiring team sees this. It’s not in the email.')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }))
    const error = within(dialog).getByRole('alert')
    expect(error.textContent).toBe('Choose a reason')
    expect(select.getAttribute('aria-invalid')).toBe('true')
    expect(select.getAttribute('aria-describedby')).toContain(error.id)
    // a request would go out a tick later: give it the chance
    await new Promise((r) => setTimeout(r, 50))
    expect(sent()).toEqual([])

    fireEvent.change(select, { target: { value: 'salary' } })
    expect(within(dialog).queryByRole('alert')).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toEqual({ application_ids: ['a1', 'a2'], email_candidates: true, reason: 'salary' })
    expect(await screen.findByText('2 applicants rejected')).toBeTruthy()
  })
})

describe('rejecting together applicants with interviews still to come', () => {
  const booked = { ...chloe, next_interview_at: '2099-12-01T23:00:00Z', upcoming_interviews: 2 }

  it('says how many of them have one and that those are cancelled too, and the toast what the server cancelled', async () => {
    openList([booked, tom])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher')
    expect(
      within(dialog).getByText(
        'One of them has interviews still to come: those interviews are cancelled too, and for each one the candidate gets an email with a calendar update that removes it, saying the application is not going ahead.',
      ),
    ).toBeTruthy()
    await reject(dialog)
    expect(await screen.findByText('We’ve emailed Chloe Martin and Tom Gallagher and updated their portals. 2 interviews were cancelled.')).toBeTruthy()
  })

  it('says nothing of interviews when none of them has one', async () => {
    openList([chloe, tom])
    const dialog = await chooseAndOpen('Chloe Martin', 'Tom Gallagher')
    expect(within(dialog).queryByText(/interview/i)).toBeNull()
    await reject(dialog)
    expect(await screen.findByText('We’ve emailed Chloe Martin and Tom Gallagher and updated their portals.')).toBeTruthy()
  })
})
