/**
 * Issue 28, job alerts, as a Seek or LinkedIn user uses them, at 1280x800 and 390x844: signed out on
 * the board, "Save this search" goes through the candidate login and comes back to the same search
 * with the dialog open and a name suggested; the alert is saved; an employer publishes a matching
 * job through the employer API; the candidate's bell shows "New job for your alert" live (over the
 * socket) and its item opens the job's page; a mail with a one-click unsubscribe link lands in the
 * mail folder; following the link (no session) says the alert is paused, its "Sign in" lands on the
 * portal's Job Alerts tab, which shows it paused. Then the alert is edited and deleted (with its
 * confirmation).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  BASE_URL,
  demoLogin,
  MAIL_DIR,
  SCREENSHOT_DIR,
  VIEWPORT_NAMES,
  api,
  browserPerFile,
  decodeQuotedPrintable,
  eventually,
  newContext,
  pagePerBlock,
  seriousA11yViolations,
  uniqueEmail,
  type LoginBody,
  type ViewportName,
} from './support'
import { postJob } from './fixtures'
import { expectNoSidewaysScroll } from './layoutChecks'

const browser = browserPerFile()
const stamp = Date.now().toString(36)
const posted: string[] = []
let employer: LoginBody

beforeAll(async () => {
  employer = await demoLogin('employer')
})

afterAll(async () => {
  // leave the board as seeded for the other files
  for (const id of posted) await api('POST', `/api/employer/jobs/${id}/close`, { token: employer.token, json: {} })
})

async function shot(page: Page, name: string, viewport: ViewportName) {
  mkdirSync(join(SCREENSHOT_DIR, 'alerts'), { recursive: true })
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'alerts', `${name}-${viewport}.png`), animations: 'disabled' })
}

/** The body of the newest mail to `email` whose text matches `pattern`, with its headers. */
function mailTo(email: string, pattern: RegExp): { raw: string; body: string } | null {
  for (const file of readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml'))) {
    const raw = readFileSync(join(MAIL_DIR, file), 'utf8')
    if (!raw.includes(`To: ${email}`)) continue
    const body = decodeQuotedPrintable(raw)
    if (pattern.test(body)) return { raw, body }
  }
  return null
}

