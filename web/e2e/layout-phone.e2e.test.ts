/**
 * The phone across the product (issue 27), beside layout.e2e.test.ts:
 *
 * - the candidate portal's chrome: on a phone one navigation layer (the bottom navigation; the
 *   site header down to the logo, the bell and the account menu; no second top bar), at both
 *   sizes the compact footer that still holds SPEC 2.3's footer;
 * - the bell's panel on a phone with a notification about a job with a very long title;
 * - the employer and admin workspaces' main screens at 390 x 844 through the layout and phone
 *   checks (layoutChecks.ts), each kept as a screenshot (layout-phone-*).
 */
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectFits, expectOnScreen, expectPhoneFriendly, layoutOf, phoneOffenders, phoneProblems } from './layoutChecks'
import {
  ADMIN_URL,
  api,
  BASE_URL,
  browserPerFile,
  demoLogin,
  EMPLOYER_URL,
  eventually,
  newContext,
  screenshot,
  signedInContext,
  uniqueEmail,
  VIEWPORT_NAMES,
  type LoginBody,
} from './support'
import { newCandidate, postJob } from './fixtures'
import { FOOTER_PATHS } from './pages'

const browser = browserPerFile()
const DAY = 24 * 3600 * 1000

async function demoPage(role: 'candidate' | 'employer' | 'admin', viewport: 'mobile' | 'desktop'): Promise<{ ctx: BrowserContext; page: Page }> {
  const login = await demoLogin(role)
  const ctx = await signedInContext(browser(), role, login, viewport)
  return { ctx, page: await ctx.newPage() }
}

describe('the phone checks', () => {
  it('catch a small target, small text and a strip that scrolls without a fade, and pass a fading one', async () => {
    const ctx = await newContext(browser(), 'mobile')
    try {
      const page = await ctx.newPage()
      await page.goto(`${BASE_URL}/about`)
      await page.locator('h1').first().waitFor()
      expect(await phoneProblems(page, 'main')).toEqual({ targets: [], text: [], scrollers: [] })
      await page.evaluate(() => {
        const probe = document.createElement('section')
        probe.id = 'probe'
        probe.innerHTML = `
          <button type="button" style="width:16px;height:16px;padding:0">x</button>
          <p style="font-size:10px">Terms apply</p>
          <div class="bare" style="display:flex;overflow-x:auto;width:200px">${'<span style="flex:none;width:120px">Tab</span>'.repeat(4)}</div>
          <div class="scroll-fade" style="display:flex;overflow-x:auto;width:200px">${'<span style="flex:none;width:120px">Tab</span>'.repeat(4)}</div>`
        document.querySelector('main')!.prepend(probe)
      })
      // the fade's scroll timeline takes effect on the next frames
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      const found = await phoneProblems(page, '#probe')
      expect(found.targets).toEqual(['button "x" 16x16'])
      expect(found.text).toEqual(['p "Terms apply" 10.0px'])
      expect(found.scrollers).toEqual(['div.bare "Tab Tab Tab Tab" scrolls 480/200 with no fade at its end'])
    } finally {
      await ctx.close()
    }
  })
})

