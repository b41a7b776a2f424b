/**
 * The candidate journey in the browser (SPEC 2.5, 4, 5, 8): sign up, log in, the dashboard and its
 * tabs (with axe), sign out, session expiry at load, and forgot/reset password through the mail file.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  api, BASE_URL, decodeQuotedPrintable, DEMO, eventually, fakeJwt, MAIL_DIR, newContext, screenshot, seriousA11yViolations, uniqueEmail,
  VIEWPORT_NAMES, type ViewportName, pagePerBlock, browserPerFile,
} from './support'

const browser = browserPerFile()

const GREETING = /^Good (morning|afternoon|evening), Robin$/
const storage = (page: Page) =>
  page.evaluate(() => ({ token: localStorage.getItem('authToken'), user: localStorage.getItem('candidateData') }))

async function loginThroughUi(page: Page, email: string, password: string) {
  await page.goto(`${BASE_URL}/candidate/login`)
  await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor()
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

describe('a new candidate', () => {
  const email = uniqueEmail('robin')
  const password = 'Harbour#2026'
  const ui = pagePerBlock(() => newContext(browser(), 'desktop'))

  it('sign-up shows the validation messages', async () => {
    await ui.page.goto(`${BASE_URL}/candidate/signup`)
    await ui.page.getByRole('heading', { level: 1, name: 'Start Your Journey' }).waitFor()
    await ui.page.getByLabel('Email Address').fill('robin@')
    await ui.page.getByLabel('Password', { exact: true }).fill('weakpass')
    await ui.page.getByRole('button', { name: 'Create Account' }).click()
    await ui.page.getByText('Please enter your full name').waitFor()
    await ui.page.getByText('Please enter a valid email address').waitFor()
    await ui.page.getByText('Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character').waitFor()
    expect(ui.page.url()).toBe(`${BASE_URL}/candidate/signup`)
  })

  it('signs up through the form and is told to log in', async () => {
    await ui.page.goto(`${BASE_URL}/candidate/signup`)
    await ui.page.getByLabel('Full Name').fill('Robin Tran')
    await ui.page.getByLabel('Email Address').fill(email)
    await ui.page.getByLabel('Password', { exact: true }).fill(password)
    await ui.page.getByLabel('Phone Number (optional)').fill('0412 000 111')
    const dialog = ui.page.waitForEvent('dialog')
    await ui.page.getByRole('button', { name: 'Create Account' }).click()
    const d = await dialog
    expect(d.type()).toBe('alert')
    expect(d.message()).toBe('Registration successful! Please log in.')
    await d.accept()
    await ui.page.waitForURL(`${BASE_URL}/candidate/login`)
  })

  it('signing up again with the same email shows the server error', async () => {
    await ui.page.goto(`${BASE_URL}/candidate/signup`)
    await ui.page.getByLabel('Full Name').fill('Robin Tran')
    await ui.page.getByLabel('Email Address').fill(email)
    await ui.page.getByLabel('Password', { exact: true }).fill(password)
    await ui.page.getByRole('button', { name: 'Create Account' }).click()
    await ui.page.getByText('An account with this email already exists').waitFor()
  })

  it('a wrong password shows the server error and clears the password', async () => {
    await loginThroughUi(ui.page, email, 'Wrong#Password1')
    await ui.page.getByText('Invalid email or password').waitFor()
    expect(await ui.page.getByLabel('Password', { exact: true }).inputValue()).toBe('')
    expect(ui.page.url()).toBe(`${BASE_URL}/candidate/login`)
  })

  it('a password in the wrong format is refused before sending', async () => {
    await loginThroughUi(ui.page, email, 'lowercase')
    await ui.page.getByText('Invalid password format').waitFor()
  })

  it('logs in and lands on the dashboard with the greeting and first name', async () => {
    await loginThroughUi(ui.page, email, password)
    await ui.page.waitForURL(`${BASE_URL}/candidate/dashboard/jobs`)
    const h1 = ui.page.locator('h1.cd-greeting')
    await h1.waitFor()
    await ui.page.waitForFunction(() => /, Robin$/.test(document.querySelector('h1.cd-greeting')?.textContent ?? ''))
    expect((await h1.innerText()).trim()).toMatch(GREETING)
    const stored = await storage(ui.page)
    expect(stored.token).toBeTruthy()
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ email, name: 'Robin Tran' })
    // desktop layout: sidebar with the tabs and sign-out, header with the bell
    const tabs = ui.page.getByRole('navigation', { name: 'Dashboard' })
    for (const name of ['Browse Jobs', 'My Applications', 'Documents', 'Profile']) {
      expect(await tabs.getByRole('link', { name }).count(), name).toBe(1)
    }
    expect(await ui.page.getByRole('button', { name: /^Notifications/ }).isVisible()).toBe(true)
    expect(await ui.page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true)
  })

  it('browses jobs ten to a page and searches', async () => {
    await ui.page.getByRole('heading', { name: 'Browse Jobs' }).waitFor()
    const cards = ui.page.locator('.cd-card')
    await cards.first().waitFor()
    // paginated: ten cards, and the range says how many there are in all
    const total = async () => Number(/^Showing \d+-\d+ of (\d+)$/.exec((await ui.page.locator('.cd-range').innerText()).trim())?.[1])
    const all = await total()
    expect(all).toBeGreaterThan(10)
    expect(await cards.count()).toBe(10)
    expect(await ui.page.locator('.cd-range').innerText()).toBe(`Showing 1-10 of ${all}`)
    const pager = ui.page.getByRole('navigation', { name: 'Job pages' })
    await pager.getByRole('button', { name: 'Page 2' }).click()
    await ui.page.waitForFunction(() => document.querySelector('.cd-range')?.textContent?.startsWith('Showing 11-'))
    await pager.getByRole('button', { name: 'Page 1' }).click()
    await ui.page.getByText(/^Last updated:/).waitFor()

    await ui.page.getByLabel('Search jobs').fill('Engineer')
    await ui.page.waitForFunction((n) => Number(/of (\d+)$/.exec(document.querySelector('.cd-range')?.textContent ?? '')?.[1]) < n, all)
    const titles = await ui.page.locator('.cd-card h3').allInnerTexts()
    expect(titles.length).toBeGreaterThan(0)
    for (const t of titles) expect(t.toLowerCase()).toContain('engineer')

    // See More / Show Less on a card
    const first = cards.first()
    await first.getByRole('button', { name: 'See More' }).click()
    await first.getByRole('button', { name: 'Show Less' }).waitFor()

    await ui.page.getByLabel('Search jobs').fill('zzz no such job')
    await ui.page.getByText('No jobs found matching your criteria').waitFor()
    await ui.page.getByLabel('Search jobs').fill('')
    await ui.page.waitForFunction((n) => document.querySelector('.cd-range')?.textContent === `Showing 1-10 of ${n}`, all)

    const refreshed = ui.page.waitForResponse((r) => r.url().endsWith('/api/admin/jobs/job-board'))
    await ui.page.getByRole('button', { name: 'Refresh', exact: true }).click()
    expect((await refreshed).status()).toBe(200)
    await ui.page.getByText('Jobs refreshed successfully').waitFor()
  })

  it('moves between the tabs from the sidebar', async () => {
    const tabs = ui.page.getByRole('navigation', { name: 'Dashboard' })
    const expectations: [string, string, string][] = [
      ['My Applications', 'applications', 'My Applications'],
      ['Documents', 'documents', 'Documents'],
      ['Profile', 'profile', 'Profile'],
      ['Browse Jobs', 'jobs', 'Browse Jobs'],
    ]
    for (const [link, path, heading] of expectations) {
      await tabs.getByRole('link', { name: link }).click()
      await ui.page.waitForURL(`${BASE_URL}/candidate/dashboard/${path}`)
      await ui.page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor()
      expect(await tabs.getByRole('link', { name: link }).getAttribute('aria-current')).toBe('page')
    }
  })

  for (const viewport of VIEWPORT_NAMES) {
    it(`every dashboard tab passes axe (serious/critical) @${viewport}`, async () => {
      const tabCtx = await newContext(browser(), viewport as ViewportName)
      await tabCtx.addInitScript(
        ([token, user]) => {
          if (!localStorage.getItem('authToken') && token && user) {
            localStorage.setItem('authToken', token)
            localStorage.setItem('candidateData', user)
          }
        },
        [(await storage(ui.page)).token, (await storage(ui.page)).user],
      )
      const tabPage = await tabCtx.newPage()
      const found: Record<string, unknown[]> = {}
      for (const [path, heading] of [
        ['jobs', 'Browse Jobs'],
        ['applications', 'My Applications'],
        ['documents', 'Documents'],
        ['profile', 'Profile'],
      ]) {
        const response = await tabPage.goto(`${BASE_URL}/candidate/dashboard/${path}`)
        expect(response?.status()).toBe(200)
        await tabPage.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor()
        await tabPage.waitForLoadState('networkidle').catch(() => {})
        if (viewport === 'mobile') {
          // bottom navigation under 768 px
          expect(await tabPage.locator('.app-bottom-nav').isVisible()).toBe(true)
          expect(await tabPage.locator('.app-bottom-nav').innerText()).toMatch(/Jobs[\s\S]*Applied[\s\S]*Files[\s\S]*Profile/)
        }
        await screenshot(tabPage, `/candidate/dashboard/${path}`, viewport as ViewportName)
        const v = await seriousA11yViolations(tabPage, `/candidate/dashboard/${path} @${viewport}`)
        if (v.length) found[path] = v
      }
      // the bell dropdown too
      await tabPage.getByRole('button', { name: /^Notifications/ }).click()
      await tabPage.getByRole('region', { name: 'Notifications' }).waitFor()
      await screenshot(tabPage, '/candidate/dashboard/notifications', viewport as ViewportName)
      const v = await seriousA11yViolations(tabPage, `notifications dropdown @${viewport}`)
      if (v.length) found.notifications = v
      await tabCtx.close()
      expect(found).toEqual({})
    })
  }

  it('a signed-in candidate opening the login page goes to the dashboard', async () => {
    await ui.page.goto(`${BASE_URL}/candidate/login`)
    await ui.page.waitForURL(`${BASE_URL}/candidate/dashboard/jobs`)
  })

  it('signs out: storage cleared, back at the login page, dashboard closed', async () => {
    await ui.page.locator('h1.cd-greeting').waitFor()
    await ui.page.getByRole('button', { name: 'Sign out' }).click()
    await ui.page.waitForURL(`${BASE_URL}/candidate/login`)
    expect(await storage(ui.page)).toEqual({ token: null, user: null })
    // a portal page opened signed out: the sign-in page keeps it, to come back to after signing in
    await ui.page.goto(`${BASE_URL}/candidate/dashboard/profile`)
    await ui.page.waitForURL(`${BASE_URL}/candidate/login?to=/candidate/dashboard/profile`)
  })
})

describe('candidate session at load', () => {
  const ui = pagePerBlock(() => newContext(browser()))

  async function loadDashboardWith(token: string) {
    await ui.page.goto(`${BASE_URL}/about`)
    await ui.page.evaluate(
      ([t, u]) => {
        localStorage.setItem('authToken', t)
        localStorage.setItem('candidateData', u)
      },
      [token, JSON.stringify({ id: 'x', name: 'Expired Person', email: 'expired@example.com', role: 'candidate' })],
    )
    await ui.page.goto(`${BASE_URL}/candidate/dashboard`)
    await ui.page.waitForURL(`${BASE_URL}/candidate/login`)
    await ui.page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor()
    expect(await storage(ui.page)).toEqual({ token: null, user: null })
  }

  it('an expired token logs the candidate out', async () => {
    const now = Math.floor(Date.now() / 1000)
    await loadDashboardWith(fakeJwt({ sub: 'x', role: 'candidate', iat: now - 7200, exp: now - 3600 }))
  })

  it('an unreadable token logs the candidate out', async () => {
    await loadDashboardWith('not-a-jwt')
  })

  it('without a session the dashboard sends the visitor to the login page, keeping the tab asked for', async () => {
    await ui.page.goto(`${BASE_URL}/candidate/dashboard/applications`)
    await ui.page.waitForURL(`${BASE_URL}/candidate/login?to=/candidate/dashboard/applications`)
    // signing in there goes on to the tab asked for, not the default one
    await ui.page.getByLabel('Email', { exact: true }).fill(DEMO.candidate.email)
    await ui.page.getByLabel('Password', { exact: true }).fill(DEMO.candidate.password)
    await ui.page.getByRole('button', { name: 'Sign In' }).click()
    await ui.page.waitForURL(`${BASE_URL}/candidate/dashboard/applications`)
    await ui.page.getByRole('region', { name: 'My Applications' }).waitFor()
    await ui.page.evaluate(() => localStorage.clear())
  })

  it('the demo candidate can sign in', async () => {
    await loginThroughUi(ui.page, DEMO.candidate.email, DEMO.candidate.password)
    await ui.page.waitForURL(`${BASE_URL}/candidate/dashboard/jobs`)
    await ui.page.locator('h1.cd-greeting').waitFor()
  })
})

describe('forgot and reset password (candidate)', () => {
  const email = uniqueEmail('reset')
  const oldPassword = 'Original#Pass1'
  const newPassword = 'Brand-New#Pass2'
  const ui = pagePerBlock(() => newContext(browser()))

  beforeAll(async () => {
    const res = await api('POST', '/api/auth/candidate/register', { json: { name: 'Casey Reset', email, password: oldPassword } })
    expect(res.status).toBe(201)
  })

  it('requires an email, then shows the neutral text', async () => {
    await ui.page.goto(`${BASE_URL}/candidate/login`)
    await ui.page.getByRole('link', { name: 'Forgot password?' }).click()
    await ui.page.waitForURL(`${BASE_URL}/forgot-password`)
    await ui.page.getByRole('button', { name: 'Send Reset Link' }).click()
    await ui.page.getByText('Please enter your email').waitFor()
    await ui.page.getByLabel('Email', { exact: true }).fill(email)
    await ui.page.getByRole('button', { name: 'Send Reset Link' }).click()
    await ui.page.getByText('If an account exists with this email, a password reset link will be sent.').waitFor()
    await screenshot(ui.page, '/forgot-password-sent', 'desktop')
  })

  it('the same neutral text for an unknown address', async () => {
    await ui.page.goto(`${BASE_URL}/forgot-password`)
    await ui.page.getByLabel('Email', { exact: true }).fill(uniqueEmail('nobody'))
    await ui.page.getByRole('button', { name: 'Send Reset Link' }).click()
    await ui.page.getByText('If an account exists with this email, a password reset link will be sent.').waitFor()
  })

  it('the mailed link opens the reset page, and the new password works', async () => {
    const link = await eventually(
      () => {
        for (const file of readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml'))) {
          const raw = readFileSync(join(MAIL_DIR, file), 'utf8')
          if (!raw.includes(`To: ${email}`)) continue
          const body = decodeQuotedPrintable(raw)
          const m = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_\-.%]+/.exec(body)
          if (m) return m[0]
        }
        return null
      },
      20_000,
      `a reset mail to ${email} in ${MAIL_DIR}`,
    )
    expect(link.startsWith(`${BASE_URL}/reset-password?token=`)).toBe(true)
    const response = await ui.page.goto(link)
    expect(response?.status()).toBe(200)
    await ui.page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor()

    // client checks first
    await ui.page.getByLabel('New Password', { exact: true }).fill(newPassword)
    await ui.page.getByLabel('Confirm Password', { exact: true }).fill('Something#Else1')
    await ui.page.getByRole('button', { name: 'Reset Password' }).click()
    await ui.page.getByText('Passwords do not match').waitFor()

    await ui.page.getByLabel('Confirm Password', { exact: true }).fill(newPassword)
    const dialog = ui.page.waitForEvent('dialog')
    await ui.page.getByRole('button', { name: 'Reset Password' }).click()
    const d = await dialog
    expect(d.message()).toBe('Password has been reset successfully.')
    await d.accept()
    await ui.page.waitForURL(`${BASE_URL}/candidate/login`)

    await loginThroughUi(ui.page, email, oldPassword)
    await ui.page.getByText('Invalid email or password').waitFor()
    await loginThroughUi(ui.page, email, newPassword)
    await ui.page.waitForURL(`${BASE_URL}/candidate/dashboard/jobs`)
  })
})
