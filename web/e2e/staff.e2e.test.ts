/** The admin and employer hosts (SPEC 2.2): own login pages, /dashboard guarded, employer demo sign-in, admin /signup. */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_URL, DEMO, EMPLOYER_URL, launchBrowser, newContext, screenshot, seriousA11yViolations, VIEWPORT_NAMES } from './support'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

const SITES = [
  { site: 'admin', url: () => ADMIN_URL, h1: 'Admin Sign In' },
  { site: 'employer', url: () => EMPLOYER_URL, h1: 'Employer Sign In' },
] as const

for (const viewport of VIEWPORT_NAMES) {
  describe(`staff hosts @${viewport}`, () => {
    let ctx: BrowserContext
    let page: Page

    beforeAll(async () => {
      ctx = await newContext(browser, viewport)
      page = await ctx.newPage()
    })
    afterAll(async () => {
      await ctx?.close()
    })

    for (const { site, url, h1 } of SITES) {
      it(`${site}: /login is its own sign-in page`, async () => {
        const response = await page.goto(`${url()}/login`)
        expect(response?.status()).toBe(200)
        await page.getByRole('heading', { level: 1, name: h1 }).waitFor()
        expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password')
        // the public chrome is not there
        expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)
        await screenshot(page, `/${site}-login`, viewport)
        expect(await seriousA11yViolations(page, `${site} /login @${viewport}`)).toEqual([])
      })

      it(`${site}: /dashboard without a session redirects to /login`, async () => {
        await page.goto(`${url()}/dashboard`)
        await page.waitForURL(`${url()}/login`)
        await page.getByRole('heading', { level: 1, name: h1 }).waitFor()
        await page.goto(`${url()}/dashboard/jobs/123`)
        await page.waitForURL(`${url()}/login`)
      })

      it(`${site}: any other path redirects to /login`, async () => {
        await page.goto(`${url()}/about`)
        await page.waitForURL(`${url()}/login`)
      })

      it(`${site}: forgot password shows the neutral text`, async () => {
        await page.goto(`${url()}/forgot-password`)
        await page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor()
        await page.getByLabel('Email', { exact: true }).fill(`nobody-${site}@example.com`)
        await page.getByRole('button', { name: 'Send Reset Link' }).click()
        await page.getByText('If an account exists with this email, a password reset link will be sent.').waitFor()
      })
    }

    it('admin: /signup and /register explain how admin accounts are made (no form)', async () => {
      for (const path of ['/signup', '/register']) {
        await page.goto(`${ADMIN_URL}${path}`)
        await page.getByRole('heading', { level: 1, name: 'Admin accounts' }).waitFor()
        await page.getByText('Administrator accounts cannot be created here.').waitFor()
        expect(await page.locator('form').count()).toBe(0)
        expect(await page.locator('input').count()).toBe(0)
        expect(await page.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login')
      }
      await screenshot(page, '/admin-signup', viewport)
      expect(await seriousA11yViolations(page, `admin /signup @${viewport}`)).toEqual([])
    })

    it('employer: /signup is the company registration form', async () => {
      await page.goto(`${EMPLOYER_URL}/signup`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      expect(await page.locator('form').count()).toBe(1)
      await screenshot(page, '/employer-signup', viewport)
      expect(await seriousA11yViolations(page, `employer /signup @${viewport}`)).toEqual([])
    })
  })
}

describe('employer sign-in', () => {
  let ctx: BrowserContext
  let page: Page

  beforeAll(async () => {
    ctx = await newContext(browser)
    page = await ctx.newPage()
  })
  afterAll(async () => {
    await ctx?.close()
  })

  it('a wrong password is refused', async () => {
    await page.goto(`${EMPLOYER_URL}/login`)
    await page.getByLabel('Email', { exact: true }).fill(DEMO.employer.email)
    await page.getByLabel('Password', { exact: true }).fill('Wrong#Password9')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.getByText('Invalid email or password').waitFor()
    expect(page.url()).toBe(`${EMPLOYER_URL}/login`)
  })

  it('the demo employer signs in on employer.localhost and sees the dashboard', async () => {
    await page.goto(`${EMPLOYER_URL}/login`)
    await page.getByLabel('Email', { exact: true }).fill(DEMO.employer.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO.employer.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL(`${EMPLOYER_URL}/dashboard`)
    await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor()
    await page.getByRole('link', { name: 'Post a job' }).first().waitFor()
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('jwtToken'), user: localStorage.getItem('employerUser') }))
    expect(stored.token).toBeTruthy()
    expect(JSON.parse(stored.user ?? '{}').email).toBe(DEMO.employer.email)
    await screenshot(page, '/employer-dashboard', 'desktop')
    expect(await seriousA11yViolations(page, 'employer dashboard')).toEqual([])

    // an employer session does not open the admin site
    await page.goto(`${ADMIN_URL}/dashboard`)
    await page.waitForURL(`${ADMIN_URL}/login`)

    await page.goto(`${EMPLOYER_URL}/dashboard`)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(`${EMPLOYER_URL}/login`)
    expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull()
  })

  it('the admin signs in on admin.localhost', async () => {
    await page.goto(`${ADMIN_URL}/login`)
    await page.getByLabel('Email', { exact: true }).fill(DEMO.admin.email)
    await page.getByLabel('Password', { exact: true }).fill(DEMO.admin.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await page.waitForURL(`${ADMIN_URL}/dashboard`)
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
  })
})
