import { describe, expect, it } from 'vitest'
import { registeredEmail, signInState } from './registeredEmail'
import { candidateDestination, candidateLanding, withCandidateDestination } from './signInJourney'

const JOB = '3f2b8c1e-5d4a-4c3b-9a8e-7f6d5c4b3a21'
const read = (search: string) => candidateDestination(new URLSearchParams(search))

describe("where a candidate's sign-in goes on to", () => {
  it('a job to apply for or save wins over everything else', () => {
    const d = read(`?to=/candidate/dashboard/profile&apply=${JOB}`)
    expect(d).toEqual({ kind: 'job', intent: { kind: 'apply', jobId: JOB } })
    expect(candidateLanding(d)).toBe(`/candidate/dashboard/jobs?apply=${JOB}`)
    expect(withCandidateDestination('/candidate/signup', d)).toBe(`/candidate/signup?apply=${JOB}`)
    expect(candidateLanding(read(`?save=${JOB}`))).toBe(`/candidate/dashboard/jobs?save=${JOB}`)
  })

  it('then a search to save, back on the public board', () => {
    const d = read('?save_search=title%3Dreact&to=/candidate/dashboard/profile')
    expect(d?.kind).toBe('search')
    expect(candidateLanding(d)).toBe('/jobs/find?title=react&alert=new')
  })

  it('then a portal page, carried on to the sign-up page and back', () => {
    const d = read('?to=/candidate/dashboard/documents')
    expect(d).toEqual({ kind: 'page', path: '/candidate/dashboard/documents' })
    expect(candidateLanding(d)).toBe('/candidate/dashboard/documents')
    const signup = withCandidateDestination('/candidate/signup', d)
    expect(signup).toBe('/candidate/signup?to=/candidate/dashboard/documents')
    expect(read(signup.slice(signup.indexOf('?')))).toEqual(d)
  })

  it("keeps the unsubscribe page's ?to=alerts working: the Job Alerts tab", () => {
    expect(candidateLanding(read('?to=alerts'))).toBe('/candidate/dashboard/alerts')
    expect(withCandidateDestination('/candidate/signup', read('?to=alerts'))).toBe('/candidate/signup?to=/candidate/dashboard/alerts')
  })

  it('otherwise the dashboard, whatever unsafe value came along', () => {
    for (const search of ['', '?to=https://evil.example', '?to=//evil.example', '?to=/about', `?apply=${JOB}x`]) {
      expect(read(search), search).toBeNull()
      expect(candidateLanding(read(search))).toBe('/candidate/dashboard')
      expect(withCandidateDestination('/candidate/login', read(search))).toBe('/candidate/login')
    }
  })
})

describe('the email a sign-up hands to the sign-in form', () => {
  it('travels as router state, trimmed', () => {
    expect(signInState(' jane@example.com ')).toEqual({ email: 'jane@example.com' })
    expect(registeredEmail(signInState('jane@example.com'))).toBe('jane@example.com')
  })

  it('reads as empty from any other state', () => {
    for (const state of [null, undefined, 'jane@example.com', { email: 42 }, { mail: 'x@y.z' }, { email: `${'a'.repeat(250)}@x.io` }]) {
      expect(registeredEmail(state)).toBe('')
    }
  })
})
