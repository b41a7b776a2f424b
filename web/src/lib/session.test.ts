import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeJwt } from './session.fixtures'
import {
  clearSession, decodeJwt, endRefusedSession, endSession, forgetSessionEnd, isExpired, loadSession, onSessionHolderChange, replaceSessionToken, saveSession,
  SESSION_ENDED, SESSION_KEYS, sessionEnd, sessionHolder,
} from './session'

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0)
const nowS = NOW / 1000

describe('JWT decode', () => {
  it('reads exp and iat from the payload', () => {
    const claims = decodeJwt(makeJwt({ sub: 'u1', exp: nowS + 60, iat: nowS - 60 }))
    expect(claims).toMatchObject({ sub: 'u1', exp: nowS + 60, iat: nowS - 60 })
  })
  it('returns null for an unreadable token', () => {
    expect(decodeJwt('garbage')).toBeNull()
    expect(decodeJwt('a.%%%.c')).toBeNull()
    expect(decodeJwt(`a.${Buffer.from('not json').toString('base64url')}.c`)).toBeNull()
  })
  it('treats exp in seconds', () => {
    expect(isExpired({ exp: nowS + 1 }, NOW)).toBe(false)
    expect(isExpired({ exp: nowS }, NOW)).toBe(true)
    expect(isExpired({ exp: nowS - 1 }, NOW)).toBe(true)
  })
})

describe('stored session', () => {
  beforeEach(() => localStorage.clear())

  it('uses authToken/candidateData, jwtToken/adminUser and jwtToken/employerUser', () => {
    expect(SESSION_KEYS.candidate).toEqual({ token: 'authToken', user: 'candidateData' })
    expect(SESSION_KEYS.admin).toEqual({ token: 'jwtToken', user: 'adminUser' })
    expect(SESSION_KEYS.employer).toEqual({ token: 'jwtToken', user: 'employerUser' })
  })

  it('is authenticated with a token and user and an unexpired token', () => {
    const token = makeJwt({ exp: nowS + 3600 })
    saveSession('candidate', { token, user: { name: 'Jane' } })
    expect(loadSession('candidate', localStorage, NOW)).toEqual({ status: 'authenticated', token, user: { name: 'Jane' } })
  })

  it('is unauthenticated when the user is missing, without clearing the token', () => {
    localStorage.setItem('authToken', makeJwt({ exp: nowS + 3600 }))
    expect(loadSession('candidate', localStorage, NOW).status).toBe('unauthenticated')
    expect(localStorage.getItem('authToken')).not.toBeNull()
  })

  it('logs out (clears storage) when the token has expired', () => {
    saveSession('admin', { token: makeJwt({ exp: nowS - 1 }), user: { name: 'Root' } })
    expect(loadSession('admin', localStorage, NOW).status).toBe('unauthenticated')
    expect(localStorage.getItem('jwtToken')).toBeNull()
    expect(localStorage.getItem('adminUser')).toBeNull()
  })

  it('logs out when the token cannot be read', () => {
    localStorage.setItem('authToken', 'not-a-jwt')
    localStorage.setItem('candidateData', '{"name":"Jane"}')
    expect(loadSession('candidate', localStorage, NOW).status).toBe('unauthenticated')
    expect(localStorage.getItem('authToken')).toBeNull()
    expect(localStorage.getItem('candidateData')).toBeNull()
  })

  it('swaps in a new token from the server and keeps the user; without a session it stores nothing', () => {
    saveSession('admin', { token: makeJwt({ exp: nowS + 60 }), user: { name: 'Root' } })
    const fresh = makeJwt({ exp: nowS + 3600 })
    replaceSessionToken('admin', fresh)
    expect(loadSession('admin', localStorage, NOW)).toEqual({ status: 'authenticated', token: fresh, user: { name: 'Root' } })
    // a reply that lands after signing out does not sign back in
    localStorage.clear()
    replaceSessionToken('candidate', fresh)
    expect(localStorage.getItem('authToken')).toBeNull()
  })
})

