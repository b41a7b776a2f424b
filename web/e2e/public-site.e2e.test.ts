/**
 * Every public page at desktop and mobile width: HTTP 200, its h1 and key links and buttons,
 * the canonical link, a screenshot and no serious/critical axe findings. Also the 404 page,
 * /sitemap, the navigation and the footer (SPEC 2.1 - 2.4).
 */
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { FOOTER_PATHS, PUBLIC_PAGES, type PageCheck } from './pages'
import { BASE_URL, newContext, openJob, screenshot, seriousA11yViolations, VIEWPORT_NAMES, type ViewportName, pagePerBlock, browserPerFile } from './support'

const browser = browserPerFile()

async function checkPage(page: Page, check: PageCheck, viewport: ViewportName) {
  const response = await page.goto(BASE_URL + check.path)
  expect(response?.status(), `HTTP status of ${check.path}`).toBe(200)

  await page.getByRole('heading', { level: 1, name: check.h1, exact: true }).waitFor()
  expect(await page.locator('h1').count(), 'exactly one h1').toBe(1)

  const main = page.locator('main')
  for (const [name, href] of Object.entries(check.links ?? {})) {
    const links = main.getByRole('link', { name, exact: true })
    const hrefs = await links.evaluateAll((els) => els.map((e) => e.getAttribute('href')))
    expect(hrefs, `link '${name}' on ${check.path}`).toContain(href)
  }
  for (const name of check.buttons ?? []) {
    expect(await main.getByRole('button', { name, exact: true }).first().isVisible(), `button '${name}' on ${check.path}`).toBe(true)
  }

  const canonical = await page.evaluate(() => ({
    href: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
    expected: window.location.origin + window.location.pathname,
  }))
  expect(canonical.href).toBe(canonical.expected)
  expect(canonical.href).toBe(BASE_URL + check.path.split('?')[0])

  // let images and fonts settle before the picture and the audit
  await page.waitForLoadState('networkidle').catch(() => {})
  await screenshot(page, check.path.split('?')[0], viewport)
  expect(await seriousA11yViolations(page, `${check.path} @${viewport}`)).toEqual([])
}

