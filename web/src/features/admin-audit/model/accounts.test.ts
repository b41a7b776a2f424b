import { describe, expect, it } from 'vitest'
import { actorOf } from '../components/AuditPage'
import { accountLabel, accountPage } from './accounts'
import { localZoneName } from './zone'

const account = { id: 'a1', role: 'employer' as const, name: 'Mei Chen', email: 'mei@example.com', company: 'Eucalypt Software', status: 'active' as const, created_at: '', updated_at: '' }

describe('accounts as the audit trail names them', () => {
  it('a line a person can pick from, the company for an employer, erased people by role only', () => {
    expect(accountLabel(account)).toBe('Mei Chen, Eucalypt Software (employer)')
    expect(accountLabel({ ...account, role: 'candidate', company: null })).toBe('Mei Chen (candidate)')
    expect(accountLabel({ ...account, role: 'admin', name: 'Jordan Lee', company: null })).toBe('Jordan Lee (agency staff)')
    expect(accountLabel({ ...account, name: '[erased]', company: '[erased]' })).toBe('Erased person (employer)')
  })

  it('their page: employers and candidates have one, staff do not', () => {
    expect(accountPage(account)).toBe('/dashboard/employers/a1')
    expect(accountPage({ id: 'c 1', role: 'candidate' })).toBe('/dashboard/candidates/c%201')
    expect(accountPage({ id: 'x', role: 'admin' })).toBeNull()
  })
})

describe('who a "Who did it" text means', () => {
  const draft = { stream: '', type: '', actor: '', who: '', from: '', to: '' }
  const id = '0190aaaa-0000-7000-8000-000000000001'
  it('the picked account, a pasted id, or the only match', () => {
    expect(actorOf({ ...draft, who: 'Mei Chen (employer)', actor: 'a1' }, undefined)).toEqual({ actor: 'a1' })
    expect(actorOf({ ...draft, who: ` ${id} ` }, undefined)).toEqual({ actor: id })
    expect(actorOf({ ...draft, who: 'mei' }, [{ id: 'a1' }])).toEqual({ actor: 'a1' })
    expect(actorOf(draft, undefined)).toEqual({ actor: '' })
  })
  it('refuses a text that names nobody or several', () => {
    expect(actorOf({ ...draft, who: 'zz' }, [])).toEqual({ problem: 'Nobody matches “zz”' })
    expect(actorOf({ ...draft, who: 'me' }, [{ id: 'a1' }, { id: 'a2' }])).toEqual({ problem: 'Pick who from the list' })
    expect(actorOf({ ...draft, who: 'me' }, undefined)).toEqual({ problem: 'Pick who from the list' })
  })
})

describe('the browser’s time zone', () => {
  it('is named', () => expect(localZoneName()).not.toBe(''))
})
