import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, providers, routeFetch, scriptFetch, storeSession } from '../../../testing/harness'
import { clientWithReasons, hiredMoves, pipelineCard, REASONS_ROUTE, REJECTION_REASONS, stageMoves } from '../pipeline.fixtures'
import type { PipelineCard, Stage } from '../types'
import { useMoveWithFeedback } from './RejectDialog'

const card = pipelineCard({ stage: 'screening', version: 3 })

const job = { title: 'Data Engineer', company: 'Eucalypt Software' }

function Harness({ c = card, j = job }: { c?: PipelineCard; j?: { title: string; company?: string } }) {
  const { requestMove, dialog } = useMoveWithFeedback('j1', j)
  const to = (stage: Stage) => () => requestMove(c, stage)
  return (
    <>
      <button onClick={to('rejected')}>reject</button>
      <button onClick={to('interview')}>interview</button>
      <button onClick={to('hired')}>hire</button>
      {dialog}
    </>
  )
}

/** The harness, the reasons already read (as once the app has read them), unless `reasons` is false. */
function setup(c?: PipelineCard, j?: { title: string; company?: string }, reasons = true) {
  render(<Harness c={c} j={j} />, { wrapper: providers(reasons ? clientWithReasons() : undefined) })
}

const REASON = 'Why isn’t this applicant going ahead?'
const reasonSelect = () => screen.getByLabelText(REASON) as HTMLSelectElement
/** Chooses "Salary expectations". */
const chooseReason = () => fireEvent.change(reasonSelect(), { target: { value: 'salary' } })
const emailBox = () => screen.getByRole('checkbox', { name: 'Email Chloe Martin as well' }) as HTMLInputElement
const mailBody = () => screen.getByTestId('rejection-mail-body').textContent

freshEachTest(() => storeSession('employer', { name: 'Mei' }, { iat: Math.floor(Date.now() / 1000) }))