for (const viewport of VIEWPORT_NAMES) {
  describe(`public pages @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))

    for (const check of PUBLIC_PAGES) {
      it(`${check.path} renders`, async () => {
        await checkPage(ui.page, check, viewport)
      })
    }

    it('/jobs/{open job id} renders', async () => {
      const job = await openJob()
      await checkPage(
        ui.page,
        { path: `/jobs/${job.id}`, h1: job.title, links: { 'Apply Now': `/candidate/login?apply=${job.id}`, 'Back to all jobs': '/jobs/find' } },
        viewport,
      )
    })

    it('an unknown path answers 404 with the Page Not Found page (noindex)', async () => {
      await ui.page.goto(`${BASE_URL}/about`)
      await ui.page.getByRole('heading', { level: 1 }).waitFor()
      const response = await ui.page.goto(`${BASE_URL}/no-such-page/here`)
      expect(response?.status()).toBe(404)
      await ui.page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor()
      expect(await ui.page.title()).toContain('Page Not Found')
      expect(await ui.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex')
      const main = ui.page.locator('main')
      expect(await main.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/')
      for (const [name, href] of [
        ['Find a Job', '/jobs/find'],
        ['For Employers', '/employers'],
        ['Contact Us', '/contact'],
        ['About Us', '/about'],
      ]) {
        expect(await main.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href)
      }
      await screenshot(ui.page, '/404', viewport)
      expect(await seriousA11yViolations(ui.page, `404 @${viewport}`)).toEqual([])

      // Go Back returns to the previous page
      await main.getByRole('button', { name: 'Go Back' }).click()
      await ui.page.waitForURL(`${BASE_URL}/about`)
      await ui.page.getByRole('heading', { level: 1, name: 'Technology recruitment with a human focus' }).waitFor()
      // and the noindex tag leaves with the 404 page
      expect(await ui.page.locator('meta[name="robots"]').count()).toBe(0)
    })

    it('an unknown blog id answers 404 with Article Not Found', async () => {
      const response = await ui.page.goto(`${BASE_URL}/blogs/999`)
      expect(response?.status()).toBe(404)
      await ui.page.getByRole('heading', { level: 1, name: 'Article Not Found' }).waitFor()
      expect(await ui.page.locator('main').getByRole('link', { name: 'Back to all articles' }).getAttribute('href')).toBe('/blogs')
    })

    it('the navigation bar links every section', async () => {
      await ui.page.goto(`${BASE_URL}/`)
      const nav = ui.page.getByRole('navigation', { name: 'Main' })
      await nav.waitFor()
      if (viewport === 'mobile') {
        const toggle = nav.getByRole('button', { name: 'Open menu' })
        expect(await toggle.isVisible()).toBe(true)
        expect(await nav.getByRole('link', { name: 'Contact Us' }).isVisible()).toBe(false)
        await toggle.click()
        await nav.getByRole('button', { name: 'Close menu' }).waitFor()
        // dropdowns open by click on narrow screens
        await nav.getByRole('link', { name: 'For Job Seekers' }).click()
        await nav.getByRole('link', { name: 'Find a Job' }).waitFor({ state: 'visible' })
        await screenshot(ui.page, '/nav-open', viewport)
      }
      const expected: [string, string][] = [
        ['Home', '/'],
        ['About Us', '/about'],
        ['For Job Seekers', '/job-seekers'],
        ['Find a Job', '/jobs/find'],
        ['Career Advice', '/jobs/advice'],
        ['Candidate Login', '/candidate/login'],
        ['For Employers', '/employers'],
        ['Looking to Hire?', '/employers/hire'],
        ['Reports & Resources', '/employers/resources'],
        ['Employer Login', `http://employer.localhost:${new URL(BASE_URL).port}/login`],
        ['Blogs', '/blogs'],
        ['Contact Us', '/contact'],
      ]
      // submenus are hidden until opened on desktop, so read the anchors themselves
      const anchors = await nav.locator('a').evaluateAll((els) =>
        els.map((e) => ({ text: (e.textContent ?? '').trim(), href: e.getAttribute('href'), target: e.getAttribute('target') })),
      )
      for (const [name, href] of expected) {
        const found = anchors.find((a) => a.text === name)
        expect(found?.href, name).toBe(href)
      }
      expect(anchors.find((a) => a.text === 'Candidate Login')?.target).toBe('_blank')
      expect(anchors.find((a) => a.text === 'Employer Login')?.target).toBe('_blank')
    })

    it('the footer has the site links, contact details, hours and copyright', async () => {
      await ui.page.goto(`${BASE_URL}/about`)
      const footer = ui.page.locator('footer')
      await footer.waitFor()
      const hrefs = await footer.locator('a').evaluateAll((els) => els.map((e) => e.getAttribute('href')))
      for (const path of FOOTER_PATHS) expect(hrefs, `footer link ${path}`).toContain(path)
      const text = await footer.innerText()
      expect(text).toContain('Mon-Fri 9AM-6PM AEST')
      expect(text).toContain(`© ${new Date().getFullYear()}`)
      for (const social of ['Facebook', 'LinkedIn', 'Instagram']) {
        expect(await footer.getByRole('link', { name: new RegExp(social) }).count(), social).toBeGreaterThan(0)
      }
      await ui.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await ui.page.getByRole('button', { name: /Back to top/ }).click()
      await ui.page.waitForFunction(() => window.scrollY === 0)
    })
  })
}

describe('/sitemap', () => {
  it('sends the browser to the sitemap file', async () => {
    const ctx = await newContext(browser())
    const page = await ctx.newPage()
    const response = await page.goto(`${BASE_URL}/sitemap`)
    expect(response?.status()).toBe(200)
    expect(page.url()).toBe(`${BASE_URL}/sitemap.xml`)
    const xml = await response!.text()
    expect(xml).toContain('<urlset')
    expect(xml).toContain(`<loc>${BASE_URL}/jobs/find</loc>`)
    await ctx.close()
  })
})
