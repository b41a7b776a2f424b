import { describe, expect, it } from 'vitest'
import { act, renderHook, screen, waitFor } from '@testing-library/react'
import { freshEachTest, providers, scriptFetch, storeSession, testQueryClient } from '../../../testing/harness'
import { hiredMoves, pipelineCard } from '../pipeline.fixtures'
import { employerKeys } from '../api/keys'
import type { Pipeline } from '../types'
import { useCardMover } from './useCardMover'

const card = pipelineCard()

function setup() {
  const qc = testQueryClient()
  qc.setQueryData<Pipeline>(employerKeys.pipeline('j1', {}), { job: {} as Pipeline['job'], counts: {} as Pipeline['counts'], stages: [], applications: [card] })
  const { result } = renderHook(() => useCardMover('j1'), { wrapper: providers(qc) })
  const cardNow = () => qc.getQueryData<Pipeline>(employerKeys.pipeline('j1', {}))?.applications[0]
  const stageNow = () => cardNow()?.stage
  const invalidated = () => qc.getQueryState(employerKeys.pipeline('j1', {}))?.isInvalidated
  return { result, card: cardNow, stageNow, invalidated }
}

freshEachTest(() => storeSession('employer', { name: 'Mei' }, { iat: Math.floor(Date.now() / 1000) }))

