import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api'
import { makeJwt } from '../../../lib/session.fixtures'
import { freshEachTest, routeFetch, storeSession } from '../../../testing/harness'
import { adminFetch, adminPost, ENROLMENT_FIRST } from './client'
import { registerStepUpPrompt, STEP_UP_CANCELLED, stepUp } from './step-up'

const STEP_UP = { status: 403, body: { error: 'Confirm it’s you: enter a code from your authenticator app.', code: 'step_up_required' } }
const GATE = { status: 403, body: { error: 'Turn on two-factor sign-in to use the admin workspace.', code: 'two_factor_enrolment_required' } }
const fresh = makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, sub: 'stepped-up' })

let unregister: (() => void) | null = null
afterEach(() => {
  unregister?.()
  unregister = null
})
freshEachTest(() => storeSession('admin', { name: 'Alex Admin' }))

describe('the admin client', () => {
  it('asks for a code when a sensitive action needs one, then sends the same request again with the new session', async () => {
    const old = localStorage.getItem('jwtToken')
    const calls = routeFetch({
      'POST /api/admin/people/p1/erase': [STEP_UP, { body: { status: 'erased', message: 'Erased' } }],
      'POST /api/auth/admin/step-up': { body: { token: fresh, user: { name: 'Alex Admin' } } },
    })
    const prompt = vi.fn(async (reason: string) => {
      expect(reason).toBe('Confirm it’s you: enter a code from your authenticator app.')
      await stepUp('123456')
      return true
    })
    unregister = registerStepUpPrompt(prompt)
    await expect(adminPost('/api/admin/people/p1/erase', { grounds: 'person_asked' })).resolves.toEqual({ status: 'erased', message: 'Erased' })
    expect(prompt).toHaveBeenCalledOnce()
    expect(calls).toEqual([
      { key: 'POST /api/admin/people/p1/erase', body: { grounds: 'person_asked' }, auth: `Bearer ${old}` },
      { key: 'POST /api/auth/admin/step-up', body: { code: '123456' }, auth: `Bearer ${old}` },
      { key: 'POST /api/admin/people/p1/erase', body: { grounds: 'person_asked' }, auth: `Bearer ${fresh}` },
    ])
    expect(localStorage.getItem('jwtToken')).toBe(fresh)
  })

  it('fails with a clear message when the code is not given, and sends nothing more', async () => {
    const calls = routeFetch({ 'DELETE /api/admin/admins/a2': STEP_UP })
    unregister = registerStepUpPrompt(async () => false)
    const err = await adminFetch('/api/admin/admins/a2', { method: 'DELETE' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 403, message: STEP_UP_CANCELLED })
    expect(calls).toHaveLength(1)
  })

  it('asks once for requests refused together', async () => {
    routeFetch({
      'POST /api/admin/people/p1/export': [STEP_UP, { body: { url: '/x' } }],
      'POST /api/admin/people/p2/export': [STEP_UP, { body: { url: '/y' } }],
    })
    let answer: (passed: boolean) => void = () => {}
    const prompt = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)))
    unregister = registerStepUpPrompt(prompt)
    const both = Promise.all([adminPost('/api/admin/people/p1/export'), adminPost('/api/admin/people/p2/export')])
    await vi.waitFor(() => expect(prompt).toHaveBeenCalled())
    answer(true)
    await expect(both).resolves.toEqual([{ url: '/x' }, { url: '/y' }])
    expect(prompt).toHaveBeenCalledOnce()
  })

  it('retries once: a second refusal stands', async () => {
    const calls = routeFetch({ 'POST /api/admin/admins': STEP_UP })
    unregister = registerStepUpPrompt(async () => true)
    await expect(adminPost('/api/admin/admins', {})).rejects.toMatchObject({ status: 403, code: 'step_up_required' })
    expect(calls).toHaveLength(2)
  })

  it('without a prompt (a screen outside the workspace) the refusal stands as it came', async () => {
    routeFetch({ 'POST /api/admin/two-factor/disable': STEP_UP })
    await expect(adminPost('/api/admin/two-factor/disable', { code: '1' })).rejects.toMatchObject({ status: 403, code: 'step_up_required' })
  })

  it('raises the enrolment gate when a read is refused for want of two-factor sign-in', async () => {
    routeFetch({ 'GET /api/admin/overview': GATE })
    await expect(adminFetch('/api/admin/overview')).rejects.toMatchObject({ status: 403, code: 'two_factor_enrolment_required' })
    expect(localStorage.getItem('adminTwoFactorEnrolment')).toBe('required')
  })

  it('a command refused for want of two-factor sign-in says to turn it on first, asks for no code, and leaves the workspace open', async () => {
    routeFetch({ 'POST /api/admin/admins': GATE })
    const prompt = vi.fn(async () => true)
    unregister = registerStepUpPrompt(prompt)
    await expect(adminPost('/api/admin/admins', {})).rejects.toMatchObject({ status: 403, message: ENROLMENT_FIRST, code: 'two_factor_enrolment_required' })
    expect(prompt).not.toHaveBeenCalled()
    expect(localStorage.getItem('adminTwoFactorEnrolment')).toBeNull()
  })
})
