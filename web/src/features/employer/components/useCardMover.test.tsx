import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, renderHook, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ToastProvider } from '../../../components/ui/toast'
import { makeJwt } from '../../../lib/session.fixtures'
import { scriptFetch } from '../../../testing/harness'
import { employerKeys } from '../api/keys'
import type { Pipeline, PipelineCard } from '../types'
import { useCardMover } from './useCardMover'

const card: PipelineCard = {
  id: 'a1',
  job_id: 'j1',
  candidate_id: 'c1',
  candidate_name: 'Chloe Martin',
  candidate_email: 'chloe@example.com',
  stage: 'new',
  status: 'pending',
  version: 1,
  feedback: null,
  resume_id: null,
  cover_letter_id: null,
  created_at: '2026-11-21T00:00:00Z',
  last_updated: null,
}

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  qc.setQueryData<Pipeline>(employerKeys.pipeline('j1', {}), { job: {} as Pipeline['job'], counts: {} as Pipeline['counts'], stages: [], applications: [card] })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  )
  const { result } = renderHook(() => useCardMover('j1'), { wrapper })
  const stageNow = () => qc.getQueryData<Pipeline>(employerKeys.pipeline('j1', {}))?.applications[0].stage
  const invalidated = () => qc.getQueryState(employerKeys.pipeline('j1', {}))?.isInvalidated
  return { result, stageNow, invalidated }
}

beforeEach(() => {
  const now = Math.floor(Date.now() / 1000)
  localStorage.setItem('jwtToken', makeJwt({ iat: now, exp: now + 3600 }))
  localStorage.setItem('employerUser', '{"name":"Mei"}')
})
afterEach(() => {
  cleanup()
  localStorage.clear()
  vi.unstubAllGlobals()
})

describe('moving a card', () => {
  it('sends the card’s version and says where the applicant went', async () => {
    const calls = scriptFetch({ body: { id: 'a1', stage: 'screening', version: 2, message: 'Applicant moved' } })
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

  it('does not send a move the server would refuse', () => {
    const calls = scriptFetch()
    const { result } = setup()
    act(() => result.current.moveCard({ ...card, stage: 'hired' }, 'new'))
    expect(calls).toHaveLength(0)
    expect(screen.getByText('This applicant has been hired, so their stage can no longer change')).toBeTruthy()
  })
})
