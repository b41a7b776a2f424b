import { describe, expect, it } from 'vitest'
import { operationsKeys } from './keys'

const starts = (key: readonly unknown[], prefix: readonly unknown[]) => JSON.stringify(key.slice(0, prefix.length)) === JSON.stringify(prefix)

describe('operations query keys', () => {
  it('the topic prefix of admin_updated reaches the operations lists', () => {
    expect(starts(operationsKeys.employerOptions(), ['admin', 'employers'])).toBe(true)
    expect(starts(operationsKeys.outboxList('failed'), ['admin', 'outbox'])).toBe(true)
    expect(starts(operationsKeys.projections(), ['admin', 'projections'])).toBe(true)
  })
})
