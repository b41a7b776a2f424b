import { describe, expect, it } from 'vitest'
import { employerName, isAccountDecision, isErasedEmployer } from './employer'
import { employerActions, employerFiltersFromParams, employerFiltersToParams, employerQuery } from './employerFilters'
import { reasonError } from './forms'
import { candidateQueryFromParams, inboxFilterFromParams, inboxFilterToParams } from './listFilters'
import { listOf, profileView } from './profile'
import { theySee } from './theySee'
import type { CandidateApplication } from '../types'

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

describe('inbox and candidate search filters', () => {
  it('inbox: open by default, handled and all kept', () => {
    expect(inboxFilterFromParams(new URLSearchParams(''))).toBe('open')
    expect(inboxFilterFromParams(new URLSearchParams('status=handled'))).toBe('handled')
    expect(inboxFilterFromParams(new URLSearchParams('status=nope'))).toBe('open')
    expect(inboxFilterToParams('open').toString()).toBe('')
    expect(inboxFilterToParams('all').toString()).toBe('status=all')
  })
  it('candidate search is trimmed', () => {
    expect(candidateQueryFromParams(new URLSearchParams('q=%20sam%20'))).toBe('sam')
  })
})

describe('form checks', () => {
  it('a reason is required and bounded', () => {
    expect(reasonError('  ')).toBe('Please give a reason')
    expect(reasonError('x'.repeat(2001))).toBe('Reason must be at most 2000 characters')
    expect(reasonError('Unverified ABN')).toBeNull()
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

describe('naming an employer', () => {
  const e = { name: 'Grace Hopper', company: 'Wattle Analytics', status: 'active' as const }
  it('by its company, else its contact, else as erased', () => {
    expect(employerName(e)).toBe('Wattle Analytics')
    expect(employerName({ ...e, company: null })).toBe('Grace Hopper')
    expect(employerName({ ...e, name: '[erased]', status: 'erased' })).toBe('Wattle Analytics')
    expect(employerName({ ...e, name: '[erased]', company: '[erased]', status: 'erased' })).toBe('Erased employer')
    expect(isErasedEmployer({ ...e, name: '[erased]' })).toBe(true)
    expect(isErasedEmployer(e)).toBe(false)
  })
  it('keeps the decisions of an account’s history', () => {
    expect(['AccountRegistered', 'EmployerApproved', 'EmployerRejected', 'EmployerSuspended', 'EmployerReinstated'].every(isAccountDecision)).toBe(true)
    expect(isAccountDecision('PasswordChanged')).toBe(false)
  })
})

describe('what a candidate sees of an application', () => {
  // the record's application carries its SPEC status too: whatever it is, it is not what they see
  const seen = (a: Pick<CandidateApplication, 'status' | 'progress' | 'withdrawn_at'>) => theySee(a)
  it('gives the plain words of their portal, never the SPEC status', () => {
    expect(seen({ status: 'pending', progress: 'received' })).toBe('They see “Received”')
    expect(seen({ status: 'pending', progress: 'in_review' })).toBe('They see “In review”')
    expect(seen({ status: 'accepted', progress: 'offer' })).toBe('They see “Offer”')
    expect(seen({ status: 'accepted', progress: 'hired' })).toBe('They see “Hired”')
    expect(seen({ status: 'rejected', progress: 'not_progressed' })).toBe('They see “Not progressed”')
  })
  it('gives both texts of the interview step, since the record does not know whether a time is booked', () => {
    expect(seen({ status: 'accepted', progress: 'interview' })).toBe('They see “Invited to interview”, or “Interview booked” once a time is booked')
  })
  it('gives only “Withdrawn” for one they withdrew, whatever its status and step', () => {
    expect(seen({ status: 'pending', progress: 'interview', withdrawn_at: '2026-02-04T00:00:00Z' })).toBe('They see “Withdrawn”')
    expect(seen({ status: 'accepted', progress: 'offer', withdrawn_at: '2026-02-04T00:00:00Z' })).toBe('They see “Withdrawn”')
    expect(seen({ status: 'pending', progress: 'in_review', withdrawn_at: null })).toBe('They see “In review”')
  })
})
