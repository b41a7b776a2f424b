import { describe, expect, it, vi } from 'vitest'
import { renderHook } from '@testing-library/react'
import { providers, testQueryClient } from '../../../testing/harness'
import { employerKeys, isPipelineKey } from '../api/keys'
import { useEmployerLiveHandlers } from './useEmployerLive'

function setup() {
  const qc = testQueryClient()
  const spy = vi.spyOn(qc, 'invalidateQueries')
  const { result } = renderHook(() => useEmployerLiveHandlers(), { wrapper: providers(qc) })
  const keys = () => spy.mock.calls.map((c) => JSON.stringify(c[0]?.queryKey))
  return { handlers: result.current, keys }
}

describe('employer live events', () => {
  it('pipeline_updated marks the job list, that job’s boards and report, and the applicant stale', () => {
    const { handlers, keys } = setup()
    handlers.pipeline_updated({ job_id: 'j1', application_id: 'a1' })
    expect(keys()).toEqual(
      [employerKeys.jobList(), employerKeys.pipelines('j1'), employerKeys.report('j1'), employerKeys.applicant('a1')].map((k) => JSON.stringify(k)),
    )
  })

  it('assessment_updated marks that applicant and the boards (their ratings) stale', () => {
    const { handlers, keys } = setup()
    handlers.assessment_updated({ application_id: 'a2' })
    expect(keys()).toEqual([JSON.stringify(employerKeys.applicant('a2')), undefined])
  })

  it('knows a pipeline query by its key', () => {
    expect(isPipelineKey(employerKeys.pipeline('j1', { stage: 'new' }))).toBe(true)
    expect(isPipelineKey(employerKeys.report('j1'))).toBe(false)
    expect(isPipelineKey(employerKeys.jobList())).toBe(false)
  })

  it('ignores a payload without ids beyond the job list', () => {
    const { handlers, keys } = setup()
    handlers.pipeline_updated(null)
    expect(keys()).toEqual([JSON.stringify(employerKeys.jobList())])
  })
})