for (const viewport of VIEWPORT_NAMES) {
  describe(`a job seeker saves a search and is told of a new job @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))
    const keyword = `Kotlin ${viewport} ${stamp}`
    const email = uniqueEmail(`alerts-${viewport}`)
    const password = 'Alerts#Search1'
    const jobTitle = `Senior ${keyword} Engineer`
    let jobId = ''

    beforeAll(async () => {
      const reg = await api('POST', '/api/auth/candidate/register', { json: { name: 'Sam Seeker', email, password } })
      expect(reg.status, JSON.stringify(reg.body)).toBe(201)
    })

    it('signed out, "Save this search" goes through sign-in and back to the same search with the dialog open', async () => {
      const { page } = ui
      const search = `title=${encodeURIComponent(keyword).replace(/%20/g, '+')}&type=Contract`
      await page.goto(`${BASE_URL}/jobs/find?${search}`)
      await page.getByRole('heading', { name: 'No jobs available' }).waitFor()
      await page.getByRole('link', { name: 'Save this search' }).click()
      await page.waitForURL(/\/candidate\/login\?save_search=/)
      await page.getByText('Sign in to save your search as a job alert').waitFor()
      await shot(page, 'login-keeps-search', viewport)
      await page.getByLabel('Email', { exact: true }).fill(email)
      await page.getByLabel('Password', { exact: true }).fill(password)
      await page.getByRole('button', { name: 'Sign In' }).click()

      const dialog = page.getByRole('dialog', { name: 'Save this search' })
      await dialog.waitFor()
      // the search is kept in the address, and the one-off ?alert=new is gone once the dialog opened
      await page.waitForURL((url) => url.pathname === '/jobs/find' && url.search === `?${search}`)
      expect(await dialog.getByText(`“${keyword}” in the title`).isVisible()).toBe(true)
      expect(await dialog.getByText('Contract', { exact: true }).isVisible()).toBe(true)
      expect(await dialog.getByLabel('Alert name').inputValue()).toBe(`Contract ${keyword} jobs`)
      expect(await dialog.getByRole('radio', { name: /^Instant/ }).isChecked()).toBe(true)
      await expectNoSidewaysScroll(page, 'the save dialog')
      expect(await seriousA11yViolations(page, 'save dialog')).toEqual([])
      await shot(page, 'save-dialog', viewport)

      // a name can't be empty: said under the field, nothing sent
      await dialog.getByLabel('Alert name').fill('  ')
      await dialog.getByRole('button', { name: 'Save alert' }).click()
      await dialog.getByText('Alert name is required').waitFor()
      await dialog.getByLabel('Alert name').fill(`Kotlin contracts ${viewport}`)
      await dialog.getByRole('button', { name: 'Save alert' }).click()
      await page.getByRole('status').filter({ hasText: 'Job alert saved' }).waitFor()
      await dialog.waitFor({ state: 'detached' })
      await shot(page, 'board-saved', viewport)
    })

    it('the portal lists it; a matching job published by an employer rings the bell live and mails a working unsubscribe link', async () => {
      const { page } = ui
      await page.getByRole('link', { name: 'Manage your alerts' }).click()
      await page.waitForURL(/\/candidate\/dashboard\/alerts$/)
      const card = page.locator('.alert-card', { has: page.getByRole('heading', { name: `Kotlin contracts ${viewport}` }) })
      await card.waitFor()
      await card.getByText('No jobs match right now').waitFor()
      expect(await card.getByText('Instant').isVisible()).toBe(true)
      await expectNoSidewaysScroll(page, 'Job Alerts')
      expect(await seriousA11yViolations(page, 'job alerts tab')).toEqual([])
      await shot(page, 'alerts-tab', viewport)
      // the socket is up before the job is published, so the bell can only learn of it live
      await page.getByRole('button', { name: 'Notifications' }).waitFor()

      const job = await postJob(employer, {
        title: jobTitle,
        type: 'Contract',
        specialisation: 'Development + Testing',
        salary: '$900 per day',
        description: `${jobTitle}: ${'Build the mobile app people use to book their week. '.repeat(4)}`,
        responsibilities: ['Ship good software'],
        requirements: ['Kotlin'],
        expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
      })
      jobId = job.id
      posted.push(jobId)

      // live: no reload, the bell's count moves and the notification names the job
      const bell = page.getByRole('button', { name: /^Notifications, 1 unread$/ })
      await bell.waitFor({ timeout: 20_000 })
      await bell.click()
      const panel = page.getByRole('region', { name: 'Notifications' })
      await panel.getByText('New job for your alert').waitFor()
      await panel.getByText(new RegExp(`${jobTitle} at .* matches your alert “Kotlin contracts ${viewport}”`)).waitFor()
      await shot(page, 'bell', viewport)
      // the item opens the job's page (marked read), as the mail's link does
      await panel.getByRole('link', { name: /^New job for your alert/ }).click()
      await page.waitForURL((url) => url.pathname === `/jobs/${jobId}`)
      await page.getByRole('heading', { level: 1, name: jobTitle }).waitFor()
      await shot(page, 'bell-opened-job', viewport)
      await page.goto(`${BASE_URL}/candidate/dashboard/alerts`)

      const mail = await eventually(() => mailTo(email, /\/api\/alerts\/unsubscribe\?token=/), 20_000, `an alert mail to ${email} in ${MAIL_DIR}`)
      expect(mail.body).toContain(jobTitle)
      expect(mail.body).toContain(`${BASE_URL}/jobs/${jobId}`)
      expect(mail.raw).toMatch(/^List-Unsubscribe: <http/m)
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
      const link = /https?:\/\/\S+\/api\/alerts\/unsubscribe\?token=[A-Za-z0-9_\-.%]+/.exec(mail.body)![0]

      // the alert now matches the job, linked to its page
      await page.reload()
      await card.getByText('1 job matches now').waitFor()
      expect(await card.getByRole('link', { name: jobTitle }).getAttribute('href')).toBe(`/jobs/${jobId}`)
      await shot(page, 'alerts-tab-matched', viewport)

      // the link works without a session, from a mail client: a page of its own says it is paused
      const mailClient = await newContext(browser(), viewport)
      try {
        const away = await mailClient.newPage()
        const response = await away.goto(link)
        expect(response?.status()).toBe(200)
        await away.getByRole('heading', { level: 1, name: 'Job alert paused' }).waitFor()
        await away.getByText(`“Kotlin contracts ${viewport}”`).waitFor()
        await shot(away, 'unsubscribed', viewport)
        // a link changed on the way is refused with a page a person can read, and pauses nothing more
        const tampered = await away.goto(link.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')))
        expect(tampered?.status()).toBe(400)
        await away.getByRole('heading', { level: 1, name: "This link doesn't work" }).waitFor()
        // its "Sign in" comes back to the Job Alerts tab (not Browse Jobs), where the alert shows paused
        await away.goto(link)
        await away.getByRole('link', { name: 'Sign in' }).click()
        await away.waitForURL(/\/candidate\/login\?to=alerts$/)
        await away.getByLabel('Email', { exact: true }).fill(email)
        await away.getByLabel('Password', { exact: true }).fill(password)
        await away.getByRole('button', { name: 'Sign In' }).click()
        await away.waitForURL((url) => url.pathname === '/candidate/dashboard/alerts')
        await away.locator('.alert-card', { has: away.getByRole('heading', { name: `Kotlin contracts ${viewport}` }) }).getByText('Paused', { exact: true }).waitFor()
      } finally {
        await mailClient.close()
      }

      await page.reload()
      await card.getByText('Paused', { exact: true }).waitFor()
      await card.getByRole('button', { name: `Resume Kotlin contracts ${viewport}` }).waitFor()
      await shot(page, 'alerts-tab-paused', viewport)
    })

    it('edits, resumes and deletes the alert (delete asks first)', async () => {
      const { page } = ui
      const name = `Kotlin contracts ${viewport}`
      const card = page.locator('.alert-card', { has: page.getByRole('heading', { name }) })
      await card.getByRole('button', { name: `Resume ${name}` }).click()
      await page.getByRole('status').filter({ hasText: 'Job alert resumed' }).waitFor()
      await card.getByText('Instant').waitFor()

      await card.getByRole('button', { name: `Edit ${name}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit job alert' })
      await dialog.waitFor()
      expect(await dialog.getByLabel('Keywords in the job title').inputValue()).toBe(keyword)
      await shot(page, 'edit-dialog', viewport)
      // nothing left to look for: the server's rule, under the criteria
      await dialog.getByLabel('Keywords in the job title').fill('')
      await dialog.getByLabel('Job type').selectOption('')
      await dialog.getByRole('button', { name: 'Save changes' }).click()
      await dialog.getByText('Add keywords or choose a location, salary range, job type or specialisation').waitFor()
      await dialog.getByLabel('Keywords in the job title').fill(keyword)
      await dialog.getByLabel('Alert name').fill(`${name} daily`)
      await dialog.getByRole('radio', { name: /^Daily digest/ }).check()
      await dialog.getByRole('button', { name: 'Save changes' }).click()
      await page.getByRole('status').filter({ hasText: 'Job alert updated' }).waitFor()
      const edited = page.locator('.alert-card', { has: page.getByRole('heading', { name: `${name} daily` }) })
      await edited.getByText('Daily digest').waitFor()

      await edited.getByRole('button', { name: `Delete ${name} daily` }).click()
      const confirm = page.getByRole('dialog', { name: 'Delete this alert?' })
      await confirm.waitFor()
      await shot(page, 'delete-confirm', viewport)
      await confirm.getByRole('button', { name: 'Keep it' }).click()
      await edited.waitFor()
      await edited.getByRole('button', { name: `Delete ${name} daily` }).click()
      await confirm.getByRole('button', { name: 'Delete alert' }).click()
      await page.getByRole('status').filter({ hasText: 'Job alert deleted' }).waitFor()
      await page.getByRole('heading', { name: 'No job alerts yet' }).waitFor()
      await shot(page, 'alerts-empty', viewport)
    })

    it('saves a search from the portal’s Browse Jobs too (its location is an id there)', async () => {
      const { page } = ui
      const locations = await api<{ data: { id: string; display_name: string }[] }>('GET', '/api/reference/locations')
      const where = locations.body.data[0]
      // a plain list has nothing to look for: the dialog says what to add, and saving sends nothing
      await page.goto(`${BASE_URL}/candidate/dashboard/jobs`)
      await page.getByRole('button', { name: 'Save this search' }).click()
      const empty = page.getByRole('dialog', { name: 'Save this search' })
      const rule = 'Add keywords or choose a location, salary range, job type or specialisation'
      await empty.getByText(rule).waitFor()
      await empty.getByRole('button', { name: 'Save alert' }).click()
      await empty.getByRole('alert').filter({ hasText: rule }).waitFor()
      await shot(page, 'save-dialog-nothing-to-look-for', viewport)
      await empty.getByRole('button', { name: 'Cancel' }).click()
      await empty.waitFor({ state: 'detached' })

      await page.goto(`${BASE_URL}/candidate/dashboard/jobs?location=${where.id}&specialisation=development-testing`)
      await page.getByRole('heading', { name: 'Browse Jobs' }).waitFor()
      const save = page.getByRole('button', { name: 'Save this search' })
      await save.waitFor()
      await shot(page, 'browse-jobs-save', viewport)
      await save.click()
      const dialog = page.getByRole('dialog', { name: 'Save this search' })
      await dialog.getByText(where.display_name, { exact: true }).waitFor()
      expect(await dialog.getByLabel('Alert name').inputValue()).toBe(`Development + Testing jobs in ${where.display_name}`)
      await dialog.getByRole('radio', { name: /^Daily digest/ }).check()
      await dialog.getByRole('button', { name: 'Save alert' }).click()
      await page.getByRole('status').filter({ hasText: 'Job alert saved' }).waitFor()
      await page.getByRole('link', { name: 'Manage your alerts' }).click()
      const card = page.locator('.alert-card', { has: page.getByRole('heading', { name: `Development + Testing jobs in ${where.display_name}` }) })
      await card.getByText('Daily digest').waitFor()
      expect(await card.getByText(where.display_name, { exact: true }).isVisible()).toBe(true)
    })
  })
}
