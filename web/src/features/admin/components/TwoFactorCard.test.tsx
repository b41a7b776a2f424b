import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { makeJwt } from '../../../lib/session.fixtures'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { groupSecret, recoveryCodesText, svgDataUrl } from '../model/twoFactor'
import { TwoFactorCard } from './TwoFactorCard'


const SVG = '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="10" height="10"/></svg>'
const SETUP = { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Harbour:alex?secret=JBSW', qr_svg: SVG }
// as long as the server's newer codes (four groups): the card does not assume a length
const CODES = Array.from({ length: 10 }, (_, i) => `k3f9${i}-2hqxa-m3n4o-q7r8${i}`)
const FRESH = makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, sub: 'after-confirm' })

const render = (onEnrolled?: () => void) => renderRoutes([{ path: '/dashboard/admins', element: <TwoFactorCard onEnrolled={onEnrolled} /> }], '/dashboard/admins')

/** "Turn on", then the password step. */
async function turnOn(password = 'Harbour#2026') {
  fireEvent.click(await within(card()).findByRole('button', { name: 'Turn on' }))
  fireEvent.change(await within(card()).findByLabelText('Your password'), { target: { value: password } })
  fireEvent.click(within(card()).getByRole('button', { name: 'Continue' }))
}
const card = () => screen.getByRole('region', { name: 'Your two-factor sign-in' })

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', email: 'alex@harbourit.example' }, { role: 'admin' }))

