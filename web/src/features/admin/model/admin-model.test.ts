import { describe, expect, it } from 'vitest'
import type { AuditEvent } from '../types-ops'
import { activityLine } from './activity'
import { attentionTiles } from './attention'
import { employerActions, employerFiltersFromParams, employerFiltersToParams, employerQuery } from './employerFilters'
import { newAdminErrors, reasonError, salaryBounds, salaryRangeError } from './forms'
import { candidateQueryFromParams, inboxFilterFromParams, inboxFilterToParams, outboxFilterFromParams, outboxFilterToParams } from './listFilters'
import { listOf, profileView } from './profile'

describe('employer filters in the address bar', () => {
  it('reads status and q, with unknown status as all', () => {
    expect(employerFiltersFromParams(new URLSearchParams('status=pending&q=%20acme%20'))).toEqual({ status: 'pending', q: 'acme' })
    expect(employerFiltersFromParams(new URLSearchParams('status=bogus'))).toEqual({ status: 'all', q: '' })
    expect(employerFiltersFromParams(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100)
  })
  it('writes only what differs from the defaults, and round-trips', () => {
    expect(employerFiltersToParams({ status: 'all', q: '  ' }).toString()).toBe('')
    const p = employerFiltersToParams({ status: 'suspended', q: 'Wattle' })
    expect(p.toString()).toBe('status=suspended&q=Wattle')
    expect(employerFiltersFromParams(p)).toEqual({ status: 'suspended', q: 'Wattle' })
  })
  it('asks the server without a status for all', () => {
    expect(employerQuery({ status: 'all', q: 'bank' })).toEqual({ q: 'bank' })
    expect(employerQuery({ status: 'rejected', q: '' })).toEqual({ status: 'rejected' })
  })
  it('offers the next steps of each status', () => {
    expect(employerActions('pending')).toEqual(['approve', 'reject'])
    expect(employerActions('active')).toEqual(['suspend'])
    expect(employerActions('suspended')).toEqual(['reinstate'])
    expect(employerActions('rejected')).toEqual([])
  })
})

describe('inbox, outbox and candidate search filters', () => {
  it('inbox: open by default, handled and all kept', () => {
    expect(inboxFilterFromParams(new URLSearchParams(''))).toBe('open')
    expect(inboxFilterFromParams(new URLSearchParams('status=handled'))).toBe('handled')
    expect(inboxFilterFromParams(new URLSearchParams('status=nope'))).toBe('open')
    expect(inboxFilterToParams('open').toString()).toBe('')
    expect(inboxFilterToParams('all').toString()).toBe('status=all')
  })
  it('outbox: all by default, a known state kept', () => {
    expect(outboxFilterFromParams(new URLSearchParams('state=failed'))).toBe('failed')
    expect(outboxFilterFromParams(new URLSearchParams('state=lost'))).toBe('all')
    expect(outboxFilterToParams('all').toString()).toBe('')
    expect(outboxFilterToParams('queued').toString()).toBe('state=queued')
  })
  it('candidate search is trimmed', () => {
    expect(candidateQueryFromParams(new URLSearchParams('q=%20sam%20'))).toBe('sam')
  })
})

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
  it('a reason is required and bounded', () => {
    expect(reasonError('  ')).toBe('Please give a reason')
    expect(reasonError('x'.repeat(2001))).toBe('Reason must be at most 2000 characters')
    expect(reasonError('Unverified ABN')).toBeNull()
  })
  it('a new admin follows the register password rule', () => {
    expect(newAdminErrors({ name: '', email: 'nope', password: 'weak' })).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character',
    })
    expect(newAdminErrors({ name: 'Kim', email: 'kim@example.com', password: 'Harbour1!' })).toEqual({})
  })
  it('salary ranges need ordered whole-dollar bounds', () => {
    expect(salaryRangeError({ display_name: '', min: '1', max: '' })).toMatch(/name/)
    expect(salaryRangeError({ display_name: 'A', min: '-1', max: '' })).toMatch(/lowest/)
    expect(salaryRangeError({ display_name: 'A', min: '100', max: '50' })).toMatch(/highest/)
    expect(salaryRangeError({ display_name: 'A', min: '100000', max: '' })).toBeNull()
    expect(salaryBounds(100000, 120000)).toBe('$100,000 – $120,000')
    expect(salaryBounds(200000, null)).toBe('$200,000 and over')
  })
})

describe('candidate profile', () => {
  it('reads lists given either way', () => {
    expect(listOf('React, Rust ,, SQL')).toEqual(['React', 'Rust', 'SQL'])
    expect(listOf(['Go', '', 3])).toEqual(['Go', '3'])
    expect(listOf(null)).toEqual([])
  })
  it('leaves out what is missing and links only web addresses', () => {
    const v = profileView({ location: 'Sydney', phone: null, linkedin: 'javascript:alert(1)', portfolio: 'https://sam.dev', experience: [{ position: 'Dev', company: 'Acme', startDate: '2020', endDate: null }], education: 'bad' })
    expect(v.facts).toEqual([
      { label: 'Location', value: 'Sydney', href: undefined },
      { label: 'LinkedIn', value: 'javascript:alert(1)', href: undefined },
      { label: 'Portfolio', value: 'https://sam.dev', href: 'https://sam.dev' },
    ])
    expect(v.experience).toEqual([{ title: 'Dev', subtitle: 'Acme', period: '2020 – now', description: '' }])
    expect(v.education).toEqual([])
  })
})

describe('workspace sections', () => {
  it('names the top bar from the path, for these screens and the operations screens alike', async () => {
    const { adminHeading } = await import('./sections')
    expect(adminHeading('/dashboard')).toBe('Overview')
    expect(adminHeading('/dashboard/candidates')).toBe('Candidates')
    expect(adminHeading('/dashboard/candidates/abc')).toBe('Candidate record')
    expect(adminHeading('/dashboard/audit')).toBe('Audit trail')
    expect(adminHeading('/dashboard/audit/streams/job-1')).toBe('Record history')
    expect(adminHeading('/dashboard/nowhere')).toBe('Admin workspace')
  })
  it('the phone bar has five targets and "More" lists the rest, Components included', async () => {
    const { ADMIN_NAV, ADMIN_PHONE_NAV, MORE_SECTIONS, TEAM_TOOLS } = await import('./sections')
    expect(ADMIN_PHONE_NAV).toHaveLength(5)
    expect(ADMIN_PHONE_NAV.length - 1 + MORE_SECTIONS.length).toBe(ADMIN_NAV.length + TEAM_TOOLS.length)
    expect(MORE_SECTIONS.map((s) => s.to)).toContain('/components')
  })
  it('the component gallery is a tool for the team, not a section of the sidebar', async () => {
    const { ADMIN_NAV, TEAM_TOOLS } = await import('./sections')
    expect(ADMIN_NAV.map((s) => s.to)).not.toContain('/components')
    expect(TEAM_TOOLS.map((s) => s.to)).toEqual(['/components'])
  })
})
