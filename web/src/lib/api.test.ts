import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiFetch, consistencyToken, hasErrorCode } from './api'

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
