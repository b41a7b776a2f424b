import { describe, expect, it } from 'vitest'
import { readMailFailure } from './mailFailure'

const summary = (raw: string | null) => readMailFailure(raw)?.summary ?? null

describe('a failed mail in plain words', () => {
  it('reads an address their server does not know, however the error is worded', () => {
    const gone = 'Their mail server says this address does not exist. Check it with them before sending again.'
    expect(summary('550 5.1.1 <j.morrison@oldcompany.example>: Recipient address rejected: User unknown')).toBe(gone)
    expect(summary('permanent error (550): 5.1.1 The email account that you tried to reach does not exist')).toBe(gone)
    expect(summary('550 No such user here')).toBe(gone)
    expect(readMailFailure('550 5.1.1 User unknown')?.retryLikelyHelps).toBe(false)
  })

  it('reads a full mailbox', () => {
    expect(summary('552 5.2.2 Mailbox full')).toMatch(/^Their mailbox is full\./)
    expect(summary('permanent error (552): Requested mail action aborted: exceeded storage allocation')).toMatch(/^Their mailbox is full\./)
    expect(summary('452 4.2.2 The email account that you tried to reach is over quota')).toMatch(/^Their mailbox is full\./)
  })

  it('reads a busy server (421 and the other 4xx) as worth another try', () => {
    const busy = 'Their server was busy; sending again usually works.'
    expect(summary('421 4.7.0 Try again later, closing connection')).toBe(busy)
    expect(summary('transient error (450): 4.2.0 Greylisted, please retry in 5 minutes')).toBe(busy)
    expect(readMailFailure('421 Service not available')?.retryLikelyHelps).toBe(true)
  })

  it('reads a domain that does not exist, a badly written address, a refusal and a lost connection', () => {
    expect(summary('Failed to resolve example.invalid: no such domain')).toMatch(/^The part of the address after the @ does not exist/)
    expect(summary('recipient is not a valid address: Missing domain or user')).toMatch(/^The address is not written correctly/)
    expect(summary('550 5.7.1 Message rejected as spam by Content Filtering')).toMatch(/^Their mail server turned it away under its own rules/)
    expect(summary('550 5.7.1 Recipient address rejected: Access denied')).toMatch(/^Their mail server turned it away/)
    expect(summary('Connection error: Connection refused (os error 111)')).toMatch(/^The mail server could not be reached/)
  })

  it('leaves an error it does not recognise (and none at all) to the raw text', () => {
    expect(readMailFailure('something odd happened')).toBeNull()
    expect(readMailFailure('')).toBeNull()
    expect(readMailFailure(null)).toBeNull()
    expect(readMailFailure(undefined)).toBeNull()
  })
})