describe('rejecting one applicant', () => {
  it('says what the candidate is told, and when, before asking for feedback; the email is ticked to begin with', () => {
    scriptFetch()
    setup()
    fireEvent.click(screen.getByText('reject'))
    const dialog = screen.getByRole('dialog', { name: 'Reject Chloe Martin?' })
    // as the server does it: the portal and a notification at once, with the feedback; an email when ticked
    expect(emailBox().checked).toBe(true)
    expect(
      within(dialog).getByText(
        'Chloe Martin will see straight away, in their portal and notifications, that this application won’t go further. We’ll also send them an email saying so.',
      ),
    ).toBeTruthy()
    fireEvent.click(emailBox())
    expect(
      within(dialog).getByText('Chloe Martin will see straight away, in their portal and notifications, that this application won’t go further. We won’t send them the rejection email.'),
    ).toBeTruthy()
    expect(screen.getByLabelText('Feedback for Chloe Martin (optional)').getAttribute('aria-describedby')).toBeTruthy()
    expect(within(dialog).getByText('They’ll read it with that news. Up to 2000 characters.')).toBeTruthy()
  })

  it('asks the team why, from the server’s reasons, starting on none; only the team sees it', async () => {
    const calls = routeFetch(REASONS_ROUTE)
    setup(undefined, undefined, false)
    fireEvent.click(screen.getByText('reject'))
    const select = reasonSelect()
    await waitFor(() => expect(select.options).toHaveLength(REJECTION_REASONS.length + 1))
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a reason', ...REJECTION_REASONS.map((r) => r.label)])
    expect(select.value).toBe('')
    expect(select.getAttribute('aria-required')).toBe('true')
    const hint = document.getElementById(select.getAttribute('aria-describedby')!)
    expect(hint?.textContent).toBe('Only your hiring team sees this. It’s not in the email.')
    expect(calls.map((c) => c.key)).toEqual(['GET /api/employer/rejection-reasons'])
    // with the email unticked there is no email to speak of
    fireEvent.click(screen.getByRole('checkbox', { name: /^Email .* as well$/ }))
    expect(hint?.textContent).toBe('Only your hiring team sees this.')
  })

  it('without a reason, says so on the field and sends nothing; once chosen, sends it with the move', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 4, message: 'Applicant moved', emailed: true } })
    setup()
    fireEvent.click(screen.getByText('reject'))
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    const error = screen.getByRole('alert')
    expect(error.textContent).toBe('Choose a reason')
    expect(reasonSelect().getAttribute('aria-invalid')).toBe('true')
    expect(reasonSelect().getAttribute('aria-describedby')).toContain(error.id)
    expect(screen.getByRole('dialog', { name: 'Reject Chloe Martin?' })).toBeTruthy()
    expect(calls).toHaveLength(0)

    fireEvent.change(reasonSelect(), { target: { value: 'another_candidate' } })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(reasonSelect().getAttribute('aria-invalid')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ stage: 'rejected', version: 3, email_candidate: true, reason: 'another_candidate' })
    expect(await screen.findByText('We’ve emailed Chloe Martin and updated their portal.')).toBeTruthy()
  })

  it('if the reasons do not load, says so, and Reject asks for them again rather than sending', async () => {
    const calls = routeFetch({ 'GET /api/employer/rejection-reasons': [{ status: 500, body: { error: 'Something went wrong' } }, REASONS_ROUTE['GET /api/employer/rejection-reasons']] })
    setup(undefined, undefined, false)
    fireEvent.click(screen.getByText('reject'))
    expect((await screen.findByRole('alert')).textContent).toBe('The reasons didn’t load. Press Reject to try again.')
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(reasonSelect().options).toHaveLength(REJECTION_REASONS.length + 1))
    expect(screen.getByRole('alert').textContent).toBe('Choose a reason')
    expect(calls.map((c) => c.key)).toEqual(['GET /api/employer/rejection-reasons', 'GET /api/employer/rejection-reasons'])
  })

  it('asks for feedback, sends it with the move and the ask to email, and says the candidate was emailed', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 4, message: 'Applicant moved', emailed: true } })
    setup()
    fireEvent.click(screen.getByText('reject'))
    expect(calls).toHaveLength(0)
    const dialog = screen.getByRole('dialog', { name: 'Reject Chloe Martin?' })
    chooseReason()
    fireEvent.change(screen.getByLabelText('Feedback for Chloe Martin (optional)'), { target: { value: '  We chose someone with more Rust.  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({ url: '/api/employer/applications/a1/move', method: 'POST' })
    expect(calls[0].body).toEqual({ stage: 'rejected', version: 3, feedback: 'We chose someone with more Rust.', email_candidate: true, reason: 'salary' })
    expect(dialog.isConnected).toBe(false)
    expect(await screen.findByText('We’ve emailed Chloe Martin and updated their portal, with your feedback.')).toBeTruthy()
    expect(screen.getByText('Applicant rejected')).toBeTruthy()
  })

  it('unticked, sends no email_candidate (nor an empty feedback) and says no email went', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 4, message: 'Applicant moved', emailed: false } })
    setup()
    fireEvent.click(screen.getByText('reject'))
    fireEvent.click(emailBox())
    chooseReason()
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ stage: 'rejected', version: 3, reason: 'salary' })
    expect(await screen.findByText('Chloe Martin will see it in their portal; no email was sent.')).toBeTruthy()
  })

  it('ticked without feedback, asks for the email and says so', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 4, message: 'Applicant moved', emailed: true } })
    setup()
    fireEvent.click(screen.getByText('reject'))
    chooseReason()
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ stage: 'rejected', version: 3, email_candidate: true, reason: 'salary' })
    expect(await screen.findByText('We’ve emailed Chloe Martin and updated their portal.')).toBeTruthy()
  })

  it('unticked with feedback, says it is in their portal with the feedback and no email went', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 4, message: 'Applicant moved', emailed: false } })
    setup()
    fireEvent.click(screen.getByText('reject'))
    fireEvent.change(screen.getByLabelText('Feedback for Chloe Martin (optional)'), { target: { value: 'Thanks for your time.' } })
    fireEvent.click(emailBox())
    chooseReason()
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ stage: 'rejected', version: 3, feedback: 'Thanks for your time.', reason: 'salary' })
    expect(await screen.findByText('Chloe Martin will see it in their portal, with your feedback; no email was sent.')).toBeTruthy()
  })

  it('previews the email as it will go out, with the feedback as it is typed; none when unticked', () => {
    scriptFetch()
    setup()
    fireEvent.click(screen.getByText('reject'))
    const preview = screen.getByText('Preview the email').closest('details')!
    expect(preview.open).toBe(false)
    fireEvent.click(screen.getByText('Preview the email'))
    expect(within(preview).getByText('chloe@example.com')).toBeTruthy()
    expect(within(preview).getByText('Your application for Data Engineer at Eucalypt Software')).toBeTruthy()
    expect(mailBody()).toContain('Hi Chloe,\n\nThank you for applying for Data Engineer at Eucalypt Software.')
    expect(mailBody()).not.toContain('A note from the hiring team')
    fireEvent.change(screen.getByLabelText('Feedback for Chloe Martin (optional)'), { target: { value: 'We went with someone with more Rust.' } })
    expect(mailBody()).toContain('A note from the hiring team at Eucalypt Software:\n\nWe went with someone with more Rust.\n\nThis doesn\'t close any other door')
    // the public site, as seen from this host
    expect(mailBody()).toContain(`${window.location.origin}/jobs/find`)
    fireEvent.click(emailBox())
    expect(screen.queryByText('Preview the email')).toBeNull()
  })

  it('on the applicant page, whose job has no company, reads it from the jobs list for the preview', async () => {
    const calls = routeFetch({ 'GET /api/employer/jobs': { body: [{ id: 'j1', title: 'Data Engineer', company: 'Opal Data' }] } })
    setup(undefined, { title: 'Data Engineer' })
    expect(calls).toHaveLength(0)
    fireEvent.click(screen.getByText('reject'))
    expect(await screen.findByText('Your application for Data Engineer at Opal Data')).toBeTruthy()
  })

  it('for an erased applicant, says there is no one to tell and asks for neither feedback nor an email', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 4, message: 'Applicant moved', emailed: false } })
    setup({ ...card, candidate_name: '[erased]', candidate_email: '[erased]' })
    fireEvent.click(screen.getByText('reject'))
    const dialog = screen.getByRole('dialog', { name: 'Reject Erased person?' })
    expect(within(dialog).getByText('Their personal data was erased, so there is no one to tell: the application simply moves to Rejected.')).toBeTruthy()
    expect(within(dialog).queryByRole('textbox')).toBeNull()
    expect(within(dialog).queryByRole('checkbox')).toBeNull()
    expect(within(dialog).queryByText('Preview the email')).toBeNull()
    // the team's reason is still theirs to keep
    chooseReason()
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ stage: 'rejected', version: 3, reason: 'salary' })
    expect(await screen.findByText('Erased person is now in Rejected.')).toBeTruthy()
  })

  it('Cancel (or Escape) sends nothing', () => {
    const calls = scriptFetch()
    setup()
    fireEvent.click(screen.getByText('reject'))
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByText('reject'))
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it('moves to other stages at once, without a dialog', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'interview', version: 4, message: 'Applicant moved', emailed: false } })
    setup()
    fireEvent.click(screen.getByText('interview'))
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ stage: 'interview', version: 3 })
  })

  it('does not ask about a move that is not possible (a hired applicant)', () => {
    const calls = scriptFetch()
    setup({ ...card, stage: 'hired', moves: hiredMoves() })
    fireEvent.click(screen.getByText('reject'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls).toHaveLength(0)
    expect(screen.getByText('This applicant has been hired, so their stage can no longer change')).toBeTruthy()
  })
})

