import { describe, expect, it } from 'vitest'
import { expectLookup } from '../../../testing/lookup'
import type { AuditEvent } from '../types'
import { activityLine, eventHeadline } from './activity'
import { attentionTiles } from './attention'
import { newAdminErrors } from './forms'
import { jobPostedText } from './stages'

describe('attention tiles', () => {
  const calm = { pending_employers: 0, open_enquiries: 0, unassigned_enquiries: 0, failed_mail: 0, queued_mail: 0, projections_behind: 0, projections_failing: 0 }
  it('say nothing is waiting when all is calm', () => {
    const tiles = attentionTiles(calm)
    expect(tiles.map((t) => t.urgent)).toEqual([false, false, false, false])
    expect(tiles.map((t) => t.note)).toEqual(['Nobody is waiting', 'The inbox is clear', 'Everything has been sent', 'All up to date'])
  })
  it('count, explain and link each need', () => {
    const tiles = attentionTiles({ ...calm, pending_employers: 2, open_enquiries: 3, unassigned_enquiries: 1, failed_mail: 2, projections_behind: 1, projections_failing: 1 })
    expect(tiles.map((t) => [t.count, t.to])).toEqual([
      [2, '/dashboard/employers?status=pending'],
      [3, '/dashboard/inbox'],
      [2, '/dashboard/outbox?state=failed'],
      [2, '/dashboard/projections'],
    ])
    expect(tiles[1].note).toBe('1 has nobody assigned')
    expect(tiles[3].note).toBe('1 is failing: screens may show old data')
    expect(tiles.every((t) => t.urgent)).toBe(true)
  })
  it('mentions queued mail when none failed', () => {
    expect(attentionTiles({ ...calm, queued_mail: 3 })[2].note).toBe('3 mails waiting to go')
  })
})

describe('recent activity as a sentence', () => {
  const base: Pick<AuditEvent, 'event_type' | 'actor_id' | 'actor_name' | 'actor_role' | 'stream_id' | 'payload'> = {
    event_type: 'EmployerApproved',
    actor_id: 'a1',
    actor_name: 'Alex Admin',
    actor_role: 'admin',
    stream_id: 'account-0190',
    payload: { company: 'Wattle Analytics' },
  }
  it('who, what, detail and record', () => {
    expect(activityLine(base)).toEqual({
      what: 'Employer approved',
      who: 'Alex Admin (Admin)',
      detail: 'Wattle Analytics',
      record: 'Account',
      sentence: 'Alex Admin (Admin): Employer approved, Wattle Analytics.',
    })
  })
  it('an automatic step without a payload worth saying', () => {
    expect(activityLine({ ...base, event_type: 'JobExpired', actor_id: null, actor_name: null, actor_role: 'policy', stream_id: 'job-1', payload: {} }).sentence).toBe(
      'Automatic rule: Job expired.',
    )
  })
})

describe('form checks', () => {
  it('a new admin follows the register password rule', () => {
    expect(newAdminErrors({ name: '', email: 'nope', password: 'weak' })).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character',
    })
    expect(newAdminErrors({ name: 'Kim', email: 'kim@example.com', password: 'Harbour1!' })).toEqual({})
  })
})

describe('workspace sections', () => {
  it('names the top bar from the path, for these screens and the operations screens alike', async () => {
    const { adminHeading } = await import('./sections')
    expectLookup(adminHeading, {
      '/dashboard': 'Overview',
      '/dashboard/candidates': 'Candidates',
      '/dashboard/candidates/abc': 'Candidate record',
      '/dashboard/audit': 'Audit trail',
      '/dashboard/audit/streams/job-1': 'Record history',
      '/dashboard/nowhere': 'Admin workspace',
    })
  })
  it('the phone bar has five targets and "More" lists the rest, Components included', async () => {
    const { ADMIN_NAV, ADMIN_PHONE_NAV, MORE_SECTIONS, TEAM_TOOLS } = await import('./sections')
    expect(ADMIN_PHONE_NAV).toHaveLength(5)
    expect(ADMIN_PHONE_NAV.length - 1 + MORE_SECTIONS.length).toBe(ADMIN_NAV.length + TEAM_TOOLS.length)
    expect(MORE_SECTIONS.map((s) => s.to)).toContain('/components')
  })
  it('projections and the component gallery are tools for the team, not sections of the sidebar', async () => {
    const { ADMIN_NAV, MORE_SECTIONS, TEAM_TOOLS, adminHeading } = await import('./sections')
    expect(ADMIN_NAV.map((s) => s.to)).not.toContain('/components')
    expect(ADMIN_NAV.map((s) => s.to)).not.toContain('/dashboard/projections')
    expect(TEAM_TOOLS.map((s) => s.to)).toEqual(['/dashboard/projections', '/components'])
    // still one tap away on a phone, after the sections, and still headed by name
    expect(MORE_SECTIONS.slice(-2).map((s) => s.to)).toEqual(['/dashboard/projections', '/components'])
    expect(adminHeading('/dashboard/projections')).toBe('Projections')
  })
})

describe('the audit headline', () => {
  const base = {
    event_type: 'ApplicationSubmitted',
    actor_id: 'a1',
    actor_name: 'Priya Raman',
    actor_role: 'candidate',
    stream_id: 'application-0190a1b2-0000-7000-8000-000000000000',
    payload: {},
  }
  it("leads with the server's sentence", () => {
    expect(eventHeadline({ ...base, summary: 'Priya Raman applied to Senior Rust Engineer' })).toBe('Priya Raman applied to Senior Rust Engineer')
  })
  it('falls back to who and what, without the stream id, from a server without sentences', () => {
    const line = eventHeadline({ ...base, summary: '' })
    expect(line).toContain('Priya Raman')
    expect(line).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/)
  })
})

describe('when a listing went up', () => {
  it('reads a draft as created, not posted', () => {
    expect(jobPostedText({ status: 'draft', posted_at: '2026-11-29T02:00:00Z' })).toBe('Draft, created 29 Nov 2026')
    expect(jobPostedText({ status: 'open', posted_at: '2026-01-05T02:00:00Z' })).toBe('Posted 5 Jan 2026')
    expect(jobPostedText({ status: 'closed', posted_at: null })).toBe('Not posted yet')
  })
})
