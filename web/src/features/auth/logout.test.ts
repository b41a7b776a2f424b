import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeJwt } from '../../lib/session.fixtures'
import { sessionEnd } from '../../lib/session'
import { scriptFetch } from '../../testing/harness'
import { ADMIN_RELOAD_DELAY_MS, logoutAdmin, logoutTo } from './logout'
import { twoFactorEnrolmentRequired } from './twoFactorEnrolment'

const valid = () => makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 })

describe('logout', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    vi.useRealTimers()
  })
  afterEach(() => vi.unstubAllGlobals())

  it('admin: ends the session on the server, clears jwtToken and adminUser, goes to /login and reloads after 100 ms', () => {
    vi.useFakeTimers()
    const token = valid()
    localStorage.setItem('jwtToken', token)
    localStorage.setItem('adminUser', '{}')
    localStorage.setItem('adminTwoFactorEnrolment', 'required')
    const calls = scriptFetch({ body: { message: 'You have signed out.' } })
    const navigate = vi.fn()
    const reload = vi.fn()
    logoutAdmin(navigate, reload)
    expect(calls).toEqual([{ url: '/api/auth/sign-out', method: 'POST', body: undefined, auth: `Bearer ${token}` }])
    expect(localStorage.getItem('jwtToken')).toBeNull()
    expect(localStorage.getItem('adminUser')).toBeNull()
    expect(twoFactorEnrolmentRequired()).toBe(false)
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true })
    vi.advanceTimersByTime(ADMIN_RELOAD_DELAY_MS - 1)
    expect(reload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reload).toHaveBeenCalledOnce()
    expect(ADMIN_RELOAD_DELAY_MS).toBe(100)
  })

  it('the sign-out request survives the page reload that follows (keepalive)', () => {
    localStorage.setItem('jwtToken', valid())
    localStorage.setItem('adminUser', '{}')
    scriptFetch({ body: {} })
    logoutAdmin(vi.fn(), vi.fn(), () => undefined)
    const init = vi.mocked(fetch).mock.calls[0][1]
    expect(init?.keepalive).toBe(true)
  })

  it('candidate: ends the session on the server, removes authToken and candidateData and goes to /candidate/login', () => {
    const token = valid()
    localStorage.setItem('authToken', token)
    localStorage.setItem('candidateData', '{}')
    const calls = scriptFetch({ body: {} })
    const navigate = vi.fn()
    logoutTo('candidate', navigate)
    expect(calls.map((c) => [c.url, c.auth])).toEqual([['/api/auth/sign-out', `Bearer ${token}`]])
    expect(localStorage.getItem('authToken')).toBeNull()
    expect(localStorage.getItem('candidateData')).toBeNull()
    expect(navigate).toHaveBeenCalledWith('/candidate/login', { replace: true })
  })

  it('leaves all the same when the server refuses the token or cannot be reached', async () => {
    for (const reply of [{ status: 401, body: { error: 'Your session has ended. Please sign in again.' } }, 'network-error' as const]) {
      localStorage.setItem('jwtToken', valid())
      localStorage.setItem('employerUser', '{}')
      const calls = scriptFetch(reply)
      const navigate = vi.fn()
      logoutTo('employer', navigate)
      expect(calls).toHaveLength(1)
      expect(localStorage.getItem('jwtToken')).toBeNull()
      expect(navigate).toHaveBeenCalledWith('/login', { replace: true })
      // the failed call settles quietly: nothing unhandled
      await Promise.resolve()
    }
  })

  it("employer expiry: goes to /login carrying 'Session expired', and sends no expired token", () => {
    localStorage.setItem('jwtToken', makeJwt({ exp: Math.floor(Date.now() / 1000) - 1 }))
    localStorage.setItem('employerUser', '{}')
    const calls = scriptFetch()
    const navigate = vi.fn()
    logoutTo('employer', navigate, 'Session expired')
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true })
    expect(sessionEnd('employer')).toEqual({ role: 'employer', signedOut: false, notice: 'Session expired' })
    expect(calls).toHaveLength(0)
  })

  it('a sign-out on purpose is recorded as one (the guard then keeps no page), with nothing to say', () => {
    localStorage.setItem('authToken', valid())
    localStorage.setItem('candidateData', '{}')
    scriptFetch({ body: {} })
    logoutTo('candidate', vi.fn())
    expect(sessionEnd('candidate')).toEqual({ role: 'candidate', signedOut: true, notice: null })
    // another role's sign-in page has nothing to read from it
    expect(sessionEnd('employer')).toBeNull()
  })
})