describe('a session the server has ended (401)', () => {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it("ends the stored session that was sent, and leaves the sign-in page a line saying why", () => {
    const token = makeJwt({ exp: nowS + 3600 })
    saveSession('candidate', { token, user: { name: 'Jane', email: 'jane@example.com' } })
    expect(endRefusedSession('candidate', token)).toBe(true)
    expect(localStorage.getItem('authToken')).toBeNull()
    expect(localStorage.getItem('candidateData')).toBeNull()
    expect(sessionEnd('candidate')).toEqual({ role: 'candidate', signedOut: false, notice: SESSION_ENDED, email: 'jane@example.com' })
    expect(SESSION_ENDED).toBe('Your session has ended. Please sign in again.')
  })

  it('leaves a session that has changed since the call was sent (signed in again meanwhile)', () => {
    const fresh = makeJwt({ exp: nowS + 3600, iat: nowS })
    saveSession('candidate', { token: fresh, user: { name: 'Jane' } })
    expect(endRefusedSession('candidate', makeJwt({ exp: nowS + 3600, iat: nowS - 60 }))).toBe(false)
    expect(localStorage.getItem('authToken')).toBe(fresh)
    expect(sessionEnd('candidate')).toBeNull()
  })

  it("touches only that role's session: the candidate's, or the other staff role's user", () => {
    const candidate = makeJwt({ exp: nowS + 3600, role: 'candidate' })
    const employer = makeJwt({ exp: nowS + 3600, role: 'employer' })
    saveSession('candidate', { token: candidate, user: { name: 'Jane' } })
    saveSession('employer', { token: employer, user: { name: 'Bo' } })
    // an admin call never made with this token (no admin user stored): nothing to end
    expect(endRefusedSession('admin', employer)).toBe(false)
    expect(loadSession('employer', localStorage, NOW).status).toBe('authenticated')
    expect(endRefusedSession('employer', employer)).toBe(true)
    expect(localStorage.getItem('jwtToken')).toBeNull()
    expect(localStorage.getItem('employerUser')).toBeNull()
    expect(loadSession('candidate', localStorage, NOW)).toMatchObject({ status: 'authenticated', token: candidate })
  })

  it('records a sign-out on purpose, and each sign-in page reads only its own role, until it has shown it', () => {
    saveSession('employer', { token: makeJwt({ exp: nowS + 3600 }), user: {} })
    endSession('employer', { signedOut: true })
    expect(localStorage.getItem('jwtToken')).toBeNull()
    expect(sessionEnd('employer')).toEqual({ role: 'employer', signedOut: true, notice: null })
    expect(sessionEnd('admin')).toBeNull()
    forgetSessionEnd()
    expect(sessionEnd('employer')).toBeNull()
    sessionStorage.setItem('sessionEnd', 'not json')
    expect(sessionEnd('employer')).toBeNull()
  })
})

describe('a session passing to another account', () => {
  beforeEach(() => localStorage.clear())
  const later = Math.floor(Date.now() / 1000) + 3600
  const signIn = (sub: string, n = 0) => saveSession('candidate', { token: makeJwt({ sub, exp: later + n }), user: { email: `${sub}@example.com` } })

  it('is noticed when someone else signs in, with or without a sign-out between, and only then', () => {
    signIn('ada')
    expect(sessionHolder('candidate')).toBe('ada')
    const changed = vi.fn()
    const stop = onSessionHolderChange(changed)
    signIn('ada', 1) // a new token for the same account
    clearSession('candidate')
    expect(changed).not.toHaveBeenCalled()
    signIn('bo')
    expect(changed).toHaveBeenCalledTimes(1)
    signIn('bo', 2)
    expect(changed).toHaveBeenCalledTimes(1)
    stop()
  })

  it('does not count a first sign-in', () => {
    const changed = vi.fn()
    const stop = onSessionHolderChange(changed)
    signIn('ada')
    expect(changed).not.toHaveBeenCalled()
    stop()
  })
})