describe("the candidate portal's chrome", () => {
  it('a phone shows one navigation layer: the bottom navigation, under a header of logo, bell and account menu', async () => {
    const { ctx, page } = await demoPage('candidate', 'mobile')
    try {
      await page.goto(`${BASE_URL}/candidate/dashboard/applications`)
      await page.getByRole('heading', { level: 2, name: 'My Applications', exact: true }).waitFor()
      // the greeting opens the page; no portal top bar, no site menu toggle or site links
      await page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening)/ }).waitFor()
      expect(await page.locator('.app-topbar').count(), 'the portal top bar').toBe(0)
      expect(await page.getByRole('button', { name: 'Open menu' }).isVisible(), 'the site menu toggle').toBe(false)
      expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).isVisible()).toBe(false)
      // the bell sits in the site header beside the account menu, which has sign-out
      const header = page.locator('header.site-header')
      await header.getByRole('button', { name: /^Notifications/ }).waitFor()
      await header.locator('.account-toggle').click()
      await header.getByRole('button', { name: 'Sign out' }).waitFor()
      await page.keyboard.press('Escape')
      // the header is one row and the bottom navigation the only navigation on screen
      const headerBox = (await header.boundingBox())!
      expect(headerBox.height, 'the header is one row').toBeLessThanOrEqual(72)
      const visibleNavs = await page.evaluate(() =>
        [...document.querySelectorAll('nav')]
          .filter((n) => !n.closest('footer'))
          .filter((n) => {
            const r = n.getBoundingClientRect()
            return r.width > 1 && r.height > 1 && r.top < innerHeight && r.bottom > 0 && getComputedStyle(n).visibility !== 'hidden'
          })
          .map((n) => n.getAttribute('aria-label')),
      )
      // the site's Main nav is only the logo's row now (the footer's links are the page's end)
      expect(visibleNavs.filter((n) => n !== 'Main'), 'navigation on the first screen').toEqual(['Dashboard'])
      await expectFits(page, 'portal on a phone')
      await screenshot(page, 'layout-phone/candidate/applications', 'mobile')
    } finally {
      await ctx.close()
    }
  })

  for (const viewport of VIEWPORT_NAMES) {
    it(`@${viewport} the portal ends in the compact footer with SPEC 2.3's contents`, async () => {
      const { ctx, page } = await demoPage('candidate', viewport)
      try {
        await page.goto(`${BASE_URL}/candidate/dashboard/profile`)
        await page.getByRole('heading', { level: 2, name: 'Profile', exact: true }).waitFor()
        const footer = page.getByRole('contentinfo')
        expect(await footer.evaluate((f) => f.className)).toBe('site-footer-compact')
        const hrefs = await footer.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))
        // SPEC 2.3's footer links, every one of which the compact footer keeps
        for (const href of FOOTER_PATHS) expect(hrefs, href).toContain(href)
        const text = await footer.innerText()
        for (const part of ['(02) 5550 4321', 'hello@harbourit.com.au', '60 Margaret Street', 'Mon-Fri 9AM-6PM AEST', `© ${new Date().getFullYear()}`, 'Sydney']) expect(text).toContain(part)
        for (const social of ['Facebook', 'LinkedIn', 'Instagram']) await footer.getByRole('link', { name: new RegExp(`on ${social}$`) }).waitFor()
        // links from the dashboard open in a new tab (SPEC 2.3)
        expect(await footer.getByRole('link', { name: 'About Us' }).getAttribute('target')).toBe('_blank')
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        await screenshot(page, 'layout-phone/candidate/profile-footer', viewport)
        // not a marketing block: at most half the height of the public pages' footer at this size
        const height = (await footer.boundingBox())!.height
        await page.goto(`${BASE_URL}/about`)
        const publicHeight = (await page.locator('footer.site-footer').boundingBox())!.height
        expect(height, `the compact footer against the public one (${Math.round(publicHeight)} px)`).toBeLessThanOrEqual(publicHeight / 2)
        await page.goBack()
        await page.getByRole('heading', { level: 2, name: 'Profile', exact: true }).waitFor()
        // back to top scrolls up
        await footer.getByRole('button', { name: /Back to top/ }).click()
        await page.waitForFunction(() => window.scrollY === 0)
      } finally {
        await ctx.close()
      }
    })
  }

  it('the public pages keep the full footer', async () => {
    const { ctx, page } = await demoPage('candidate', 'desktop')
    try {
      await page.goto(`${BASE_URL}/about`)
      await page.locator('h1').first().waitFor()
      expect(await page.locator('footer .footer-grid').count()).toBe(1)
      expect(await page.locator('.site-footer-compact').count()).toBe(0)
    } finally {
      await ctx.close()
    }
  })
})

