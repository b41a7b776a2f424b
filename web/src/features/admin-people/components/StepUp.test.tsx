import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { makeJwt } from '../../../lib/session.fixtures'
import { freshEachTest, renderRoutes, type RouteAnswer, routeFetch, storeSession } from '../../../testing/harness'
import { STEP_UP_CANCELLED, StepUpHost } from '../../admin'
import CandidatePage from './CandidatePage'

const STEP_UP: RouteAnswer = { status: 403, body: { error: 'Confirm it’s you: enter a code from your authenticator app.', code: 'step_up_required' } }
const WRONG = 'That code is not right. Check the time on your device and try again.'
const ERASED = { status: 'erased', erased_at: '2026-11-23T01:02:03Z', message: 'Erased. Their personal data is gone; the non-personal facts stay.' }
const FRESH = makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, sub: 'stepped-up' })
const record = {
  account: { id: 'c1', name: 'Sam Lee', email: 'sam@example.com', phone: null, status: 'active', created_at: '2026-01-05T00:00:00Z' },
  profile: null,
  documents: [],
  applications: [],
  access_log: [],
}

/** The candidate record as the workspace shows it: the screen, and the one prompt beside it. */
function openRecord(table: Record<string, RouteAnswer>) {
  const calls = routeFetch({ 'GET /api/admin/two-factor': { body: { enabled: true, recovery_codes_left: 10 } }, 'GET /api/admin/candidates/c1': { body: record }, ...table })
  renderRoutes(
    [
      {
        path: '/dashboard/candidates/:candidateId',
        element: (
          <>
            <CandidatePage />
            <StepUpHost />
          </>
        ),
      },
    ],
    '/dashboard/candidates/c1',
  )
  return calls
}

async function startErase() {
  fireEvent.click(await screen.findByRole('button', { name: 'Erase Sam Lee' }))
  const dialog = screen.getByRole('dialog', { name: 'Erase Sam Lee?' })
  fireEvent.change(within(dialog).getByLabelText('Grounds'), { target: { value: 'person_asked' } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))
  return dialog
}

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', role: 'admin' }, { role: 'admin' }))
afterEach(() => vi.restoreAllMocks())

describe('confirm it’s you (step-up)', () => {
  it('asks for a code when the erasure needs one; a wrong code is shown there; the right one finishes the erasure', async () => {
    const old = localStorage.getItem('jwtToken')
    const calls = openRecord({
      'POST /api/admin/people/c1/erase': [STEP_UP, { body: ERASED }],
      'POST /api/auth/admin/step-up': [{ status: 422, body: { error: WRONG } }, { body: { token: FRESH, user: { name: 'Alex Admin', role: 'admin' } } }],
    })
    await startErase()
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' })
    expect(within(stepUp).getByText(/Enter a code from your authenticator app to carry on/)).toBeTruthy()
    const field = within(stepUp).getByLabelText('Code from your authenticator app') as HTMLInputElement
    expect(document.activeElement).toBe(field)
    expect(field.getAttribute('autocomplete')).toBe('one-time-code')
    expect(field.getAttribute('inputmode')).toBe('numeric')

    // empty: caught here
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }))
    expect((await within(stepUp).findByRole('alert')).textContent).toBe('Enter the code from your app')

    fireEvent.change(field, { target: { value: '000000' } })
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(within(stepUp).getByRole('alert').textContent).toBe(WRONG))
    expect(field.value).toBe('')

    fireEvent.change(field, { target: { value: '123456' } })
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Sam Lee erased')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(localStorage.getItem('jwtToken')).toBe(FRESH)
    expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => [c.key, c.body, c.auth])).toEqual([
      ['POST /api/admin/people/c1/erase', { grounds: 'person_asked' }, `Bearer ${old}`],
      ['POST /api/auth/admin/step-up', { code: '000000' }, `Bearer ${old}`],
      ['POST /api/auth/admin/step-up', { code: '123456' }, `Bearer ${old}`],
      ['POST /api/admin/people/c1/erase', { grounds: 'person_asked' }, `Bearer ${FRESH}`],
    ])
  })

  it('takes a recovery code of any length, with a text keyboard', async () => {
    const calls = openRecord({
      'POST /api/admin/people/c1/erase': [STEP_UP, { body: ERASED }],
      'POST /api/auth/admin/step-up': { body: { token: FRESH, user: { name: 'Alex Admin' } } },
    })
    await startErase()
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' })
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Use a recovery code' }))
    const field = within(stepUp).getByLabelText('Recovery code') as HTMLInputElement
    expect(field.getAttribute('inputmode')).toBe('text')
    // room for today's 27-character codes, typed with spaces too
    expect(Number(field.getAttribute('maxlength'))).toBeGreaterThanOrEqual(32)
    fireEvent.change(field, { target: { value: 'abcde1-fghij2-klmno3-pqrst4' } })
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Sam Lee erased')).toBeTruthy()
    expect(calls.find((c) => c.key === 'POST /api/auth/admin/step-up')?.body).toEqual({ code: 'abcde1-fghij2-klmno3-pqrst4' })
  })

  it('cancelled: the erasure fails with a clear message and nothing more is sent', async () => {
    const calls = openRecord({ 'POST /api/admin/people/c1/erase': STEP_UP })
    const erase = await startErase()
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' })
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(within(erase).getByRole('alert').textContent).toBe(STEP_UP_CANCELLED))
    expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull()
    expect(calls.filter((c) => c.key.startsWith('POST')).map((c) => c.key)).toEqual(['POST /api/admin/people/c1/erase'])
  })

  it('an admin without two-factor sign-in (optional in development) is told to turn it on first, and asked for no code', async () => {
    openRecord({
      'POST /api/admin/people/c1/erase': { status: 403, body: { error: 'Turn on two-factor sign-in to use the admin workspace.', code: 'two_factor_enrolment_required' } },
    })
    const erase = await startErase()
    const alert = await within(erase).findByRole('alert')
    expect(alert.textContent).toContain('Turn on two-factor sign-in before erasing anyone.')
    expect(within(alert).getByRole('link', { name: 'Turn it on under Admins' }).getAttribute('href')).toBe('/dashboard/admins')
    expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull()
  })

  it('an export asks too, then saves the file', async () => {
    openRecord({
      'POST /api/admin/people/c1/export': [STEP_UP, { status: 201, body: { url: '/api/exports/adm-1', expires_at: '2026-11-23T02:00:00Z' } }],
      'POST /api/auth/admin/step-up': { body: { token: FRESH, user: { name: 'Alex Admin' } } },
      'GET /api/exports/adm-1': { raw: 'PK', headers: { 'Content-Disposition': 'attachment; filename="harbour-it-data-2026-11-23.zip"' } },
    })
    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: () => 'blob:zip', revokeObjectURL: () => {} }))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    fireEvent.click(await screen.findByRole('button', { name: 'Export data for Sam Lee' }))
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' })
    fireEvent.change(within(stepUp).getByLabelText('Code from your authenticator app'), { target: { value: '123456' } })
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Data exported')).toBeTruthy()
  })
})
