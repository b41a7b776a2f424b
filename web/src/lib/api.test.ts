import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiFetch, bearerFetch, consistencyToken, hasErrorCode } from './api'
import { fetchBearerAttachment } from './download'
import { loadSession, replaceSessionToken, saveSession, SESSION_ENDED, sessionEnd, subscribeSession, swappingToken, type Role } from './session'
import { makeJwt } from './session.fixtures'

function reply(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } })
}

describe('apiFetch', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('turns an {error} body into an ApiError with the server text', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => reply(409, { error: 'An account with this email already exists' })))
    await expect(apiFetch('/api/x', { method: 'POST', body: {} })).rejects.toEqual(
      new ApiError(409, 'An account with this email already exists'),
    )
  })

  it('reads a {message} body when there is no {error}, and keeps the generic text for neither', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => reply(410, { message: 'This download link has expired. Ask for a new export.' })))
    await expect(apiFetch('/api/x')).rejects.toEqual(new ApiError(410, 'This download link has expired. Ask for a new export.'))
    vi.stubGlobal('fetch', vi.fn(async () => reply(500, { detail: 'x' })))
    await expect(apiFetch('/api/x')).rejects.toEqual(new ApiError(500, 'Request failed with status 500'))
  })

  it("keeps the body's machine-readable code beside the text", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => reply(403, { error: 'Confirm it’s you: enter a code from your authenticator app.', code: 'step_up_required' })))
    const err = await apiFetch('/api/admin/people/p1/erase', { method: 'POST', body: {} }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 403, message: 'Confirm it’s you: enter a code from your authenticator app.', code: 'step_up_required' })
    expect(hasErrorCode(err, 'step_up_required')).toBe(true)
    expect(hasErrorCode(new ApiError(403, 'x'), 'step_up_required')).toBe(false)
  })

  it('sends the newest consistency token of a write back on later reads', async () => {
    const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(async () =>
      reply(200, {}, { 'X-Consistency-Token': '42' }),
    )
    vi.stubGlobal('fetch', fetchMock)
    await apiFetch('/api/applications/submit', { method: 'POST', body: { jobId: 'j' } })
    expect(consistencyToken()).toBe('42')
    fetchMock.mockImplementation(async () => reply(200, []))
    await apiFetch('/api/applications/my-applications')
    const headers = fetchMock.mock.calls[1][1]?.headers as Record<string, string>
    expect(headers['X-Consistency-Token']).toBe('42')
  })
})

