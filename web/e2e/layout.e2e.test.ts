/**
 * Layout checks at 390 x 844 and 1280 x 800 for every public route, every candidate dashboard tab,
 * the staff dashboards, the admin component page and the dialogs: no horizontal overflow, no
 * visible element outside the viewport and no text clipped by its container. Also the phone
 * defects of issue #8, each checked where it showed: the bell's panel on screen, the bottom
 * navigation not covering the footer, the bell not squashed, "Sign out" on one line, the password
 * toggle inside its field, side margins on the 404 and job pages, and a title of its own for every
 * screen. Each screen is kept as a screenshot in test-results/screenshots/ (layout-*) for a person
 * to look through; the new workspace screens (staff dashboards, /components) also pass axe without
 * serious or critical findings. At 390 px every one of these screens also goes through the phone
 * checks of issue 27 (e2e/phone.ts: tap targets, text size, scrollers that show they scroll);
 * layout-phone.e2e.test.ts holds the portal's chrome and the staff workspaces' other screens.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PAGES } from './pages'
import { expectFits } from './layoutChecks'
import {
  ADMIN_URL,
  BASE_URL,
  demoLogin,
  EMPLOYER_URL,
  launchBrowser,
  newContext,
  openJob,
  screenshot,
  seriousA11yViolations,
  VIEWPORT_NAMES,
  type ViewportName,
  signedInContext,
} from './support'

let browser: Browser

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** A context signed in as the demo account of `role`. */
async function demoContext(viewport: ViewportName, role: 'candidate' | 'employer' | 'admin'): Promise<BrowserContext> {
  return signedInContext(browser, role, await demoLogin(role), viewport)
}

