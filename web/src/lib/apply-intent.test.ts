import { describe, expect, it } from 'vitest'
import { applyJobId, applyNowHref, jobIntent, saveSignInHref, withApplyJob, withJobIntent } from './apply-intent'

const JOB = '3f2b8c1e-5d4a-4c3b-9a8e-7f6d5c4b3a21'

describe('apply after signing in', () => {
  it('reads a job id from the query string', () => {
    expect(applyJobId(`?apply=${JOB}`)).toBe(JOB)
    expect(applyJobId(new URLSearchParams({ apply: JOB.toUpperCase() }))).toBe(JOB)
  })

  it('drops anything that is not a job id, so it can never become an address', () => {
    for (const bad of ['https://evil.example', '//evil.example', '/candidate/dashboard', '../admin', `${JOB}/x`, `${JOB}?a=b`, 'javascript:alert(1)', '']) {
      expect(applyJobId(new URLSearchParams({ apply: bad })), bad).toBeNull()
    }
    expect(applyJobId('')).toBeNull()
    expect(withApplyJob('/candidate/login', 'https://evil.example')).toBe('/candidate/login')
  })

  it('sends Apply Now to the login when signed out and to the portal when signed in', () => {
    expect(applyNowHref(JOB, false)).toBe(`/candidate/login?apply=${JOB}`)
    expect(applyNowHref(JOB, true)).toBe(`/candidate/dashboard/jobs?apply=${JOB}`)
  })

  it('carries a job to save through sign-in the same way, applying first when both are there', () => {
    expect(saveSignInHref(JOB)).toBe(`/candidate/login?save=${JOB}`)
    expect(jobIntent(`?save=${JOB}`)).toEqual({ kind: 'save', jobId: JOB })
    expect(jobIntent(`?save=${JOB}&apply=${JOB}`)).toEqual({ kind: 'apply', jobId: JOB })
    expect(jobIntent('?save=https://evil.example')).toBeNull()
    expect(withJobIntent('/candidate/signup', { kind: 'save', jobId: JOB })).toBe(`/candidate/signup?save=${JOB}`)
    expect(withJobIntent('/candidate/signup', null)).toBe('/candidate/signup')
  })
})