describe('moving a card', () => {
  it('sends the card’s version and says where the applicant went', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'screening', version: 2, message: 'Applicant moved', emailed: false } })
    const { result } = setup()
    act(() => result.current.moveCard(card, 'screening'))
    expect(await screen.findByText('Chloe Martin is now in Screening.')).toBeTruthy()
    expect(calls[0]).toMatchObject({ url: '/api/employer/applications/a1/move', method: 'POST', body: { stage: 'screening', version: 1 } })
  })

  it('on a 409 puts the card back, shows the server’s words and reads the board again', async () => {
    const text = 'Someone else moved this applicant a moment ago. The board now shows where they are.'
    scriptFetch({ status: 409, body: { error: text } })
    const { result, stageNow, invalidated } = setup()
    act(() => result.current.moveCard(card, 'interview'))
    expect(await screen.findByText(text)).toBeTruthy()
    expect(screen.getByText('The board has changed')).toBeTruthy()
    // the board's queries are marked stale, so an open board reads the newer state at once
    await waitFor(() => expect(invalidated()).toBe(true))
    expect(stageNow()).toBe('new')
  })

  it('asks for an email only with a rejection, and never for an erased applicant (they have no address)', async () => {
    const calls = scriptFetch(
      { body: { id: 'a1', stage: 'screening', version: 2, message: 'Applicant moved', emailed: false } },
      { body: { id: 'a1', stage: 'rejected', version: 2, message: 'Applicant moved', emailed: false } },
    )
    const { result } = setup()
    act(() => result.current.moveCard(card, 'screening', { emailCandidate: true }))
    await waitFor(() => expect(calls).toHaveLength(1))
    act(() => result.current.moveCard({ ...card, candidate_name: '[erased]', candidate_email: '[erased]' }, 'rejected', { emailCandidate: true }))
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls.map((c) => c.body)).toEqual([
      { stage: 'screening', version: 1 },
      { stage: 'rejected', version: 1 },
    ])
  })

  it('sends the team’s reason with a rejection only, and the card has it at once', async () => {
    const calls = scriptFetch(
      { body: { id: 'a1', stage: 'screening', version: 2, message: 'Applicant moved', emailed: false } },
      { body: { id: 'a1', stage: 'rejected', version: 2, message: 'Applicant moved', emailed: false } },
    )
    const { result, card: cardNow } = setup()
    act(() => result.current.moveCard(card, 'screening', { reason: 'salary' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    act(() => result.current.moveCard(card, 'rejected', { reason: 'salary' }))
    await waitFor(() => expect(cardNow()).toMatchObject({ stage: 'rejected', rejection_reason: 'salary' }))
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(calls.map((c) => c.body)).toEqual([
      { stage: 'screening', version: 1 },
      { stage: 'rejected', version: 1, reason: 'salary' },
    ])
  })

  it('sends the team’s note with a rejection only, trimmed, and leaves it out when blank', async () => {
    const reply = { body: { id: 'a1', stage: 'rejected', version: 2, message: 'Applicant moved', emailed: false, note_saved: true } }
    const calls = scriptFetch(reply, reply, reply)
    const { result } = setup()
    act(() => result.current.moveCard(card, 'screening', { note: 'Strong SQL.' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    act(() => result.current.moveCard(card, 'rejected', { reason: 'salary', note: '  Wanted 40k over the band. \n' }))
    await waitFor(() => expect(calls).toHaveLength(2))
    act(() => result.current.moveCard(card, 'rejected', { reason: 'salary', note: ' \n ' }))
    await waitFor(() => expect(calls).toHaveLength(3))
    expect(calls.map((c) => c.body)).toEqual([
      { stage: 'screening', version: 1 },
      // as written: the server leads it with the reason ("Rejected (…): ") when it saves it
      { stage: 'rejected', version: 1, reason: 'salary', team_note: 'Wanted 40k over the band.' },
      { stage: 'rejected', version: 1, reason: 'salary' },
    ])
    // the note is saved with the move: nothing is posted to the applicant's notes
    expect(calls.every((c) => c.url === '/api/employer/applications/a1/move')).toBe(true)
  })

  it('says the candidate was emailed when the server says it emailed them', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 2, message: 'Applicant moved', emailed: true } })
    const { result } = setup()
    act(() => result.current.moveCard(card, 'rejected', { feedback: ' We filled the role. ', emailCandidate: true }))
    expect(await screen.findByText('We’ve emailed Chloe Martin and updated their portal, with your feedback.')).toBeTruthy()
    expect(screen.getByText('Applicant rejected')).toBeTruthy()
    expect(calls[0].body).toEqual({ stage: 'rejected', version: 1, feedback: 'We filled the role.', email_candidate: true })
  })

  it('with the email asked for but none sent (already rejected, say), does not claim one went', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 2, message: 'Nothing changed', emailed: false } })
    const { result } = setup()
    act(() => result.current.moveCard(card, 'rejected', { emailCandidate: true }))
    expect(await screen.findByText('Chloe Martin will see it in their portal; no email was sent.')).toBeTruthy()
    expect(screen.queryByText(/emailed/)).toBeNull()
    expect(calls[0].body).toEqual({ stage: 'rejected', version: 1, email_candidate: true })
  })

  it('reads a reply without `emailed` (an older server) as no email sent', async () => {
    scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 2, message: 'Applicant moved' } })
    const { result } = setup()
    act(() => result.current.moveCard(card, 'rejected', { emailCandidate: true }))
    expect(await screen.findByText('Chloe Martin will see it in their portal; no email was sent.')).toBeTruthy()
  })

  it('says the interviews the server cancelled with a rejection', async () => {
    scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 2, message: 'Applicant moved', emailed: true, interviews_cancelled: 1 } })
    const { result } = setup()
    act(() => result.current.moveCard(card, 'rejected', { emailCandidate: true }))
    expect(await screen.findByText('We’ve emailed Chloe Martin and updated their portal. Their interview was cancelled.')).toBeTruthy()
  })

  it('unemailed with interviews cancelled, says only the rejection email did not go (the calendar updates did)', async () => {
    scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 2, message: 'Applicant moved', emailed: false, interviews_cancelled: 2 } })
    const { result } = setup()
    act(() => result.current.moveCard(card, 'rejected'))
    expect(await screen.findByText('Chloe Martin will see it in their portal; no rejection email was sent. Their 2 interviews were cancelled.')).toBeTruthy()
  })

  it('clears the card’s interview at once with a rejection, as the server cancels it', async () => {
    scriptFetch({ body: { id: 'a1', stage: 'rejected', version: 2, message: 'Applicant moved', emailed: false, interviews_cancelled: 1 } })
    const qc = testQueryClient()
    const booked = { ...card, next_interview_at: '2099-12-01T23:00:00Z', upcoming_interviews: 1 }
    qc.setQueryData<Pipeline>(employerKeys.pipeline('j1', {}), { job: {} as Pipeline['job'], counts: {} as Pipeline['counts'], stages: [], applications: [booked] })
    const { result } = renderHook(() => useCardMover('j1'), { wrapper: providers(qc) })
    act(() => result.current.moveCard(booked, 'rejected'))
    await waitFor(() => expect(qc.getQueryData<Pipeline>(employerKeys.pipeline('j1', {}))?.applications[0]).toMatchObject({ stage: 'rejected', next_interview_at: null, upcoming_interviews: 0 }))
  })

  it('does not send a move the server would refuse', () => {
    const calls = scriptFetch()
    const { result } = setup()
    act(() => result.current.moveCard({ ...card, stage: 'hired', moves: hiredMoves() }, 'new'))
    expect(calls).toHaveLength(0)
    expect(screen.getByText('This applicant has been hired, so their stage can no longer change')).toBeTruthy()
  })
})
