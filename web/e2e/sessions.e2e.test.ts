/**
 * Issue 26's sessions in Chromium, against the real server:
 * - signing out through each host's UI ends that token on the server (401 from then on);
 * - a candidate changes their password on the Privacy tab (a passphrase longer than 64
 *   characters): their other sessions end, this tab carries on with the new token, and only the
 *   new password signs in;
 * - an admin (made with `recruit admin create`, signing in with a password alone, as development
 *   allows) turns two-factor sign-in on, giving the password again; with that fresh code they add
 *   and remove an admin unasked; once their last code is more than 15 minutes old (the session
 *   aged with tokens.ts, since a test cannot wait) erasing someone opens "Confirm it's you": a
 *   wrong code is refused there, the right one finishes the erasure. At 390 px the dialog's
 *   buttons are on screen, and cancelling leaves the person as they were, with a clear message.
 */
import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_URL, api, apiLogin, BASE_URL, browserPerFile, createAdminWithCli, demoLogin, EMPLOYER_URL, eventually, newContext,
  pagePerBlock, screenshot, seriousA11yViolations, signInThroughForm, sleep, uniqueEmail, VIEWPORTS, type ViewportName,
} from './support'
import { expectNoSidewaysScroll } from './layoutChecks'
import { ageSecondFactor } from './tokens'

const browser = browserPerFile()

const SESSION_KEYS = { candidate: ['authToken', 'candidateData'], employer: ['jwtToken', 'employerUser'], admin: ['jwtToken', 'adminUser'] } as const

/** Stores a sign-in's session in `page`'s origin, once (not at every load, as signedInContext does: a
 *  sign-out that reloads must not find it put back). */
async function storeSession(page: Page, role: keyof typeof SESSION_KEYS, token: string, user: unknown) {
  // the role's sign-in page: same origin as its workspace, and nothing stored yet to send it on
  await page.goto(role === 'candidate' ? `${BASE_URL}/candidate/login` : `${role === 'admin' ? ADMIN_URL : EMPLOYER_URL}/login`)
  const [tk, uk] = SESSION_KEYS[role]
  await page.evaluate(([tk, uk, t, u]) => {
    localStorage.setItem(tk, t)
    localStorage.setItem(uk, u)
  }, [tk, uk, token, JSON.stringify(user)])
}

/** No sideways scroll, a screenshot, no serious axe findings; once nothing is loading, unless the
 *  page is waiting on purpose (an action held while "Confirm it's you" asks for a code). */
async function lookAt(page: Page, name: string, viewport: ViewportName, { waiting = false } = {}) {
  if (!waiting) await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0)
  await expectNoSidewaysScroll(page, `${name} @${viewport}`)
  await screenshot(page, `sessions/${name}`, viewport)
  expect(await seriousA11yViolations(page, `${name} @${viewport}`)).toEqual([])
}

describe('signing out ends the session on the server', () => {
  const HOSTS = [
    { role: 'candidate', home: `${BASE_URL}/candidate/dashboard/jobs`, login: `${BASE_URL}/candidate/login`, probe: '/api/auth/candidate/profile' },
    { role: 'employer', home: `${EMPLOYER_URL}/dashboard`, login: `${EMPLOYER_URL}/login`, probe: '/api/employer/jobs' },
    { role: 'admin', home: `${ADMIN_URL}/dashboard`, login: `${ADMIN_URL}/login`, probe: '/api/auth/admin/me' },
  ] as const

  for (const host of HOSTS) {
    it(`${host.role}: after Sign out the old token gets 401`, async () => {
      const login = await demoLogin(host.role)
      expect((await api('GET', host.probe, { token: login.token })).status).toBe(200)
      const ctx = await newContext(browser())
      try {
        const page = await ctx.newPage()
        await storeSession(page, host.role, login.token, login.user)
        await page.goto(host.home)
        await page.getByRole('heading', { level: 1 }).first().waitFor()
        await page.getByRole('button', { name: 'Sign out' }).locator('visible=true').first().click({ noWaitAfter: true, timeout: 15_000 })
        await page.waitForURL(host.login, { timeout: 15_000 })
        // the request is sent as the tab leaves, not waited for: poll until the server has it
        await expect.poll(async () => (await api('GET', host.probe, { token: login.token })).status, { timeout: 10_000 }).toBe(401)
        // the admin's sign-out reloads /login 100 ms later (SPEC 4): read the storage once the page has
        // settled; a read caught by the reload may never answer, so each try gives up after 2 s
        const stored = () =>
          Promise.race([
            page.evaluate((key) => localStorage.getItem(key), SESSION_KEYS[host.role][0]).catch(() => 'reloading'),
            new Promise<string>((done) => setTimeout(() => done('no answer yet'), 2_000)),
          ])
        await expect.poll(stored, { timeout: 15_000 }).toBeNull()
      } finally {
        // On 2026-11-28 the admin's case ran into the test's own 120 s limit in 2 of 6 runs (never
        // with its steps logged); the click and the close were the steps without a limit of their
        // own, and the sign-out's reload may still be in flight at the close. Neither is what the
        // test is about: the click has 15 s, the close 10 s and is then left to the browser.
        await Promise.race([ctx.close(), sleep(10_000)])
      }
    })
  }
})