describe('rejecting one applicant with interviews still to come', () => {
  // 11 pm UTC on 1 Dec 2099 is 10 am on Wednesday 2 Dec in Sydney
  const booked = (count: number) => ({ ...card, next_interview_at: '2099-12-01T23:00:00Z', upcoming_interviews: count })
  const ONE =
    'Their interview on Wednesday 2 December 2099 at 10:00 am is cancelled too: they’ll get an email with a calendar update that removes it, saying the application is not going ahead.'

  it('says the interview is cancelled too, with an email and a calendar update, ticked or not', () => {
    scriptFetch()
    setup(booked(1))
    fireEvent.click(screen.getByText('reject'))
    const dialog = screen.getByRole('dialog', { name: 'Reject Chloe Martin?' })
    const note = within(dialog).getByText(ONE)
    // said before the Reject button
    expect(note.compareDocumentPosition(within(dialog).getByRole('button', { name: 'Reject' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    fireEvent.click(emailBox())
    expect(within(dialog).getByText(ONE)).toBeTruthy()
    // unticked, only the rejection email is not sent: the cancellation is still mailed
    expect(within(dialog).getByText(/We won’t send them the rejection email\.$/)).toBeTruthy()
    expect(within(dialog).queryByText(/won’t email/)).toBeNull()
  })

  it('counts them when there are more than one, naming the first', () => {
    scriptFetch()
    setup(booked(2))
    fireEvent.click(screen.getByText('reject'))
    expect(
      screen.getByText(
        'Their 2 interviews still to come, the first on Wednesday 2 December 2099 at 10:00 am, are cancelled too: they’ll get an email for each, with a calendar update that removes it, saying the application is not going ahead.',
      ),
    ).toBeTruthy()
  })

  it('for an erased applicant, says only that it is cancelled: no one is mailed', () => {
    scriptFetch()
    setup({ ...booked(1), candidate_name: '[erased]', candidate_email: '[erased]' })
    fireEvent.click(screen.getByText('reject'))
    const dialog = screen.getByRole('dialog', { name: 'Reject Erased person?' })
    expect(within(dialog).getByText('Their interview on Wednesday 2 December 2099 at 10:00 am is cancelled too.')).toBeTruthy()
    expect(within(dialog).queryByText(/calendar/)).toBeNull()
  })

  it('says nothing of interviews when there are none', () => {
    scriptFetch()
    setup()
    fireEvent.click(screen.getByText('reject'))
    expect(within(screen.getByRole('dialog')).queryByText(/interview/i)).toBeNull()
  })

  it('the toast says what the server cancelled', async () => {
    scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 4, message: 'Applicant moved', emailed: true, interviews_cancelled: 1 } })
    setup(booked(1))
    fireEvent.click(screen.getByText('reject'))
    chooseReason()
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    expect(await screen.findByText('We’ve emailed Chloe Martin and updated their portal. Their interview was cancelled.')).toBeTruthy()
  })
})

describe('marking one applicant hired', () => {
  const atOffer = pipelineCard({ stage: 'offer', version: 5, moves: stageMoves('offer') })

  it('asks first, since it is final and the candidate is told at once; Cancel sends nothing', () => {
    const calls = scriptFetch()
    setup(atOffer)
    fireEvent.click(screen.getByText('hire'))
    expect(screen.getByRole('dialog', { name: 'Mark Chloe Martin as hired?' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls).toHaveLength(0)
  })

  it('moves once confirmed', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'hired', version: 6, message: 'Applicant moved', emailed: false } })
    setup(atOffer)
    fireEvent.click(screen.getByText('hire'))
    fireEvent.click(screen.getByRole('button', { name: 'Mark as hired' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ stage: 'hired', version: 5 })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('does not ask about a hire the pipeline refuses (before Offer)', () => {
    const calls = scriptFetch()
    setup()
    fireEvent.click(screen.getByText('hire'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls).toHaveLength(0)
  })
})
