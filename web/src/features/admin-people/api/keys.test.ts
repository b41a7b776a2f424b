import { describe, expect, it } from 'vitest'
import { peopleKeys } from './keys'

const starts = (key: readonly unknown[], prefix: readonly unknown[]) => JSON.stringify(key.slice(0, prefix.length)) === JSON.stringify(prefix)

describe('people query keys', () => {
  it('the topic prefix of admin_updated reaches the people lists', () => {
    expect(starts(peopleKeys.employerList({ status: 'pending', q: '' }), ['admin', 'employers'])).toBe(true)
    expect(starts(peopleKeys.enquiryList('open'), ['admin', 'enquiries'])).toBe(true)
    // a candidate record is an audited read: no topic reaches it
    for (const t of ['employers', 'enquiries', 'outbox', 'projections', 'events', 'jobs']) expect(starts(peopleKeys.candidate('c1'), ['admin', t])).toBe(false)
  })

  it('each part of an employer’s page goes stale with its own topic', () => {
    expect(starts(peopleKeys.employer('e1'), ['admin', 'employers'])).toBe(true)
    expect(starts(peopleKeys.employerJobs('e1'), ['admin', 'jobs'])).toBe(true)
    expect(starts(peopleKeys.accountHistory('e1'), ['admin', 'events'])).toBe(true)
    expect(starts(peopleKeys.actorEvents('e1'), ['admin', 'events'])).toBe(true)
    // the account's history is the record history page's own read of the same stream
    expect(peopleKeys.accountHistory('e1')).toEqual(['admin', 'events', 'stream', 'account-e1'])
  })
})