describe('changing your password (candidate)', () => {
  const who = { name: 'Morgan Keys', email: uniqueEmail('morgan-password'), password: 'Harbour#Start2026' }
  // longer than 64 characters: the inputs and the server take it
  const passphrase = 'Harbour#Sunrise over the water, ferries out early, gulls on the wharf 2026'
  const ui = pagePerBlock(() => newContext(browser()))

  beforeAll(async () => {
    const res = await api('POST', '/api/auth/candidate/register', { json: { name: who.name, email: who.email, password: who.password } })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  })

  it('from the Privacy tab: the other sessions end, this one carries on, and only the new password signs in', async () => {
    expect(passphrase.length).toBeGreaterThan(64)
    const otherDevice = await apiLogin('candidate', who.email, who.password)
    await signInThroughForm(ui.page, `${BASE_URL}/candidate/login`, who, `${BASE_URL}/candidate/dashboard/jobs`)
    const before = await ui.page.evaluate(() => localStorage.getItem('authToken'))
    await ui.page.getByRole('link', { name: 'Privacy' }).first().click()
    const card = ui.page.getByRole('region', { name: 'Change your password' })
    await card.getByLabel('Current password', { exact: true }).fill(who.password)
    await card.getByLabel('New password', { exact: true }).fill(passphrase)
    await card.getByLabel('Confirm new password', { exact: true }).fill(passphrase)
    expect(await card.getByLabel('New password', { exact: true }).inputValue()).toBe(passphrase)
    await card.getByRole('button', { name: 'Change password' }).click()
    await card.getByRole('status').filter({ hasText: 'Your password has been changed. You have been signed out on your other devices.' }).waitFor()
    await lookAt(ui.page, 'candidate-password-changed', 'desktop')

    const after = await ui.page.evaluate(() => localStorage.getItem('authToken'))
    expect(after).toBeTruthy()
    expect(after).not.toBe(before)
    expect((await api('GET', '/api/auth/candidate/profile', { token: after! })).status).toBe(200)
    await expect.poll(async () => (await api('GET', '/api/auth/candidate/profile', { token: otherDevice.token })).status).toBe(401)
    expect((await api('POST', '/api/auth/candidate/login', { json: { email: who.email, password: who.password } })).status).toBe(401)
    await apiLogin('candidate', who.email, passphrase)

    // still signed in here after a reload
    await ui.page.reload()
    await ui.page.getByRole('region', { name: 'Change your password' }).waitFor()
    expect(ui.page.url()).toBe(`${BASE_URL}/candidate/dashboard/privacy`)
  })

  it('at 390 px: typed twice differently is caught before anything is sent', async () => {
    const login = await apiLogin('candidate', who.email, passphrase)
    const ctx = await newContext(browser(), 'mobile')
    try {
      const page = await ctx.newPage()
      await storeSession(page, 'candidate', login.token, login.user)
      await page.goto(`${BASE_URL}/candidate/dashboard/privacy`)
      const card = page.getByRole('region', { name: 'Change your password' })
      await card.getByLabel('Current password', { exact: true }).fill(passphrase)
      await card.getByLabel('New password', { exact: true }).fill('Harbour#Another2026')
      await card.getByLabel('Confirm new password', { exact: true }).fill('Harbour#Another2027')
      await card.getByRole('button', { name: 'Change password' }).click()
      await card.getByText('Passwords do not match').waitFor()
      await card.scrollIntoViewIfNeeded()
      await lookAt(page, 'candidate-password-mismatch', 'mobile')
    } finally {
      await ctx.close()
    }
  })
})

