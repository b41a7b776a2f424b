/** The public job board and job pages (SPEC 2.4, 4, 5, 9): search, 5 per page, pagination, JobPosting markup. */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { BASE_URL, jobBoard, newContext, openJob, screenshot, sql, VIEWPORT_NAMES, type Job, pagePerBlock, browserPerFile } from './support'

const browser = browserPerFile()
let listable: Job[]

beforeAll(async () => {
  const day = 24 * 3600 * 1000
  listable = (await jobBoard()).filter((j) => !j.expires_at || Date.parse(j.expires_at) - Date.now() > day)
})

const cardTitles = (page: Page) => page.locator('.job-card h3').allInnerTexts()

async function resultCount(page: Page): Promise<number> {
  const text = await page.locator('.job-count').innerText()
  const m = /^(\d+) jobs? found$/.exec(text.trim())
  if (!m) throw new Error(`unexpected result count text: ${text}`)
  return Number(m[1])
}

async function openBoard(page: Page) {
  const response = await page.goto(`${BASE_URL}/jobs/find`)
  expect(response?.status()).toBe(200)
  await page.locator('.job-card').first().waitFor()
}

for (const viewport of VIEWPORT_NAMES) {
  describe(`job board @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))

    it('lists every listable job, 5 cards per page', async () => {
      await openBoard(ui.page)
      expect(listable.length).toBeGreaterThan(10)
      expect(await resultCount(ui.page)).toBe(listable.length)
      expect(await ui.page.locator('.job-card').count()).toBe(5)
      expect(await cardTitles(ui.page)).toEqual(listable.slice(0, 5).map((j) => j.title))
      expect(await ui.page.locator('.job-range').innerText()).toBe(`Showing 1-5 of ${listable.length}`)
      // the first job is on the first screen, at either width (filters fold away on a phone)
      const top = await ui.page.locator('.job-card').first().evaluate((e) => e.getBoundingClientRect().top)
      expect(top).toBeLessThan(ui.page.viewportSize()!.height - 150)
    })

    it('the whole card links to the job page', async () => {
      await openBoard(ui.page)
      const card = ui.page.locator('.job-card').first()
      await card.scrollIntoViewIfNeeded()
      const box = (await card.boundingBox())!
      // a point on the card that is neither the title text nor a button: its top-right corner
      await ui.page.mouse.click(box.x + box.width - 8, box.y + 8)
      await ui.page.waitForURL(new RegExp(`${BASE_URL}/jobs/${listable[0].id}$`))
      await ui.page.getByRole('heading', { level: 1, name: listable[0].title }).waitFor()
    })

    it('paginates with page buttons, Next and Previous', async () => {
      await openBoard(ui.page)
      const pager = ui.page.getByRole('navigation', { name: 'Job results pages' })
      expect(await pager.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page')
      expect(await pager.getByRole('button', { name: 'Previous' }).count()).toBe(0)

      await pager.getByRole('button', { name: 'Page 2' }).click()
      await ui.page.waitForFunction(() => document.querySelector('[aria-label="Page 2"]')?.getAttribute('aria-current') === 'page')
      expect(await cardTitles(ui.page)).toEqual(listable.slice(5, 10).map((j) => j.title))
      expect(await ui.page.locator('.job-range').innerText()).toBe(`Showing 6-10 of ${listable.length}`)

      await pager.getByRole('button', { name: 'Next' }).click()
      await ui.page.waitForFunction(() => document.querySelector('[aria-label="Page 3"]')?.getAttribute('aria-current') === 'page')
      expect(await cardTitles(ui.page)).toEqual(listable.slice(10, 15).map((j) => j.title))

      await pager.getByRole('button', { name: 'Previous' }).click()
      await ui.page.waitForFunction(() => document.querySelector('[aria-label="Page 2"]')?.getAttribute('aria-current') === 'page')

      const pages = Math.ceil(listable.length / 5)
      await pager.getByRole('button', { name: `Page ${pages}` }).click()
      await ui.page.waitForFunction((n) => document.querySelector(`[aria-label="Page ${n}"]`)?.getAttribute('aria-current') === 'page', pages)
      expect(await ui.page.locator('.job-card').count()).toBe(listable.length - 5 * (pages - 1))
      expect(await pager.getByRole('button', { name: 'Next' }).count()).toBe(0)
      await screenshot(ui.page, '/jobs/find-last-page', viewport)
    })

    it('search narrows the results; Clear restores them', async () => {
      await openBoard(ui.page)
      const expected = listable.filter((j) => j.title.toLowerCase().includes('engineer'))
      expect(expected.length).toBeGreaterThan(0)
      expect(expected.length).toBeLessThan(listable.length)
      await ui.page.getByLabel('Job title').fill('engineer')
      await ui.page.waitForFunction((n) => document.querySelector('.job-count')?.textContent?.startsWith(`${n} job`), expected.length)
      const titles = await cardTitles(ui.page)
      expect(titles.length).toBe(Math.min(5, expected.length))
      for (const t of titles) expect(t.toLowerCase()).toContain('engineer')

      // location filter combines with the title; on a phone the selects fold behind "Filters"
      const location = expected[0].location
      if (viewport === 'mobile') {
        expect(await ui.page.getByLabel('Location').isVisible()).toBe(false)
        await ui.page.getByRole('button', { name: /^Filters/ }).click()
      }
      await ui.page.getByLabel('Location').selectOption({ label: location })
      const both = expected.filter((j) => j.location.includes(location))
      await ui.page.waitForFunction((n) => document.querySelector('.job-count')?.textContent?.startsWith(`${n} job`), both.length)
      for (const text of await ui.page.locator('.job-card .job-meta li:first-child').allInnerTexts()) expect(text).toContain(location)
      // each active filter is a removable chip; removing the location one widens the list again
      const chips = ui.page.getByRole('list', { name: 'Active filters' })
      expect(await chips.getByRole('button').allInnerTexts()).toEqual(['“engineer”', location])
      await chips.getByRole('button', { name: `Remove filter: ${location}` }).click()
      await ui.page.waitForFunction((n) => document.querySelector('.job-count')?.textContent?.startsWith(`${n} job`), expected.length)
      await ui.page.getByLabel('Location').selectOption({ label: location })
      await ui.page.waitForFunction((n) => document.querySelector('.job-count')?.textContent?.startsWith(`${n} job`), both.length)

      await ui.page.getByLabel('Job title').fill('no such role zzz')
      await ui.page.getByRole('heading', { name: 'No jobs available' }).waitFor()
      expect(await ui.page.getByText('Sorry, there are no active job postings matching your search criteria at the moment.').isVisible()).toBe(true)

      await ui.page.getByRole('button', { name: 'Clear' }).click()
      await ui.page.waitForFunction((n) => document.querySelector('.job-count')?.textContent?.startsWith(`${n} job`), listable.length)
      expect(await ui.page.getByLabel('Job title').inputValue()).toBe('')
    })

    it('Read More expands one card at a time and Refresh Jobs reloads the list', async () => {
      await openBoard(ui.page)
      const cards = ui.page.locator('.job-card')
      await cards.nth(0).getByRole('button', { name: 'Read More' }).click()
      expect(await cards.nth(0).getByRole('button', { name: 'Show Less' }).getAttribute('aria-expanded')).toBe('true')
      await cards.nth(1).getByRole('button', { name: 'Read More' }).click()
      expect(await cards.nth(0).getByRole('button', { name: 'Read More' }).count()).toBe(1)
      expect(await cards.nth(1).getByRole('button', { name: 'Show Less' }).count()).toBe(1)

      const reload = ui.page.waitForResponse((r) => r.url().endsWith('/api/admin/jobs/job-board'))
      await ui.page.getByRole('button', { name: 'Refresh Jobs' }).click()
      expect((await reload).status()).toBe(200)
      await cards.first().waitFor()
      expect(await resultCount(ui.page)).toBe(listable.length)
    })

    it('Apply Now goes to the candidate login, carrying the job', async () => {
      await openBoard(ui.page)
      await ui.page.locator('.job-card').first().getByRole('link', { name: 'Apply Now' }).click()
      await ui.page.waitForURL(/\/candidate\/login\?apply=[0-9a-f-]{36}$/)
      await ui.page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor()
    })
  })
}

describe('home page job search', () => {
  it("the hero's what/where search opens the board with those filters, and the latest jobs link to their pages", async () => {
    const ctx = await newContext(browser(), 'mobile')
    const page = await ctx.newPage()
    try {
      await page.goto(`${BASE_URL}/`)
      const latest = page.getByRole('region', { name: 'Latest jobs' })
      await latest.getByRole('link').first().waitFor()
      const cards = latest.getByRole('listitem')
      expect(await cards.count()).toBe(4)
      for (const card of await cards.all()) {
        const link = card.getByRole('link')
        const title = (await link.innerText()).trim()
        const job = listable.find((j) => j.title === title)
        expect(job, 'a latest job is an open job').toBeTruthy()
        expect(await link.getAttribute('href')).toBe(`/jobs/${job!.id}`)
      }

      await page.getByLabel('What').fill('engineer')
      await page.getByLabel('Where').fill('Sydney')
      await page.getByRole('button', { name: 'Search jobs' }).click()
      await page.waitForURL(`${BASE_URL}/jobs/find?title=engineer&location=Sydney`)
      await page.locator('.job-card').first().waitFor()
      expect(await page.getByLabel('Job title').inputValue()).toBe('engineer')
      const expected = listable.filter((j) => j.title.toLowerCase().includes('engineer') && j.location.includes('Sydney'))
      expect(await resultCount(page)).toBe(expected.length)
    } finally {
      await ctx.close()
    }
  })
})

describe('job pages', () => {
  const ui = pagePerBlock(() => newContext(browser()))

  it('an open job has Apply Now and JobPosting markup with addressCountry AU', async () => {
    const job = await openJob()
    const response = await ui.page.goto(`${BASE_URL}/jobs/${job.id}`)
    expect(response?.status()).toBe(200)
    await ui.page.getByRole('heading', { level: 1, name: job.title }).waitFor()
    expect(await ui.page.getByRole('link', { name: 'Apply Now' }).count()).toBeGreaterThan(0)
    const scripts = await ui.page.locator('script[type="application/ld+json"]').allTextContents()
    expect(scripts).toHaveLength(1)
    const posting = JSON.parse(scripts[0])
    expect(posting['@type']).toBe('JobPosting')
    expect(posting.title).toBe(job.title)
    expect(posting.hiringOrganization.name).toBe(job.company)
    expect(posting.jobLocation.address.addressCountry).toBe('AU')
    if (job.expires_at) expect(posting.validThrough).toBe(job.expires_at)
    await ui.page.getByRole('link', { name: 'Apply Now' }).first().click()
    await ui.page.waitForURL(`${BASE_URL}/candidate/login?apply=${job.id}`)
  })

  it('an expired job says it is closed, with no Apply Now and no JobPosting', async () => {
    const rows = sql('SELECT id, title FROM jobs WHERE expires_at < now() LIMIT 1')
    expect(rows.length, 'the seed has expired jobs').toBe(1)
    const [id, title] = rows[0]
    const response = await ui.page.goto(`${BASE_URL}/jobs/${id}`)
    expect(response?.status()).toBe(200)
    await ui.page.getByRole('heading', { level: 1, name: title }).waitFor()
    await ui.page.getByText('This job is closed.').waitFor()
    expect(await ui.page.getByRole('link', { name: 'Apply Now' }).count()).toBe(0)
    expect(await ui.page.locator('script[type="application/ld+json"]').count()).toBe(0)
    await screenshot(ui.page, '/jobs/closed', 'desktop')
  })

  it('an unknown job id answers 404 with Job Not Found', async () => {
    const response = await ui.page.goto(`${BASE_URL}/jobs/01900000-0000-7000-8000-000000000000`)
    expect(response?.status()).toBe(404)
    await ui.page.getByRole('heading', { level: 1 }).waitFor()
    expect(await ui.page.locator('h1').innerText()).toMatch(/Not Found/)
  })
})
