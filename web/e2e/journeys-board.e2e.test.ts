/**
 * Issue 27, the job seeker's job board as a Seek or LinkedIn user uses it, at 1280x800 and 390x844:
 * filter by specialisation, sort by salary, open page 2; a reload, Back and Forward keep the
 * filters, the sort and the page (they are in the address); pressing a card anywhere but its title
 * opens the job, and Back from the job comes back to the same page of the same list; Read More
 * works from the keyboard. In the portal, a job with under 24 hours left, which the public board
 * no longer lists, says "Closes in N hours", with a note saying why only signed-in candidates see it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  BASE_URL,
  demoLogin,
  VIEWPORT_NAMES,
  api,
  browserPerFile,
  newContext,
  pagePerBlock,
  signedInContext,
  type LoginBody,
  journeyScreenshot,
} from './support'
import { postJob } from './fixtures'
import { expectNoSidewaysScroll, expectInView } from './layoutChecks'

const browser = browserPerFile()
const HOUR = 3600 * 1000
const DAY = 24 * HOUR
const SPECIALISATION = 'Development + Testing'
const stamp = Date.now().toString(36)

/** Jobs this file posts (and closes after): three in one specialisation, so it has a page 2
 *  whatever else is on the board, the best paid of them first when sorted by salary; and one that
 *  closes in five hours. */
const POSTED = {
  top: { title: `Principal Platform Engineer ${stamp}`, salary: '$400k package', closesIn: 30 * DAY },
  second: { title: `Staff Test Engineer ${stamp}`, salary: '$95k - $105k', closesIn: 20 * DAY },
  third: { title: `Junior QA Analyst ${stamp}`, salary: '', closesIn: 25 * DAY },
  closing: { title: `Release Engineer Closing ${stamp}`, salary: '$150k', closesIn: 5 * HOUR },
}
const ids: Partial<Record<keyof typeof POSTED, string>> = {}
let employer: LoginBody

beforeAll(async () => {
  employer = await demoLogin('employer')
  let consistency: string | null = null
  for (const [key, job] of Object.entries(POSTED) as [keyof typeof POSTED, (typeof POSTED)[keyof typeof POSTED]][]) {
    const posted = await postJob(employer, {
      title: job.title,
      type: 'Full-time',
      specialisation: SPECIALISATION,
      salary: job.salary,
      description: `${job.title}: ${'Work with a friendly team on a product people rely on every day. '.repeat(4)}`,
      responsibilities: ['Ship good software'],
      requirements: ['Curiosity'],
      expires_at: new Date(Date.now() + job.closesIn).toISOString(),
    })
    ids[key] = posted.id
    consistency = posted.consistency
  }
  // the pages read the read model: wait until the board has them all
  await api('GET', '/api/admin/jobs/job-board', { consistency })
})

afterAll(async () => {
  // leave the board as seeded for the other files
  for (const id of Object.values(ids)) await api('POST', `/api/employer/jobs/${id}/close`, { token: employer.token, json: {} })
})

const cardTitles = (page: Page) => page.locator('article.job-card h3').allInnerTexts()

/** The board has drawn its cards for `search` (the address's query). The router writes the
 *  address first and draws what it asks for in a transition, which a busy machine commits a moment
 *  later: the sort and the current page, drawn in the same commit as the cards, must agree too. */
async function boardShows(page: Page, search: RegExp) {
  await page.waitForURL(search)
  await page.locator('article.job-card').first().waitFor()
  const asked = new URL(page.url()).searchParams
  await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe(asked.get('sort') ?? 'newest')
  const current = page.getByRole('navigation', { name: 'Job results pages' }).locator('[aria-current="page"]')
  if (await current.count()) await expect.poll(() => current.innerText()).toBe(asked.get('page') ?? '1')
}

