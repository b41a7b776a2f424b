import { describe, expect, it } from 'vitest'
import { pipelineQuery } from './pipelineQuery'

describe('pipeline query', () => {
  it('is empty for the whole board', () => {
    expect(pipelineQuery({})).toBe('')
    expect(pipelineQuery({ stage: '', q: '  ', sort: 'newest' })).toBe('')
  })

  it('sends only what is set, encoded', () => {
    expect(pipelineQuery({ stage: 'offer', q: ' 50%_ ', from: '2026-11-01', sort: 'name' })).toBe('?stage=offer&q=50%25_&from=2026-11-01&sort=name')
  })
})
