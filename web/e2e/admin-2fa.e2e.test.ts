/**
 * Two-factor sign-in for admins in Chromium: a new admin (never the seeded admin@example.com,
 * which the other files sign in with; made with `recruit admin create`, since adding an admin
 * needs a recent code the demo admins do not have) turns it on from the Admins screen, giving
 * the password again, then reading the key off the screen into an authenticator (the `otpauth`
 * library here); signs out; signs in with password then a code (a wrong code first shows the
 * server's error), and once with a recovery code. The setup card and the code step at 1280 and
 * 390 px: no sideways scroll, screenshot, axe.
 */
import { readFileSync } from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_URL, api, apiLogin, createAdminWithCli, demoLogin, newContext, screenshot, seriousA11yViolations, sleep, uniqueEmail, type LoginBody,
  type ViewportName, pagePerBlock, signInThroughForm, browserPerFile,
} from './support'
import { expectNoSidewaysScroll } from './layoutChecks'

const NEW_ADMIN = { name: 'Riley Two-Step', email: uniqueEmail('riley-2fa'), password: 'Harbour#2026' }
const PERIOD_MS = 30_000
const WRONG_CODE = 'That code is not right. Check the time on your device and try again.'

const browser = browserPerFile()
let totp: TOTP
/** the time step of the code that confirmed setup: the server takes each step once */
let confirmedStep = -1
let recoveryCodes: string[] = []

beforeAll(async () => {
  await createAdminWithCli(NEW_ADMIN)
})

/** A code the app would not show now (nor one step either side). */
function wrongCode(): string {
  for (const c of ['000000', '111111', '222222']) if (totp.validate({ token: c, window: 1 }) === null) return c
  throw new Error('no wrong code found')
}

async function passwordStep(page: Page) {
  await signInThroughForm(page, `${ADMIN_URL}/login`, NEW_ADMIN)
}

async function signOut(page: Page) {
  // Signing out goes to /login at once and reloads the page a moment later
  // (SPEC): wait for that reload, or the next step types into a page that is
  // about to be replaced (or a navigation aborts it).
  const reloaded = page.waitForEvent('load')
  await page.getByRole('button', { name: 'Sign out' }).locator('visible=true').first().click()
  await page.waitForURL(`${ADMIN_URL}/login`)
  await reloaded
  await page.getByLabel('Email', { exact: true }).waitFor()
}

const setupCard = (page: Page) => page.getByRole('region', { name: 'Your two-factor sign-in' })

async function openSetup(page: Page) {
  await page.goto(`${ADMIN_URL}/dashboard/admins`)
  const card = setupCard(page)
  await card.getByText('Off', { exact: true }).waitFor()
  await card.getByRole('button', { name: 'Turn on' }).click()
  await card.getByText('Setting up', { exact: true }).waitFor()
  // the password again first: a session alone does not set it up
  await card.getByLabel('Your password', { exact: true }).fill(NEW_ADMIN.password)
  await card.getByRole('button', { name: 'Continue' }).click()
  const qr = card.getByRole('img', { name: 'QR code for your authenticator app' })
  await qr.waitFor()
  // the SVG really draws (a data URL the browser can decode), at its full size
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  const box = await qr.boundingBox()
  expect(box!.width).toBeGreaterThanOrEqual(200)
  return card
}

async function lookAt(page: Page, name: string, viewport: ViewportName) {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0)
  await expectNoSidewaysScroll(page, `${name} @${viewport}`)
  await screenshot(page, `admin-2fa/${name}`, viewport)
  expect(await seriousA11yViolations(page, `${name} @${viewport}`)).toEqual([])
}