describe('a bearer call the server answers 401', () => {
  const token = (claims: Record<string, unknown> = {}) => makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims })
  const answer = (status: number, body: unknown = { error: 'Your session has ended. Please sign in again.' }) =>
    vi.stubGlobal('fetch', vi.fn(async () => reply(status, body)))
  const signedIn = (role: Role) => loadSession(role).status === 'authenticated'

  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })
  afterEach(() => vi.unstubAllGlobals())

  it("ends that role's stored session, tells its guard, and still fails the call", async () => {
    saveSession('candidate', { token: token(), user: { name: 'Jane' } })
    const changed = vi.fn()
    const unsubscribe = subscribeSession(changed)
    answer(401)
    await expect(bearerFetch('candidate', '/api/applications/submit', { method: 'POST', body: { jobId: 'j1' } })).rejects.toMatchObject({ status: 401 })
    unsubscribe()
    expect(signedIn('candidate')).toBe(false)
    expect(localStorage.getItem('authToken')).toBeNull()
    expect(changed).toHaveBeenCalled()
    expect(sessionEnd('candidate')?.notice).toBe(SESSION_ENDED)
  })

  it("leaves every other role's session alone", async () => {
    saveSession('candidate', { token: token({ role: 'candidate' }), user: { name: 'Jane' } })
    saveSession('admin', { token: token({ role: 'admin' }), user: { name: 'Alex' } })
    answer(401)
    await expect(bearerFetch('admin', '/api/admin/overview')).rejects.toBeInstanceOf(ApiError)
    expect(signedIn('admin')).toBe(false)
    expect(signedIn('candidate')).toBe(true)
    expect(sessionEnd('candidate')).toBeNull()
  })

  it('does nothing when no session was sent: the call is refused before it leaves, and the shared staff key is kept', async () => {
    // an employer is signed in; an admin call (no admin session) must not clear the shared jwtToken
    saveSession('employer', { token: token(), user: { name: 'Bo' } })
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    await expect(bearerFetch('admin', '/api/admin/overview')).rejects.toMatchObject({ status: 401 })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(signedIn('employer')).toBe(true)
    expect(sessionEnd('admin')).toBeNull()
  })

  it('keeps the session for any other refusal (a wrong password is 403 or 422, never 401)', async () => {
    saveSession('candidate', { token: token(), user: { name: 'Jane' } })
    for (const status of [400, 403, 404, 409, 422, 429, 500]) {
      answer(status, { error: 'no' })
      await expect(bearerFetch('candidate', '/api/account/erase', { method: 'POST', body: { password: 'x' } })).rejects.toMatchObject({ status })
    }
    expect(signedIn('candidate')).toBe(true)
    expect(sessionEnd('candidate')).toBeNull()
  })

  it('keeps a session signed in again while the refused call was on its way', async () => {
    saveSession('candidate', { token: token({ iat: 1 }), user: { name: 'Jane' } })
    const fresh = token({ iat: 2 })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        saveSession('candidate', { token: fresh, user: { name: 'Jane' } })
        return reply(401, { error: 'Your session has ended. Please sign in again.' })
      }),
    )
    await expect(bearerFetch('candidate', '/api/documents')).rejects.toMatchObject({ status: 401 })
    expect(loadSession('candidate')).toMatchObject({ status: 'authenticated', token: fresh })
  })

  it("waits for this tab's own token swap (a password change) before judging a 401 to the old token", async () => {
    saveSession('candidate', { token: token({ iat: 1 }), user: { name: 'Jane' } })
    const fresh = token({ iat: 2 })
    let finishSwap = () => {}
    const swap = swappingToken('candidate', () => new Promise<void>((resolve) => (finishSwap = resolve)).then(() => replaceSessionToken('candidate', fresh)))
    answer(401)
    await expect(bearerFetch('candidate', '/api/notifications/unread-count')).rejects.toMatchObject({ status: 401 })
    expect(signedIn('candidate')).toBe(true)
    finishSwap()
    await swap
    await Promise.resolve()
    expect(loadSession('candidate')).toMatchObject({ status: 'authenticated', token: fresh })
    expect(sessionEnd('candidate')).toBeNull()
  })

  it('ends the session after all when the token swap fails', async () => {
    saveSession('candidate', { token: token(), user: { name: 'Jane' } })
    let failSwap = () => {}
    const swap = swappingToken('candidate', () => new Promise<void>((_, reject) => (failSwap = () => reject(new Error('offline')))))
    answer(401)
    await expect(bearerFetch('candidate', '/api/documents')).rejects.toMatchObject({ status: 401 })
    failSwap()
    await expect(swap).rejects.toThrow('offline')
    await vi.waitFor(() => expect(signedIn('candidate')).toBe(false))
  })

  it('ends it for a file download too', async () => {
    saveSession('candidate', { token: token(), user: { name: 'Jane' } })
    answer(401)
    await expect(fetchBearerAttachment('candidate', '/api/candidate/resume/download')).rejects.toMatchObject({ status: 401 })
    expect(signedIn('candidate')).toBe(false)
  })

  it('a 401 to a call without a bearer (a sign-in with a wrong password) ends nothing', async () => {
    saveSession('employer', { token: token(), user: { name: 'Bo' } })
    answer(401, { error: 'Invalid email or password' })
    await expect(apiFetch('/api/auth/admin/login', { method: 'POST', body: { email: 'a@b.c', password: 'x' } })).rejects.toMatchObject({ status: 401 })
    expect(signedIn('employer')).toBe(true)
    expect(sessionEnd('employer')).toBeNull()
  })
})