describe('the bell on a phone, with a very long job title', () => {
  const title = 'Principal Platform Reliability Engineer (Kubernetes, Observability, Incident Command) ' + 'Cloud-Native-Distributed-Systems-Engineering-Lead'
  let employer: LoginBody
  let jobId = ''

  beforeAll(async () => {
    employer = await demoLogin('employer')
    const posted = await postJob(employer, {
      title,
      type: 'Full-time',
      specialisation: 'Development + Testing',
      salary: '$190k',
      description: 'A job with a long title, for the notification panel on a phone.',
      responsibilities: ['Keep the lights on'],
      requirements: ['Calm'],
      expires_at: new Date(Date.now() + 30 * DAY).toISOString(),
    })
    jobId = posted.id
    await api('GET', '/api/admin/jobs/job-board', { consistency: posted.consistency })
  })

  afterAll(async () => {
    if (jobId) await api('POST', `/api/employer/jobs/${jobId}/close`, { token: employer.token, json: {} })
  })

  it('the panel and its long item stay on the screen', async () => {
    const candidate = await newCandidate({ name: 'Robin Longtitle', email: uniqueEmail('longtitle'), password: 'Long-title-1!' })
    const applied = await api('POST', '/api/applications/submit', { token: candidate.token, json: { jobId } })
    expect(applied.status, JSON.stringify(applied.body)).toBe(201)
    const application = await eventually(async () => {
      const res = await api<{ id: string; job_id: string }[]>('GET', '/api/employer/applications', { token: employer.token })
      return res.body.find((a) => a.job_id === jobId)
    }, 10_000, 'the application on the employer side')
    const put = await api('PUT', `/api/employer/applications/${application.id}/status`, { token: employer.token, json: { status: 'accepted', feedback: 'See you soon.' } })
    expect(put.status, JSON.stringify(put.body)).toBe(200)

    const ctx = await signedInContext(browser(), 'candidate', candidate, 'mobile')
    try {
      const page = await ctx.newPage()
      await page.goto(`${BASE_URL}/candidate/dashboard/applications`)
      const bell = page.getByRole('button', { name: /^Notifications/ })
      await eventually(async () => /\d+ unread/.test((await bell.getAttribute('aria-label')) ?? ''), 15_000, 'an unread notification')
      await bell.click()
      const panel = page.getByRole('region', { name: 'Notifications' })
      await panel.locator('.notif-item').first().waitFor()
      expect(await panel.innerText()).toContain('Cloud-Native')
      const box = (await panel.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(390)
      const report = await layoutOf(page, '.notif-panel')
      expect(report.outside, 'inside the panel, off the screen').toEqual([])
      expect(await panel.evaluate((p) => p.scrollWidth <= p.clientWidth), 'the panel scrolls sideways').toBe(true)
      await expectPhoneFriendly(page, 'the notification panel', '.notif-panel')
      await screenshot(page, 'layout-phone/candidate/bell-long-title', 'mobile')
    } finally {
      await ctx.close()
    }
  })
})

describe("the staff workspaces' main screens on a phone", () => {
  const screens = {
    employer: [
      ['/dashboard', 'Jobs'],
      ['/dashboard/company', 'Company profile'],
      ['/dashboard/privacy', 'Privacy'],
    ],
    admin: [
      ['/dashboard', 'Overview'],
      ['/dashboard/employers', 'Employers'],
      ['/dashboard/candidates', 'Candidates'],
      ['/dashboard/jobs', 'Jobs across clients'],
      ['/dashboard/applications', 'Applications'],
      ['/dashboard/audit', 'Audit trail'],
      ['/dashboard/analytics', 'Analytics'],
      ['/dashboard/inbox', 'Contact inbox'],
      ['/dashboard/more', 'All sections'],
    ],
  } as const

  for (const role of ['employer', 'admin'] as const) {
    it(`the ${role}'s screens fit, with targets and text a phone can use`, async () => {
      const { ctx, page } = await demoPage(role, 'mobile')
      const host = role === 'employer' ? EMPLOYER_URL : ADMIN_URL
      // every screen's offenders in one list, so one run shows all there is to fix
      const offenders: string[] = []
      try {
        for (const [path, heading] of screens[role]) {
          await page.goto(host + path)
          await page.getByRole('heading', { level: 1, name: heading }).first().waitFor()
          await page.waitForLoadState('networkidle').catch(() => {})
          await expectOnScreen(page, `${role} ${path}`)
          offenders.push(...(await phoneOffenders(page, path)))
          await screenshot(page, `layout-phone/${role}${path}`, 'mobile')
        }
        expect(offenders, `${role}: tap targets under 24 px or overlapping, text under 12 px, scrollers without a fade`).toEqual([])
      } finally {
        await ctx.close()
      }
    })
  }
})