describe('admin two-factor sign-in', () => {
  const ui = pagePerBlock(() => newContext(browser(), 'desktop'))

  it('the setup card at 390 px (started, then cancelled)', async () => {
    const login: LoginBody = await apiLogin('admin', NEW_ADMIN.email, NEW_ADMIN.password)
    const mctx = await newContext(browser(), 'mobile')
    try {
      await mctx.addInitScript(
        ([token, user]) => {
          localStorage.setItem('jwtToken', token)
          localStorage.setItem('adminUser', user)
        },
        [login.token, JSON.stringify(login.user)],
      )
      const mpage = await mctx.newPage()
      const card = await openSetup(mpage)
      await lookAt(mpage, 'setup-card', 'mobile')
      await card.getByRole('button', { name: 'Cancel' }).click()
      await card.getByRole('button', { name: 'Turn on' }).waitFor()
    } finally {
      await mctx.close()
    }
  })

  it('a new admin signs in with just a password and turns two-factor sign-in on', async () => {
    await passwordStep(ui.page)
    await ui.page.waitForURL(`${ADMIN_URL}/dashboard`)
    const card = await openSetup(ui.page)
    await lookAt(ui.page, 'setup-card', 'desktop')

    // type the key in by hand, as someone without a camera would
    const secret = (await card.locator('code.adm-2fa-secret').innerText()).replace(/\s+/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })

    const field = card.getByLabel('Code from your authenticator app')
    await field.fill(wrongCode())
    await card.getByRole('button', { name: 'Confirm', exact: true }).click()
    await card.getByRole('alert').filter({ hasText: WRONG_CODE }).waitFor()

    confirmedStep = Math.floor(Date.now() / PERIOD_MS)
    const before = await ui.page.evaluate(() => localStorage.getItem('jwtToken'))
    await field.fill(totp.generate())
    await card.getByRole('button', { name: 'Confirm', exact: true }).click()
    const list = card.getByRole('list', { name: 'Recovery codes' })
    await list.waitFor()
    recoveryCodes = await list.getByRole('listitem').allInnerTexts()
    expect(recoveryCodes).toHaveLength(10)
    // groups of letters and digits between dashes, of whatever length the server makes them
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/i)
    // the session carries on with the token the confirmation brought
    expect(await ui.page.evaluate(() => localStorage.getItem('jwtToken'))).not.toBe(before)
    await card.getByText('Keep these somewhere safe: each works once if you lose your phone.', { exact: false }).waitFor()
    await card.getByText('On', { exact: true }).waitFor()
    await lookAt(ui.page, 'recovery-codes', 'desktop')

    const [download] = await Promise.all([ui.page.waitForEvent('download'), card.getByRole('button', { name: 'Download as a text file' }).click()])
    expect(download.suggestedFilename()).toBe('harbour-it-admin-recovery-codes.txt')
    const file = readFileSync(await download.path(), 'utf8')
    expect(file).toContain(`Account: ${NEW_ADMIN.email}`)
    for (const c of recoveryCodes) expect(file).toContain(c)

    await card.getByRole('button', { name: 'I’ve saved them' }).click()
    await card.getByText('10 recovery codes left.').waitFor()
    await screenshot(ui.page, 'admin-2fa/card-on', 'desktop')
    expect(await card.getByText(recoveryCodes[0]).count()).toBe(0)
  })

  it('the password alone is no longer a session', async () => {
    const res = await api<{ two_factor_required?: boolean; challenge?: string; token?: string }>('POST', '/api/auth/admin/login', {
      json: { email: NEW_ADMIN.email, password: NEW_ADMIN.password },
    })
    expect(res.status).toBe(200)
    expect(res.body.two_factor_required).toBe(true)
    expect(res.body.token).toBeUndefined()
  })

  it('signs out, then in with password and a code; a wrong code shows the error', async () => {
    await signOut(ui.page)
    await passwordStep(ui.page)
    const field = ui.page.getByLabel('Code from your authenticator app')
    await field.waitFor()
    expect(await field.getAttribute('inputmode')).toBe('numeric')
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code')
    await ui.page.getByRole('heading', { level: 1, name: 'Admin Sign In' }).waitFor()
    expect(await ui.page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull()
    await lookAt(ui.page, 'login-code-step', 'desktop')

    await field.fill(wrongCode())
    await ui.page.getByRole('button', { name: 'Verify' }).click()
    await ui.page.getByRole('alert').filter({ hasText: WRONG_CODE }).waitFor()
    await screenshot(ui.page, 'admin-2fa/login-code-step-error', 'desktop')

    // the code that confirmed setup has been used: wait for the app's next one
    while (Math.floor(Date.now() / PERIOD_MS) <= confirmedStep) await sleep(500)
    await field.fill(totp.generate())
    await ui.page.getByRole('button', { name: 'Verify' }).click()
    await ui.page.waitForURL(`${ADMIN_URL}/dashboard`)
    await ui.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
    const stored = await ui.page.evaluate(() => JSON.parse(localStorage.getItem('adminUser') ?? '{}') as { email?: string })
    expect(stored.email).toBe(NEW_ADMIN.email)
  })

  it('the code step at 390 px', async () => {
    const mctx = await newContext(browser(), 'mobile')
    try {
      const mpage = await mctx.newPage()
      await passwordStep(mpage)
      await mpage.getByLabel('Code from your authenticator app').waitFor()
      await lookAt(mpage, 'login-code-step', 'mobile')
      // "Start again" is back at the password, email kept
      await mpage.getByRole('button', { name: 'Start again' }).click()
      expect(await mpage.getByLabel('Email', { exact: true }).inputValue()).toBe(NEW_ADMIN.email)
      expect(await mpage.getByLabel('Password', { exact: true }).inputValue()).toBe('')
    } finally {
      await mctx.close()
    }
  })

  it('signs in once with a recovery code, which is then spent', async () => {
    await signOut(ui.page)
    await passwordStep(ui.page)
    await ui.page.getByLabel('Code from your authenticator app').waitFor()
    await ui.page.getByRole('button', { name: 'Use a recovery code' }).click()
    // recovery codes are taken in any case
    await ui.page.getByLabel('Recovery code').fill(recoveryCodes[0].toUpperCase())
    await ui.page.getByRole('button', { name: 'Verify' }).click()
    await ui.page.waitForURL(`${ADMIN_URL}/dashboard`)
    await ui.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()

    await ui.page.goto(`${ADMIN_URL}/dashboard/admins`)
    await setupCard(ui.page).getByText('9 recovery codes left.').waitFor()

    // the same recovery code a second time is refused
    const first = await api<{ challenge: string }>('POST', '/api/auth/admin/login', { json: { email: NEW_ADMIN.email, password: NEW_ADMIN.password } })
    const again = await api<{ error: string }>('POST', '/api/auth/admin/login/two-factor', { json: { challenge: first.body.challenge, code: recoveryCodes[0] } })
    expect(again.status).toBe(422)
    expect(again.body.error).toBe('That recovery code is not right, or it has already been used.')
  })

  it('the seeded admin still signs in with just a password', async () => {
    const res = await demoLogin('admin')
    expect(res.token).toBeTruthy()
  })
})
