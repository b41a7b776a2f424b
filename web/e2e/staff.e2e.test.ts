/** The admin and employer hosts (SPEC 2.2): own login pages, /dashboard guarded, employer demo sign-in, admin /signup. */
import { describe, expect, it } from 'vitest'
import { ADMIN_URL, DEMO, EMPLOYER_URL, newContext, screenshot, seriousA11yViolations, VIEWPORT_NAMES, pagePerBlock, signInThroughForm, browserPerFile } from './support'

const browser = browserPerFile()

const SITES = [
  { site: 'admin', url: () => ADMIN_URL, h1: 'Admin Sign In' },
  { site: 'employer', url: () => EMPLOYER_URL, h1: 'Employer Sign In' },
] as const

for (const viewport of VIEWPORT_NAMES) {
  describe(`staff hosts @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))

    for (const { site, url, h1 } of SITES) {
      it(`${site}: /login is its own sign-in page`, async () => {
        const response = await ui.page.goto(`${url()}/login`)
        expect(response?.status()).toBe(200)
        await ui.page.getByRole('heading', { level: 1, name: h1 }).waitFor()
        expect(await ui.page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password')
        // the public chrome is not there
        expect(await ui.page.getByRole('navigation', { name: 'Main' }).count()).toBe(0)
        await screenshot(ui.page, `/${site}-login`, viewport)
        expect(await seriousA11yViolations(ui.page, `${site} /login @${viewport}`)).toEqual([])
      })

      it(`${site}: /dashboard without a session redirects to /login`, async () => {
        await ui.page.goto(`${url()}/dashboard`)
        await ui.page.waitForURL(`${url()}/login`)
        await ui.page.getByRole('heading', { level: 1, name: h1 }).waitFor()
        // a deeper page is kept, to come back to after signing in
        await ui.page.goto(`${url()}/dashboard/jobs/123`)
        await ui.page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('to') === '/dashboard/jobs/123')
      })

      it(`${site}: any other path redirects to /login`, async () => {
        await ui.page.goto(`${url()}/about`)
        await ui.page.waitForURL(`${url()}/login`)
      })

      it(`${site}: forgot password shows the neutral text`, async () => {
        await ui.page.goto(`${url()}/forgot-password`)
        await ui.page.getByRole('heading', { level: 1, name: 'Forgot Password' }).waitFor()
        await ui.page.getByLabel('Email', { exact: true }).fill(`nobody-${site}@example.com`)
        await ui.page.getByRole('button', { name: 'Send Reset Link' }).click()
        await ui.page.getByText('If an account exists with this email, a password reset link will be sent.').waitFor()
      })
    }

    it('admin: /signup and /register explain how admin accounts are made (no form)', async () => {
      for (const path of ['/signup', '/register']) {
        await ui.page.goto(`${ADMIN_URL}${path}`)
        await ui.page.getByRole('heading', { level: 1, name: 'Admin accounts' }).waitFor()
        await ui.page.getByText('Administrator accounts cannot be created here.').waitFor()
        expect(await ui.page.locator('form').count()).toBe(0)
        expect(await ui.page.locator('input').count()).toBe(0)
        expect(await ui.page.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login')
      }
      await screenshot(ui.page, '/admin-signup', viewport)
      expect(await seriousA11yViolations(ui.page, `admin /signup @${viewport}`)).toEqual([])
    })

    it('employer: /signup is the company registration form', async () => {
      await ui.page.goto(`${EMPLOYER_URL}/signup`)
      await ui.page.getByRole('heading', { level: 1 }).waitFor()
      expect(await ui.page.locator('form').count()).toBe(1)
      await screenshot(ui.page, '/employer-signup', viewport)
      expect(await seriousA11yViolations(ui.page, `employer /signup @${viewport}`)).toEqual([])
    })
  })
}

describe('employer sign-in', () => {
  const ui = pagePerBlock(() => newContext(browser()))

  it('a wrong password is refused', async () => {
    await signInThroughForm(ui.page, `${EMPLOYER_URL}/login`, { email: DEMO.employer.email, password: 'Wrong#Password9' })
    await ui.page.getByText('Invalid email or password').waitFor()
    expect(ui.page.url()).toBe(`${EMPLOYER_URL}/login`)
  })

  it('the demo employer signs in on employer.localhost and sees the dashboard', async () => {
    await signInThroughForm(ui.page, `${EMPLOYER_URL}/login`, DEMO.employer, `${EMPLOYER_URL}/dashboard`)
    await ui.page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor()
    await ui.page.getByRole('link', { name: 'Post a job' }).first().waitFor()
    const stored = await ui.page.evaluate(() => ({ token: localStorage.getItem('jwtToken'), user: localStorage.getItem('employerUser') }))
    expect(stored.token).toBeTruthy()
    expect(JSON.parse(stored.user ?? '{}').email).toBe(DEMO.employer.email)
    await screenshot(ui.page, '/employer-dashboard', 'desktop')
    expect(await seriousA11yViolations(ui.page, 'employer dashboard')).toEqual([])

    // an employer session does not open the admin site
    await ui.page.goto(`${ADMIN_URL}/dashboard`)
    await ui.page.waitForURL(`${ADMIN_URL}/login`)

    await ui.page.goto(`${EMPLOYER_URL}/dashboard`)
    await ui.page.getByRole('button', { name: 'Sign out' }).click()
    await ui.page.waitForURL(`${EMPLOYER_URL}/login`)
    expect(await ui.page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull()
  })

  it('the admin signs in on admin.localhost', async () => {
    await signInThroughForm(ui.page, `${ADMIN_URL}/login`, DEMO.admin, `${ADMIN_URL}/dashboard`)
    await ui.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
  })
})
