import { describe, expect, it } from 'vitest'
import { EMPTY_LIST_FILTER, listFilterFromParams, pipelineParams, pipelinePath, pipelineViewFromParams } from './pipelineParams'

const read = (query: string) => listFilterFromParams(new URLSearchParams(query))

describe('the applicants page in the address bar', () => {
  it('shows the board unless the address asks for the list', () => {
    expect(pipelineViewFromParams(new URLSearchParams(''))).toBe('board')
    expect(pipelineViewFromParams(new URLSearchParams('view=list'))).toBe('list')
    expect(pipelineViewFromParams(new URLSearchParams('view=table'))).toBe('board')
  })

  it('reads the list’s filter from the address', () => {
    expect(read('view=list&stage=interview&q=%20chloe%20&from=2026-11-01&to=2026-11-30&sort=name')).toEqual({
      stage: 'interview',
      q: 'chloe',
      from: '2026-11-01',
      to: '2026-11-30',
      sort: 'name',
    })
  })

  it('reads an unknown stage, sort or day as the default, keeping the rest', () => {
    expect(read('')).toEqual(EMPTY_LIST_FILTER)
    expect(read('stage=archived&sort=salary&from=yesterday&to=2026-02-30&q=rust')).toEqual({ ...EMPTY_LIST_FILTER, q: 'rust' })
  })

  it('writes only what differs from the defaults, in a fixed order, and nothing for the board', () => {
    expect(pipelineParams('list', EMPTY_LIST_FILTER).toString()).toBe('view=list')
    expect(pipelineParams('list', { sort: 'oldest', q: ' 50%_ ', stage: 'offer' }).toString()).toBe('view=list&stage=offer&q=50%25_&sort=oldest')
    expect(pipelineParams('board', { stage: 'offer' }).toString()).toBe('')
  })

  it('reads back what it writes', () => {
    const filter = { stage: 'screening', q: 'mei chen', from: '2026-10-01', to: '2026-10-31', sort: 'updated' } as const
    expect(read(pipelineParams('list', filter).toString())).toEqual(filter)
  })

  it('links back to a job’s applicants in the view they were left in', () => {
    expect(pipelinePath('j1', 'board')).toBe('/dashboard/jobs/j1')
    expect(pipelinePath('j1', 'list', EMPTY_LIST_FILTER)).toBe('/dashboard/jobs/j1?view=list')
    expect(pipelinePath('j1', 'list', { ...EMPTY_LIST_FILTER, stage: 'offer' })).toBe('/dashboard/jobs/j1?view=list&stage=offer')
  })
})