describe('your two-factor sign-in', () => {
  it('turns it on: the password again, QR code and key, a code to confirm, then the recovery codes once', async () => {
    const calls = routeFetch({
      'GET /api/admin/two-factor': [{ body: { enabled: false, recovery_codes_left: 0 } }, { body: { enabled: true, recovery_codes_left: 10 } }],
      'POST /api/admin/two-factor/setup': [{ status: 403, body: { error: 'That password is incorrect' } }, { body: SETUP }],
      'POST /api/admin/two-factor/confirm': [
        { status: 422, body: { error: 'That code is not right. Check the time on your device and try again.' } },
        { body: { message: 'Two-factor sign-in is on', recovery_codes: CODES, token: FRESH } },
      ],
    })
    render()
    await within(card()).findByText('Off')
    fireEvent.click(within(card()).getByRole('button', { name: 'Turn on' }))

    // the password first: an empty one is caught here, a wrong one is the server's words by the field
    const password = (await within(card()).findByLabelText('Your password')) as HTMLInputElement
    expect(password.getAttribute('autocomplete')).toBe('current-password')
    fireEvent.click(within(card()).getByRole('button', { name: 'Continue' }))
    expect((await within(card()).findByRole('alert')).textContent).toBe('Enter your password to confirm')
    expect(calls.filter((c) => c.key === 'POST /api/admin/two-factor/setup')).toHaveLength(0)
    fireEvent.change(password, { target: { value: 'Wrong#2026' } })
    fireEvent.click(within(card()).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(within(card()).getByRole('alert').textContent).toBe('That password is incorrect'))
    expect(password.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(password, { target: { value: 'Harbour#2026' } })
    fireEvent.click(within(card()).getByRole('button', { name: 'Continue' }))

    const qr = (await screen.findByAltText('QR code for your authenticator app')) as HTMLImageElement
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`)
    // the SVG is a picture, never markup in the page
    expect(card().querySelectorAll('rect[width="10"]')).toHaveLength(0)
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy()
    expect(document.activeElement?.textContent).toBe('1. Scan this QR code with your authenticator app')

    const field = screen.getByLabelText('Code from your authenticator app') as HTMLInputElement
    expect(field.getAttribute('inputmode')).toBe('numeric')
    expect(field.getAttribute('autocomplete')).toBe('one-time-code')

    // an empty code is caught here
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Enter the code from your app')
    expect(calls.filter((c) => c.key === 'POST /api/admin/two-factor/confirm')).toHaveLength(0)

    // a wrong code: the server's words, beside the field
    fireEvent.change(field, { target: { value: '000000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('That code is not right. Check the time on your device and try again.'))
    expect(field.getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(screen.getByLabelText('Code from your authenticator app'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES)
    expect(screen.getByText(/Keep these somewhere safe: each works once if you lose your phone/)).toBeTruthy()
    expect(calls.filter((c) => c.key === 'POST /api/admin/two-factor/confirm').map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }])
    expect(calls.filter((c) => c.key === 'POST /api/admin/two-factor/setup').map((c) => c.body)).toEqual([{ password: 'Wrong#2026' }, { password: 'Harbour#2026' }])
    // every other session has ended; this one carries on with the new token
    expect(localStorage.getItem('jwtToken')).toBe(FRESH)
    expect(within(card()).getByText('On')).toBeTruthy()

    // "I've saved them": the codes are gone for good, the status shows what is left
    fireEvent.click(screen.getByRole('button', { name: 'I’ve saved them' }))
    expect(await within(card()).findByText('10 recovery codes left.')).toBeTruthy()
    expect(screen.queryByText(CODES[0])).toBeNull()
    expect(within(card()).queryByRole('button', { name: 'Turn on' })).toBeNull()
  })

  it('downloads the recovery codes as a text file', async () => {
    routeFetch({
      'GET /api/admin/two-factor': { body: { enabled: false, recovery_codes_left: 0 } },
      'POST /api/admin/two-factor/setup': { body: SETUP },
      'POST /api/admin/two-factor/confirm': { body: { message: 'Two-factor sign-in is on', recovery_codes: CODES } },
    })
    const blobs: Blob[] = []
    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:codes'), revokeObjectURL: () => {} }))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('harbour-it-admin-recovery-codes.txt')
      expect(this.getAttribute('href')).toBe('blob:codes')
    })
    render()
    await turnOn()
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Download as a text file' }))
    expect(click).toHaveBeenCalledOnce()
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(String(reader.result))
      reader.readAsText(blobs[0])
    })
    expect(text).toContain('Account: alex@harbourit.example')
    for (const c of CODES) expect(text).toContain(`\n${c}\n`)
    click.mockRestore()
  })

  it('shows when it is on and how many recovery codes are left', async () => {
    routeFetch({ 'GET /api/admin/two-factor': { body: { enabled: true, recovery_codes_left: 2 } } })
    render()
    expect(await within(card()).findByText('2 recovery codes left.')).toBeTruthy()
    expect(within(card()).getByText('On')).toBeTruthy()
    expect(within(card()).queryByRole('button', { name: 'Turn on' })).toBeNull()
    expect(within(card()).getByRole('button', { name: 'Turn off' })).toBeTruthy()
  })

  it('shows the server message when setup is refused', async () => {
    routeFetch({
      'GET /api/admin/two-factor': { body: { enabled: false, recovery_codes_left: 0 } },
      'POST /api/admin/two-factor/setup': { status: 422, body: { error: 'Two-factor sign-in is already on' } },
    })
    render()
    await turnOn()
    expect((await screen.findByRole('alert')).textContent).toBe('Two-factor sign-in is already on')
  })

  it('turns it off with a code: the new token is kept and the status read again', async () => {
    const calls = routeFetch({
      'GET /api/admin/two-factor': [{ body: { enabled: true, recovery_codes_left: 8 } }, { body: { enabled: false, recovery_codes_left: 0 } }],
      'POST /api/admin/two-factor/disable': [
        { status: 422, body: { error: 'That code has already been used. Wait for the next one.' } },
        { body: { message: 'Two-factor sign-in is off. Set it up again to keep using the admin workspace.', token: FRESH } },
      ],
    })
    render()
    fireEvent.click(await within(card()).findByRole('button', { name: 'Turn off' }))
    const field = within(card()).getByLabelText('Code from your authenticator app')
    fireEvent.click(within(card()).getByRole('button', { name: 'Turn off' }))
    expect((await within(card()).findByRole('alert')).textContent).toBe('Enter the code from your app')
    fireEvent.change(field, { target: { value: '123456' } })
    fireEvent.click(within(card()).getByRole('button', { name: 'Turn off' }))
    await waitFor(() => expect(within(card()).getByRole('alert').textContent).toBe('That code has already been used. Wait for the next one.'))
    expect(localStorage.getItem('jwtToken')).not.toBe(FRESH)
    fireEvent.change(field, { target: { value: '654321' } })
    fireEvent.click(within(card()).getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByText('Two-factor sign-in is off. Set it up again to keep using the admin workspace.')).toBeTruthy()
    expect(await within(card()).findByText('Off')).toBeTruthy()
    expect(localStorage.getItem('jwtToken')).toBe(FRESH)
    expect(calls.filter((c) => c.key === 'POST /api/admin/two-factor/disable').map((c) => c.body)).toEqual([{ code: '123456' }, { code: '654321' }])
  })

  it('at the gate: the workspace opens once the recovery codes are saved, or at once when it is on already', async () => {
    routeFetch({
      'GET /api/admin/two-factor': [{ body: { enabled: false, recovery_codes_left: 0 } }, { body: { enabled: true, recovery_codes_left: 10 } }],
      'POST /api/admin/two-factor/setup': { body: SETUP },
      'POST /api/admin/two-factor/confirm': { body: { message: 'Two-factor sign-in is on', recovery_codes: CODES, token: FRESH } },
    })
    const enrolled = vi.fn()
    const view = render(enrolled)
    await turnOn()
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), { target: { value: '123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    await screen.findByRole('list', { name: 'Recovery codes' })
    expect(enrolled).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'I’ve saved them' }))
    expect(enrolled).toHaveBeenCalledOnce()
    view.unmount()

    const again = vi.fn()
    render(again)
    fireEvent.click(await within(card()).findByRole('button', { name: 'Continue to the workspace' }))
    expect(again).toHaveBeenCalledOnce()
    expect(within(card()).queryByRole('button', { name: 'Turn off' })).toBeNull()
  })
})

describe('two-factor shaping', () => {
  it('groups the key in fours and keeps the SVG as an image address', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ')
    expect(svgDataUrl('<svg a="1"/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%221%22%2F%3E')
  })
  it('writes the recovery file with the account and one code a line', () => {
    const text = recoveryCodesText(['a', 'b'], 'x@example.com', new Date('2026-03-01T00:00:00Z'))
    expect(text.split('\n')).toEqual(expect.arrayContaining(['Account: x@example.com', 'Created: 1 March 2026', 'a', 'b']))
  })
})
