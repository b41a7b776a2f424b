/**
 * The public pages paint from what their HTML carries (issue 13, api/src/first_paint.rs): the job
 * board, a job's page and the home page's latest jobs come embedded, so the first load makes no
 * API request and never shows a loading placeholder; the embedded copy is what the API answers;
 * a job whose title tries to close the <script> element cannot run anything.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  api,
  BASE_URL,
  browserPerFile,
  demoLogin,
  jobBoard,
  newContext,
  screenshot,
  VIEWPORT_NAMES,
  type Job,
  type LoginBody,
} from './support'
import { postJob } from './fixtures'

const browser = browserPerFile()
const DAY = 24 * 3600 * 1000
const HOSTILE = '</script><script>window.__pwned=1</script><!--'

let employer: LoginBody
let hostileId = ''

beforeAll(async () => {
  employer = await demoLogin('employer')
  const posted = await postJob(employer, {
    title: HOSTILE,
    type: 'Full-time',
    specialisation: 'Development + Testing',
    salary: '$150k',
    description: 'A job whose title is markup, to prove the page does not run it.',
    responsibilities: ['Escape'],
    requirements: ['Patience'],
    expires_at: new Date(Date.now() + 30 * DAY).toISOString(),
  })
  hostileId = posted.id
  // the pages read the read model directly: wait until the board has the job
  await api('GET', '/api/admin/jobs/job-board', { consistency: posted.consistency })
})

afterAll(async () => {
  // leave the board as seeded for the other files
  if (hostileId) await api('POST', `/api/employer/jobs/${hostileId}/close`, { token: employer.token, json: {} })
})

/** Opens `path` recording every API request and whether a loading placeholder ever appeared. */
async function firstLoad(page: Page, path: string) {
  const apiRequests: string[] = []
  page.on('request', (req) => {
    const url = new URL(req.url())
    if (url.pathname.startsWith('/api/')) apiRequests.push(url.pathname)
  })
  await page.addInitScript(() => {
    const w = window as unknown as { __placeholders: number }
    w.__placeholders = 0
    new MutationObserver(() => {
      // the board's skeleton cards, or the job page's and the board's 'Loading job…' / 'Loading jobs…'
      if (document.querySelector('.job-list-loading') || /Loading jobs?…/.test(document.body?.textContent ?? '')) w.__placeholders++
    }).observe(document, { childList: true, subtree: true })
  })
  const response = await page.goto(BASE_URL + path)
  expect(response?.status()).toBe(200)
  await page.waitForLoadState('networkidle')
  const placeholders = await page.evaluate(() => (window as unknown as { __placeholders: number }).__placeholders)
  return { apiRequests, placeholders, html: await response!.text() }
}

/** The embedded queries of a page's HTML, parsed the way the client does. */
async function embedded(page: Page) {
  return page.evaluate(() => {
    const text = document.getElementById('initial-data')?.textContent ?? '{"queries":[]}'
    return (JSON.parse(text) as { queries: { key: unknown[]; data: unknown }[] }).queries
  })
}

const listable = (jobs: Job[]) => jobs.filter((j) => !j.expires_at || Date.parse(j.expires_at) - Date.now() > DAY)

for (const viewport of VIEWPORT_NAMES) {
  describe(`first paint without a second request @${viewport}`, () => {
    it('/jobs/find paints the first page of jobs from its HTML, the same board the API answers', async () => {
      const ctx = await newContext(browser(), viewport)
      const page = await ctx.newPage()
      const { apiRequests, placeholders } = await firstLoad(page, '/jobs/find')
      expect(apiRequests).toEqual([])
      expect(placeholders, 'the board never showed its loading cards').toBe(0)
      const board = await jobBoard()
      const queries = await embedded(page)
      expect(queries.find((q) => q.key.join('/') === 'jobs/board')?.data).toEqual(board)
      const titles = await page.locator('.job-card h3').allTextContents()
      expect(titles).toEqual(listable(board).slice(0, 5).map((j) => j.title))
      expect(titles).toContain(HOSTILE)
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
      await screenshot(page, '/jobs/find-first-paint', viewport)
      await ctx.close()
    })

    it('/jobs/{id} paints the job from its HTML; a title of markup stays text', async () => {
      const ctx = await newContext(browser(), viewport)
      const page = await ctx.newPage()
      const { apiRequests, placeholders, html } = await firstLoad(page, `/jobs/${hostileId}`)
      expect(apiRequests).toEqual([])
      expect(placeholders).toBe(0)
      expect(html).not.toContain(HOSTILE)
      expect(await page.locator('h1').innerText()).toBe(HOSTILE)
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
      const fromApi = await api('GET', `/api/jobs/${hostileId}`)
      expect((await embedded(page)).find((q) => q.key.join('/') === `jobs/detail/${hostileId}`)?.data).toEqual(fromApi.body)
      await ctx.close()
    })

    it('the home page paints its latest jobs from its HTML', async () => {
      const ctx = await newContext(browser(), viewport)
      const page = await ctx.newPage()
      const { apiRequests } = await firstLoad(page, '/')
      expect(apiRequests).toEqual([])
      const newest = listable(await jobBoard()).slice(0, 4)
      expect(await page.locator('.latest-job h3').allTextContents()).toEqual(newest.map((j) => j.title))
      await screenshot(page, '/home-first-paint', viewport)
      await ctx.close()
    })

    it('a page reached inside the app still fetches what it needs', async () => {
      const ctx = await newContext(browser(), viewport)
      const page = await ctx.newPage()
      const { apiRequests } = await firstLoad(page, '/blogs')
      expect(apiRequests).toEqual([])
      await screenshot(page, '/blogs-first-paint', viewport)
      // /blogs carried no board: the job board, opened from there, asks the API for it
      const board = page.waitForRequest((r) => r.url().endsWith('/api/admin/jobs/job-board'))
      await page.evaluate(() => {
        window.history.pushState({}, '', '/jobs/find')
        window.dispatchEvent(new PopStateEvent('popstate'))
      })
      await board
      await page.locator('.job-card').first().waitFor()
      await ctx.close()
    })
  })
}