describe('step-up: a sensitive action asks for a fresh code', () => {
  const ADMIN = { name: 'Jamie Step-Up', email: uniqueEmail('jamie-step-up'), password: 'Harbour#Steps2026' }
  const PEOPLE = [
    { name: 'Erin Erasable', email: uniqueEmail('erin-erase'), password: 'Erase#Me2026' },
    { name: 'Kit Keepable', email: uniqueEmail('kit-keep'), password: 'Keep#Me2026' },
  ]
  const PERIOD_MS = 30_000
  const WRONG_CODE = 'That code is not right. Check the time on your device and try again.'
  const ui = pagePerBlock(() => newContext(browser(), 'desktop'))
  const ids: string[] = []
  let totp: TOTP
  /** the time step of the code last used: the server takes each step once */
  let usedStep = -1

  beforeAll(async () => {
    await createAdminWithCli(ADMIN)
    const seeded = await demoLogin('admin')
    for (const p of PEOPLE) {
      const res = await api('POST', '/api/auth/candidate/register', { json: p })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      ids.push(
        await eventually(async () => {
          const found = await api<{ id: string; email: string }[]>('GET', `/api/admin/candidates?q=${encodeURIComponent(p.email)}`, { token: seeded.token })
          return Array.isArray(found.body) ? found.body.find((c) => c.email === p.email)?.id : undefined
        }, 20_000, `${p.email} among the candidates`),
      )
    }
  })

  /** A code the app would not show now (nor one step either side). */
  const wrongCode = () => ['000000', '111111', '222222'].find((c) => totp.validate({ token: c, window: 1 }) === null)!

  /** The app's next code no earlier than the one last used. */
  async function freshCode(): Promise<string> {
    while (Math.floor(Date.now() / PERIOD_MS) <= usedStep) await sleep(500)
    usedStep = Math.floor(Date.now() / PERIOD_MS)
    return totp.generate()
  }

  /** The session in `page`, its last code `seconds` further back. */
  async function ageSession(page: Page, seconds: number) {
    const token = await page.evaluate(() => localStorage.getItem('jwtToken'))
    const aged = ageSecondFactor(token!, seconds)
    await page.evaluate((t) => localStorage.setItem('jwtToken', t), aged)
    return aged
  }

  async function startErasing(page: Page, name: string) {
    await page.getByRole('button', { name: `Erase ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Erase ${name}?` })
    await dialog.getByLabel('Grounds').selectOption('person_asked')
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click()
    return dialog
  }

  it('an admin who signed in with a password alone turns two-factor sign-in on, giving the password again', async () => {
    await signInThroughForm(ui.page, `${ADMIN_URL}/login`, ADMIN, `${ADMIN_URL}/dashboard`)
    await ui.page.goto(`${ADMIN_URL}/dashboard/admins`)
    const card = ui.page.getByRole('region', { name: 'Your two-factor sign-in' })
    await card.getByRole('button', { name: 'Turn on' }).click()
    await card.getByLabel('Your password', { exact: true }).fill(ADMIN.password)
    await card.getByRole('button', { name: 'Continue' }).click()
    const secret = (await card.locator('code.adm-2fa-secret').innerText()).replace(/\s+/g, '')
    totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 })
    await card.getByLabel('Code from your authenticator app').fill(await freshCode())
    await card.getByRole('button', { name: 'Confirm', exact: true }).click()
    await card.getByRole('list', { name: 'Recovery codes' }).waitFor()
    await card.getByRole('button', { name: 'I’ve saved them' }).click()
    await card.getByText(/recovery codes? left\./).waitFor()
  })

  it('with that fresh code, adding and removing an admin asks for nothing more', async () => {
    const form = ui.page.getByRole('region', { name: 'Add an admin' })
    const email = uniqueEmail('casey-step-up')
    await form.getByLabel('Full name').fill('Casey Recruiter')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Temporary password').fill('Harbour#2026')
    await form.getByRole('button', { name: 'Add admin' }).click()
    await ui.page.getByText(`Casey Recruiter can now sign in with ${email}.`).waitFor()
    await ui.page.getByRole('button', { name: 'Remove Casey Recruiter' }).click()
    await ui.page.getByRole('dialog', { name: 'Remove Casey Recruiter?' }).getByRole('button', { name: 'Remove admin' }).click()
    await expect.poll(() => ui.page.getByRole('button', { name: 'Remove Casey Recruiter' }).count()).toBe(0)
    expect(await ui.page.getByRole('dialog', { name: 'Confirm it’s you' }).count()).toBe(0)
  })

  it('once the last code is over 15 minutes old, erasing asks for one: a wrong code is refused there, the right one finishes the erasure', async () => {
    const [erin] = PEOPLE
    const aged = await ageSession(ui.page, 16 * 60)
    await ui.page.goto(`${ADMIN_URL}/dashboard/candidates/${ids[0]}`)
    // reading needs no fresh code: the record opens as usual
    await ui.page.getByRole('heading', { level: 2, name: erin.name }).waitFor()
    const erase = await startErasing(ui.page, erin.name)

    const stepUp = ui.page.getByRole('dialog', { name: 'Confirm it’s you' })
    await stepUp.waitFor()
    const field = stepUp.getByLabel('Code from your authenticator app')
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true)
    await lookAt(ui.page, 'step-up-dialog', 'desktop', { waiting: true })
    await field.fill(wrongCode())
    await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click()
    await stepUp.getByRole('alert').filter({ hasText: WRONG_CODE }).waitFor()
    await screenshot(ui.page, 'sessions/step-up-dialog-wrong-code', 'desktop')

    await field.fill(await freshCode())
    await stepUp.getByRole('button', { name: 'Confirm', exact: true }).click()
    // the erasure the admin asked for carries on by itself
    await ui.page.getByText(`${erin.name} erased`).waitFor()
    await expect.poll(() => ui.page.getByRole('dialog').count()).toBe(0)
    expect(await erase.count()).toBe(0)
    const fresh = await ui.page.evaluate(() => localStorage.getItem('jwtToken'))
    expect(fresh).not.toBe(aged)
    const record = await api<{ account: { status: string } }>('GET', `/api/admin/candidates/${ids[0]}`, { token: fresh! })
    expect(record.body.account.status).toBe('erased')
  })

  it('at 390 px the dialog’s buttons are on screen; cancelling leaves the person as they were, with a clear message', async () => {
    const [, kit] = PEOPLE
    const ctx = await newContext(browser(), 'mobile')
    try {
      const page = await ctx.newPage()
      const token = ageSecondFactor((await ui.page.evaluate(() => localStorage.getItem('jwtToken')))!, 16 * 60)
      const user = JSON.parse((await ui.page.evaluate(() => localStorage.getItem('adminUser')))!)
      await storeSession(page, 'admin', token, user)
      await page.goto(`${ADMIN_URL}/dashboard/candidates/${ids[1]}`)
      await page.getByRole('heading', { level: 2, name: kit.name }).waitFor()
      const erase = await startErasing(page, kit.name)
      const stepUp = page.getByRole('dialog', { name: 'Confirm it’s you' })
      await stepUp.waitFor()
      for (const name of ['Cancel', 'Confirm']) {
        const box = (await stepUp.getByRole('button', { name, exact: true }).boundingBox())!
        expect(box.x, `${name} on screen`).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, `${name} on screen`).toBeLessThanOrEqual(VIEWPORTS.mobile.width)
        expect(box.y + box.height, `${name} on screen`).toBeLessThanOrEqual(VIEWPORTS.mobile.height)
      }
      await lookAt(page, 'step-up-dialog', 'mobile', { waiting: true })
      await stepUp.getByRole('button', { name: 'Cancel', exact: true }).click()
      await erase.getByRole('alert').filter({ hasText: 'Nothing was changed' }).waitFor()
      await screenshot(page, 'sessions/step-up-cancelled', 'mobile')
      const record = await api<{ account: { status: string } }>('GET', `/api/admin/candidates/${ids[1]}`, { token: (await ui.page.evaluate(() => localStorage.getItem('jwtToken')))! })
      expect(record.body.account.status).not.toBe('erased')
    } finally {
      await ctx.close()
    }
  })
})