for (const viewport of VIEWPORT_NAMES) {
  describe(`a job seeker narrows, sorts and pages the board, and keeps their place @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))

    it('specialisation, salary sort and page 2 survive a reload, Back and Forward', async () => {
      const { page } = ui
      await page.goto(`${BASE_URL}/jobs/find`)
      await page.locator('article.job-card').first().waitFor()
      // on a phone the selects fold behind the Filters button
      if (viewport === 'mobile') await page.getByRole('button', { name: /^Filters/ }).click()
      const specialisation = page.getByLabel('Specialisation')
      await expectInView(specialisation, 'the Specialisation filter')
      await specialisation.selectOption(SPECIALISATION)
      await boardShows(page, /\?specialisation=development-testing$/)
      await journeyScreenshot(page, 'board-filtered', viewport)

      const sort = page.getByLabel('Sort by')
      await expectInView(sort, 'Sort by')
      await sort.selectOption({ label: 'Salary (high to low)' })
      await boardShows(page, /\?specialisation=development-testing&sort=salary$/)
      // the best paid first: this file's $400k job
      expect((await cardTitles(page))[0]).toBe(POSTED.top.title)
      const count = Number(/^(\d+) jobs found$/.exec((await page.locator('.job-count').innerText()).trim())?.[1])
      expect(count).toBeGreaterThan(5)
      await journeyScreenshot(page, 'board-sorted-by-salary-full', viewport, true)
      await page.locator('.job-results').scrollIntoViewIfNeeded()
      await page.evaluate(() => window.scrollBy(0, -80))
      await journeyScreenshot(page, 'board-sorted-by-salary', viewport)

      const pager = page.getByRole('navigation', { name: 'Job results pages' })
      const page2 = pager.getByRole('button', { name: 'Page 2' })
      await expectInView(page2, 'Page 2')
      await page2.click()
      await boardShows(page, /\?specialisation=development-testing&sort=salary&page=2$/)
      const onPage2 = await cardTitles(page)
      expect(onPage2.length).toBeGreaterThan(0)
      expect(onPage2).not.toContain(POSTED.top.title)
      // a job with no salary sorts after those with one: this file's is on the last page, after its $100k job
      if (count <= 10) {
        expect(onPage2).toContain(POSTED.third.title)
        if (onPage2.includes(POSTED.second.title)) expect(onPage2.indexOf(POSTED.second.title)).toBeLessThan(onPage2.indexOf(POSTED.third.title))
      }

      const samePlace = async (what: string) => {
        await boardShows(page, /\?specialisation=development-testing&sort=salary&page=2$/)
        expect(await page.getByLabel('Specialisation').inputValue(), what).toBe(SPECIALISATION)
        expect(await page.getByLabel('Sort by').inputValue(), what).toBe('salary')
        expect(await pager.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'), what).toBe('page')
        expect(await cardTitles(page), what).toEqual(onPage2)
      }
      await page.reload()
      await samePlace('after a reload')

      // Back is page 1 of the same list; Forward page 2 again
      await page.goBack()
      await boardShows(page, /\?specialisation=development-testing&sort=salary$/)
      expect((await cardTitles(page))[0]).toBe(POSTED.top.title)
      await page.goForward()
      await samePlace('after Back and Forward')
    })

    it('pressing a card away from its title opens the job; Back returns to the same page of the list', async () => {
      const { page } = ui
      const card = page.locator('article.job-card').first()
      const title = (await card.locator('h3').innerText()).trim()
      const onPage2 = await cardTitles(page)
      // Read More and Apply Now sit above the card's link, and Read More answers the keyboard
      const readMore = card.getByRole('button', { name: 'Read More' })
      await expectInView(readMore, 'Read More')
      await expectInView(card.getByRole('link', { name: 'Apply Now' }), 'Apply Now')
      await readMore.focus()
      await page.keyboard.press('Enter')
      await card.getByRole('button', { name: 'Show Less' }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/jobs/find')
      await card.getByRole('button', { name: 'Show Less' }).click()
      expect(new URL(page.url()).pathname).toBe('/jobs/find')

      // the card's right-hand side, over its description: not the title, not a button
      await card.scrollIntoViewIfNeeded()
      const box = (await card.boundingBox())!
      await card.click({ position: { x: box.width - 24, y: box.height / 2 } })
      await page.waitForURL(/\/jobs\/[0-9a-f-]{36}$/)
      await page.getByRole('heading', { level: 1, name: title }).waitFor()

      await page.goBack()
      await boardShows(page, /\?specialisation=development-testing&sort=salary&page=2$/)
      expect(await cardTitles(page)).toEqual(onPage2)
      await expectNoSidewaysScroll(page, 'the job board')
    })
  })

  describe(`the portal shows the jobs closing within a day, and says so @${viewport}`, () => {
    const ui = pagePerBlock(async () => signedInContext(browser(), 'candidate', await demoLogin('candidate'), viewport))

    it('a job with under 24 hours left is off the public board, and in Browse Jobs says "Closes in N hours"', async () => {
      const { page } = ui
      const { title } = POSTED.closing
      await page.goto(`${BASE_URL}/jobs/find?title=${encodeURIComponent(title)}`)
      await page.getByRole('heading', { name: 'No jobs available' }).waitFor()

      await page.goto(`${BASE_URL}/candidate/dashboard/jobs?title=${encodeURIComponent(title)}`)
      const card = page.locator('.cd-job-card', { has: page.getByRole('heading', { level: 3, name: title, exact: true }) })
      await card.waitFor()
      expect(await page.getByLabel('Search jobs').inputValue()).toBe(title)
      const badge = card.getByText(/^Closes in [45] hours$/)
      await expectInView(badge, 'the closing badge')
      await page.getByText('Jobs marked “Closes in …” have under 24 hours left: they are off the public job board, and only signed-in candidates like you still see them.').waitFor()
      await expectInView(card.getByRole('button', { name: /^Apply Now|^Applied Successfully/ }), 'Apply Now')
      await expectNoSidewaysScroll(page, 'Browse Jobs')
      await card.evaluate((el) => el.scrollIntoView({ block: 'center' }))
      await journeyScreenshot(page, 'portal-closing-soon', viewport)

      // the same board as the public one: specialisation, sort and page in the address
      await page.goto(`${BASE_URL}/candidate/dashboard/jobs?specialisation=development-testing&sort=salary`)
      await page.locator('.cd-job-card').first().waitFor()
      expect(await page.getByLabel('Sort by').inputValue()).toBe('salary')
      expect((await page.locator('.cd-job-card h3').allInnerTexts())[0]).toBe(POSTED.top.title)
      await journeyScreenshot(page, 'portal-browse-jobs-full', viewport, true)
      await page.getByLabel('Sort by').scrollIntoViewIfNeeded()
      await journeyScreenshot(page, 'portal-browse-jobs', viewport)

      // the whole card opens the job page
      const first = page.locator('.cd-job-card').first()
      const box = (await first.boundingBox())!
      await first.click({ position: { x: box.width - 24, y: box.height / 2 } })
      await page.waitForURL(`${BASE_URL}/jobs/${ids.top}`)
      await page.getByRole('heading', { level: 1, name: POSTED.top.title }).waitFor()
    })
  })
}