for (const viewport of VIEWPORT_NAMES) {
  describe(`layout @${viewport}`, () => {
    let ctx: BrowserContext
    let page: Page

    beforeAll(async () => {
      ctx = await newContext(browser, viewport)
      page = await ctx.newPage()
    })
    afterAll(async () => {
      await ctx?.close()
    })

    it('every public route fits the screen and has a title of its own', async () => {
      const job = await openJob()
      const routes = [...PUBLIC_PAGES.map((p) => p.path), `/jobs/${job.id}`, '/no-such-page', '/candidate/login', '/candidate/signup', '/forgot-password']
      const titles = new Map<string, string>()
      for (const path of routes) {
        await page.goto(BASE_URL + path)
        await page.locator('h1').first().waitFor()
        await page.waitForLoadState('networkidle').catch(() => {})
        await expectFits(page, path)
        titles.set(path, await page.title())
        await screenshot(page, `layout${path}`, viewport)
      }
      // every screen names itself; only the home page carries the bare site name
      const repeated = [...titles].filter(([path, title]) => path !== '/' && title === titles.get('/'))
      expect(repeated, 'pages with the generic title').toEqual([])
      expect(new Set(titles.values()).size, 'distinct titles').toBe(titles.size)
    })

    it('the 404 and job pages keep side margins; the 404 cards line up with the header', async () => {
      const job = await openJob()
      for (const path of ['/no-such-page', `/jobs/${job.id}`]) {
        await page.goto(BASE_URL + path)
        await page.locator('h1').first().waitFor()
        const left = await page.locator('main h1').first().evaluate((h) => h.getBoundingClientRect().left)
        expect(left, `${path}: the heading's left margin`).toBeGreaterThanOrEqual(12)
      }
      await page.goto(`${BASE_URL}/no-such-page`)
      await page.locator('.not-found .card').first().waitFor()
      const card = await page.locator('.not-found .card').first().evaluate((c) => c.getBoundingClientRect().left)
      const logo = await page.locator('.site-logo').evaluate((a) => a.getBoundingClientRect().left)
      expect(Math.abs(card - logo), '404 cards against the header logo').toBeLessThanOrEqual(2)
    })

    it('the password Show button sits inside its field', async () => {
      await page.goto(`${BASE_URL}/candidate/login`)
      const field = await page.getByLabel('Password', { exact: true }).boundingBox()
      const toggle = await page.getByRole('button', { name: 'Show password' }).boundingBox()
      expect(toggle!.x).toBeGreaterThanOrEqual(field!.x)
      expect(toggle!.x + toggle!.width).toBeLessThanOrEqual(field!.x + field!.width)
    })

    it('the contact map has a fallback until the map is asked for', async () => {
      await page.goto(`${BASE_URL}/contact`)
      const map = page.locator('.map-frame')
      await map.scrollIntoViewIfNeeded()
      expect(await map.locator('iframe').count()).toBe(0)
      expect(await map.innerText()).toContain('60 Margaret Street')
      expect(await page.getByRole('link', { name: /Get directions in Google Maps/ }).getAttribute('href')).toContain('google.com/maps')
    })

    it('every candidate dashboard tab, the bell panel and the dialogs fit the screen', async () => {
      const cctx = await demoContext(viewport, 'candidate')
      const cpage = await cctx.newPage()
      try {
        for (const [path, heading] of [
          ['jobs', 'Browse Jobs'],
          ['alerts', 'Job Alerts'],
          ['applications', 'My Applications'],
          ['documents', 'Documents'],
          ['profile', 'Profile'],
          ['privacy', 'Privacy'],
        ]) {
          await cpage.goto(`${BASE_URL}/candidate/dashboard/${path}`)
          await cpage.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor()
          await cpage.waitForLoadState('networkidle').catch(() => {})
          await expectFits(cpage, `/candidate/dashboard/${path}`)
          expect(await cpage.title()).toBe(`${heading} · Candidate Portal | Harbour IT Recruitment`)
          await screenshot(cpage, `layout/candidate/${path}`, viewport)
        }

        // the bell: a real button size, and its panel wholly on screen
        const bell = cpage.getByRole('button', { name: /^Notifications/ })
        const bellBox = (await bell.boundingBox())!
        expect(bellBox.width, 'bell width').toBeGreaterThanOrEqual(40)
        expect(bellBox.height, 'bell height').toBeGreaterThanOrEqual(40)
        await bell.click()
        const panel = cpage.getByRole('region', { name: 'Notifications' })
        await panel.waitFor()
        const box = (await panel.boundingBox())!
        const vw = cpage.viewportSize()!.width
        expect(box.x, 'panel left edge').toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, 'panel right edge').toBeLessThanOrEqual(vw)
        await screenshot(cpage, 'layout/candidate/bell', viewport)
        await cpage.keyboard.press('Escape')

        // "Sign out" on one line (on a phone it is in the header's account menu)
        if (viewport === 'mobile') await cpage.locator('.account-toggle').click()
        const signOut = cpage.getByRole('button', { name: 'Sign out' })
        const lineHeight = await signOut.evaluate((b) => parseFloat(getComputedStyle(b).lineHeight) || 20)
        expect((await signOut.boundingBox())!.height, 'Sign out wraps').toBeLessThan(lineHeight * 2 + 4)
        // the sidebar stays in view: sign-out is still on screen far down a long tab
        if (viewport === 'desktop') {
          await cpage.evaluate(() => window.scrollTo(0, 1500))
          const box = (await signOut.boundingBox())!
          expect(box.y, 'sign-out below the sticky header').toBeGreaterThanOrEqual(68)
          expect(box.y + box.height, 'sign-out above the bottom of the screen').toBeLessThanOrEqual(cpage.viewportSize()!.height)
        } else await cpage.keyboard.press('Escape')

        // the Apply dialog, with its resume and cover-letter drop zones
        await cpage.goto(`${BASE_URL}/candidate/dashboard/jobs`)
        await cpage.locator('.cd-card').first().waitFor()
        await cpage.locator('.cd-card').first().getByRole('button', { name: /^Apply Now for / }).click()
        const dialog = cpage.getByRole('dialog')
        await dialog.waitFor()
        await expectFits(cpage, 'apply dialog', '[role="dialog"]')
        const dialogBox = (await dialog.boundingBox())!
        for (const zone of await dialog.locator('.filedrop-zone').all()) {
          const z = (await zone.boundingBox())!
          expect(z.x + z.width, 'drop zone inside the dialog').toBeLessThanOrEqual(dialogBox.x + dialogBox.width)
        }
        await screenshot(cpage, 'layout/candidate/apply-dialog', viewport)
        await cpage.keyboard.press('Escape')

        // the Upload Document dialog
        await cpage.goto(`${BASE_URL}/candidate/dashboard/documents`)
        await cpage.getByRole('heading', { level: 2, name: 'Documents', exact: true }).waitFor()
        await cpage.getByRole('button', { name: /Upload/ }).first().click()
        await cpage.getByRole('dialog').waitFor()
        await expectFits(cpage, 'upload dialog', '[role="dialog"]')
        await screenshot(cpage, 'layout/candidate/upload-dialog', viewport)
        await cpage.keyboard.press('Escape')

        // the bottom navigation (phone) leaves the footer's back-to-top uncovered
        if (viewport === 'mobile') {
          await cpage.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
          const back = cpage.getByRole('button', { name: /Back to top/ })
          await back.waitFor()
          const hit = await back.evaluate((b) => {
            const r = b.getBoundingClientRect()
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
            return top === b || b.contains(top)
          })
          expect(hit, 'back-to-top is not covered by the bottom navigation').toBe(true)
        }
      } finally {
        await cctx.close()
      }
    })

    it('the employer and admin dashboards and the admin component page fit the screen', async () => {
      for (const [role, url, heading] of [
        ['employer', `${EMPLOYER_URL}/dashboard`, 'Jobs'],
        ['admin', `${ADMIN_URL}/dashboard`, 'Overview'],
      ] as const) {
        const sctx = await demoContext(viewport, role)
        const spage = await sctx.newPage()
        try {
          await spage.goto(url)
          await spage.getByRole('heading', { level: 1, name: heading }).waitFor()
          await expectFits(spage, url)
          expect(await spage.title()).toContain(heading)
          const bell = (await spage.getByRole('button', { name: /^Notifications/ }).boundingBox())!
          expect(bell.width, `${role} bell width`).toBeGreaterThanOrEqual(40)
          await spage.getByRole('button', { name: /^Notifications/ }).click()
          const panel = (await spage.getByRole('region', { name: 'Notifications' }).boundingBox())!
          expect(panel.x).toBeGreaterThanOrEqual(0)
          expect(panel.x + panel.width).toBeLessThanOrEqual(spage.viewportSize()!.width)
          await screenshot(spage, `layout/${role}/dashboard`, viewport)
          expect(await seriousA11yViolations(spage, `${role} dashboard @${viewport}`)).toEqual([])
        } finally {
          await sctx.close()
        }
      }

      const kctx = await newContext(browser, viewport)
      const kpage = await kctx.newPage()
      try {
        await kpage.goto(`${ADMIN_URL}/components`)
        await kpage.getByRole('heading', { level: 1, name: 'Components' }).waitFor()
        for (const section of ['Buttons', 'Badges', 'Fields', 'File drop', 'Tabs', 'Table', 'Empty state', 'Skeleton', 'Modal', 'Toast']) {
          expect(await kpage.getByRole('heading', { level: 2, name: section, exact: true }).count(), section).toBe(1)
        }
        await expectFits(kpage, '/components')
        await screenshot(kpage, 'layout/admin/components', viewport)
        expect(await seriousA11yViolations(kpage, `/components @${viewport}`)).toEqual([])
        await kpage.getByRole('button', { name: 'Open the example dialog' }).click()
        await kpage.getByRole('dialog', { name: 'Withdraw application' }).waitFor()
        await expectFits(kpage, 'example dialog', '[role="dialog"]')
      } finally {
        await kctx.close()
      }
    })
  })
}
