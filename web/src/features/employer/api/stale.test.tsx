import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Query } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { socket } from '../../../testing/fakeSocket'
import { freshEachTest, providers, routeFetch, storeSession, testQueryClient } from '../../../testing/harness'
import { useEmployerLive } from '../hooks/useEmployerLive'
import { employerKeys } from './keys'
import { useAddNote } from './add-note'
import { useMoveApplication } from './move-application'
import { useCancelInterview } from './cancel-interview'
import { useRescheduleInterview } from './reschedule-interview'
import { useScheduleInterview } from './schedule-interview'

vi.mock('socket.io-client', () => import('../../../testing/fakeSocket'))

freshEachTest(() => storeSession('employer', { name: 'Bo Boss' }, { role: 'employer' }))
beforeEach(() => socket.reset())

const MOVE = 'POST /api/employer/applications/a1/move'
const NOTE = 'POST /api/employer/applications/a1/notes'
const BOOK = 'POST /api/employer/applications/a1/interviews'

/** An employer tab: its mutations, with the workspace's socket open (`live`) or not, and a log of what is marked stale. */
function tab(live: boolean) {
  const qc = testQueryClient()
  const spy = vi.spyOn(qc, 'invalidateQueries')
  const wrapper = providers(qc, { role: 'employer', token: 't' })
  const { result } = renderHook(
    () => {
      useEmployerLive()
      return { move: useMoveApplication(), note: useAddNote(), book: useScheduleInterview() }
    },
    { wrapper },
  )
  if (live) act(() => socket.fire('connect'))
  const stale = () => spy.mock.calls.map((c) => JSON.stringify(c[0]?.queryKey ?? 'predicate'))
  return { result, stale }
}

const pipelineStale = [employerKeys.jobList(), employerKeys.pipelines('j1'), employerKeys.report('j1'), employerKeys.applicant('a1'), employerKeys.interviews()].map((k) =>
  JSON.stringify(k),
)
const move = { id: 'a1', jobId: 'j1', stage: 'interview' as const, version: 3 }

describe('a write and its socket echo mark the same queries stale once', () => {
  it('with the socket open, a move that took is refreshed by its pipeline_updated alone', async () => {
    routeFetch({ [MOVE]: { body: { id: 'a1', stage: 'interview', version: 4, message: 'Moved' } } })
    const { result, stale } = tab(true)
    await act(() => result.current.move.mutateAsync(move))
    expect(stale()).toEqual([])
    act(() => socket.fire('pipeline_updated', { job_id: 'j1', application_id: 'a1' }))
    expect(stale()).toEqual(pipelineStale)
  })

  it('without a socket, the move refreshes the same queries itself', async () => {
    routeFetch({ [MOVE]: { body: { id: 'a1', stage: 'interview', version: 4, message: 'Moved' } } })
    const { result, stale } = tab(false)
    await act(() => result.current.move.mutateAsync(move))
    await waitFor(() => expect(stale()).toEqual(pipelineStale))
  })

  it('a refused move reads the board again even with the socket open: nothing will echo it', async () => {
    routeFetch({ [MOVE]: { status: 409, body: { error: 'a stale version' } } })
    const { result, stale } = tab(true)
    await act(() => result.current.move.mutateAsync(move).catch(() => {}))
    await waitFor(() => expect(stale()).toEqual(pipelineStale))
  })

  it('a booked interview reaches the interviews to come once: by its pipeline_updated with the socket open, by the booking otherwise', async () => {
    routeFetch({ [BOOK]: { status: 201, body: { id: 'i1', message: 'Interview booked' } } })
    const booking = { applicationId: 'a1', body: { starts_at_local: '2099-01-21T10:00', duration_minutes: 45 } }
    const interviews = JSON.stringify(employerKeys.interviews())
    const live = tab(true)
    await act(() => live.result.current.book.mutateAsync(booking))
    expect(live.stale()).toEqual([])
    act(() => socket.fire('pipeline_updated', { job_id: 'j1', application_id: 'a1' }))
    expect(live.stale().filter((k) => k === interviews)).toHaveLength(1)
    const offline = tab(false)
    await act(() => offline.result.current.book.mutateAsync(booking))
    // and every board, whose card shows the next interview (the booking names no job)
    expect(offline.stale()).toEqual([JSON.stringify(employerKeys.applicant('a1')), interviews, JSON.stringify('predicate')])
  })

  it('without a socket, booking, moving or cancelling an interview reads every board again, and only boards', async () => {
    routeFetch({
      [BOOK]: { status: 201, body: { id: 'i1', message: 'Interview booked' } },
      'PUT /api/employer/interviews/i1': { body: { message: 'Interview moved' } },
      'POST /api/employer/interviews/i1/cancel': { body: { message: 'Interview cancelled' } },
    })
    const qc = testQueryClient()
    const spy = vi.spyOn(qc, 'invalidateQueries')
    const { result } = renderHook(() => ({ book: useScheduleInterview(), move: useRescheduleInterview(), cancel: useCancelInterview() }), {
      wrapper: providers(qc, { role: 'employer', token: 't' }),
    })
    const body = { starts_at_local: '2099-01-21T10:00', duration_minutes: 45 }
    const boards = () => spy.mock.calls.flatMap((c) => (c[0]?.predicate ? [c[0].predicate] : []))
    const query = (queryKey: readonly unknown[]) => ({ queryKey }) as unknown as Query
    await act(() => result.current.book.mutateAsync({ applicationId: 'a1', body }))
    await act(() => result.current.move.mutateAsync({ interviewId: 'i1', applicationId: 'a1', body }))
    await act(() => result.current.cancel.mutateAsync({ interviewId: 'i1', applicationId: 'a1' }))
    expect(boards()).toHaveLength(3)
    for (const marks of boards()) {
      expect(marks(query(employerKeys.pipeline('j1', {})))).toBe(true)
      expect(marks(query(employerKeys.pipelines('j2')))).toBe(true)
      expect(marks(query(employerKeys.report('j1')))).toBe(false)
      expect(marks(query(employerKeys.jobList()))).toBe(false)
    }
  })

  it('a note is refreshed by its assessment_updated while the socket is open, by the mutation otherwise', async () => {
    routeFetch({ [NOTE]: { status: 201, body: { id: 'n1', message: 'Note added' } } })
    const live = tab(true)
    await act(() => live.result.current.note.mutateAsync({ id: 'a1', body: 'Strong SQL' }))
    expect(live.stale()).toEqual([])
    const offline = tab(false)
    await act(() => offline.result.current.note.mutateAsync({ id: 'a1', body: 'Strong SQL' }))
    expect(offline.stale()).toEqual([JSON.stringify(employerKeys.applicant('a1')), JSON.stringify('predicate')])
  })
})
