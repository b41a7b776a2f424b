import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act } from '@testing-library/react'
import { socket } from '../../../testing/fakeSocket'
import { renderOnSocket } from '../../../testing/harness'
import { employerKeys, isPipelineKey } from '../api/keys'
import { useEmployerLive } from './useEmployerLive'

vi.mock('socket.io-client', () => import('../../../testing/fakeSocket'))

beforeEach(() => socket.reset())

const setup = () => renderOnSocket(useEmployerLive, 'employer')

describe('employer live events', () => {
  it('pipeline_updated marks the job list, that job’s boards and report, the applicant and the interviews to come stale', () => {
    const { stale } = setup()
    act(() => socket.fire('pipeline_updated', { job_id: 'j1', application_id: 'a1' }))
    expect(stale()).toEqual(
      [employerKeys.jobList(), employerKeys.pipelines('j1'), employerKeys.report('j1'), employerKeys.applicant('a1'), employerKeys.interviews()].map((k) =>
        JSON.stringify(k),
      ),
    )
  })

  it('assessment_updated marks that applicant and the boards (their ratings) stale', () => {
    const { stale } = setup()
    act(() => socket.fire('assessment_updated', { application_id: 'a2' }))
    expect(stale()).toEqual([JSON.stringify(employerKeys.applicant('a2')), undefined])
  })

  it('knows a pipeline query by its key', () => {
    expect(isPipelineKey(employerKeys.pipeline('j1', { stage: 'new' }))).toBe(true)
    expect(isPipelineKey(employerKeys.report('j1'))).toBe(false)
    expect(isPipelineKey(employerKeys.jobList())).toBe(false)
  })

  it('hears nothing of other events', () => {
    const { stale } = setup()
    act(() => socket.fire('application_updated', { application_id: 'a1' }))
    expect(stale()).toEqual([])
  })
})
