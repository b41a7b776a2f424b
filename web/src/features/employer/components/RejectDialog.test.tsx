import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, providers, scriptFetch, storeSession } from '../../../testing/harness'
import { hiredMoves, pipelineCard, stageMoves } from '../pipeline.fixtures'
import type { PipelineCard, Stage } from '../types'
import { useMoveWithFeedback } from './RejectDialog'

const card = pipelineCard({ stage: 'screening', version: 3 })

function Harness({ c = card }: { c?: PipelineCard }) {
  const { requestMove, dialog } = useMoveWithFeedback('j1')
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

function setup(c?: PipelineCard) {
  render(<Harness c={c} />, { wrapper: providers() })
}

freshEachTest(() => storeSession('employer', { name: 'Mei' }, { iat: Math.floor(Date.now() / 1000) }))

describe('rejecting one applicant', () => {
  it('says what the candidate is told, and when, before asking for feedback', () => {
    scriptFetch()
    setup()
    fireEvent.click(screen.getByText('reject'))
    const dialog = screen.getByRole('dialog', { name: 'Reject Chloe Martin?' })
    // as the server does it: the portal and a notification at once, with the feedback; no email
    expect(
      within(dialog).getByText('Chloe Martin will see straight away, in their portal and notifications, that this application won’t go further. No email is sent.'),
    ).toBeTruthy()
    expect(screen.getByLabelText('Feedback for Chloe Martin (optional)').getAttribute('aria-describedby')).toBeTruthy()
    expect(within(dialog).getByText('They’ll read it with that news. Up to 2000 characters.')).toBeTruthy()
  })

  it('asks for feedback, sends it with the move and says the candidate has been told', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 4, message: 'Applicant moved' } })
    setup()
    fireEvent.click(screen.getByText('reject'))
    expect(calls).toHaveLength(0)
    const dialog = screen.getByRole('dialog', { name: 'Reject Chloe Martin?' })
    fireEvent.change(screen.getByLabelText('Feedback for Chloe Martin (optional)'), { target: { value: '  We chose someone with more Rust.  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({ url: '/api/employer/applications/a1/move', method: 'POST', body: { stage: 'rejected', version: 3, feedback: 'We chose someone with more Rust.' } })
    expect(dialog.isConnected).toBe(false)
    expect(await screen.findByText('We’ve let Chloe Martin know, with your feedback.')).toBeTruthy()
    expect(screen.getByText('Applicant rejected')).toBeTruthy()
  })

  it('sends no feedback field when none is written, and names who was told', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 4, message: 'Applicant moved' } })
    setup()
    fireEvent.click(screen.getByText('reject'))
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ stage: 'rejected', version: 3 })
    expect(await screen.findByText('We’ve let Chloe Martin know in their portal.')).toBeTruthy()
  })

  it('for an erased applicant, says there is no one to tell and asks for no feedback', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 4, message: 'Applicant moved' } })
    setup({ ...card, candidate_name: '[erased]', candidate_email: '[erased]' })
    fireEvent.click(screen.getByText('reject'))
    const dialog = screen.getByRole('dialog', { name: 'Reject Erased person?' })
    expect(within(dialog).getByText('Their personal data was erased, so there is no one to tell: the application simply moves to Rejected.')).toBeTruthy()
    expect(within(dialog).queryByRole('textbox')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0].body).toEqual({ stage: 'rejected', version: 3 })
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
    const calls = scriptFetch({ body: { id: 'a1', stage: 'interview', version: 4, message: 'Applicant moved' } })
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
    const calls = scriptFetch({ body: { id: 'a1', stage: 'hired', version: 6, message: 'Applicant moved' } })
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
