/**
 * Issue 12 (personal data) in Chromium, through the screens a person uses. A fresh candidate (never a
 * seeded one: the other files share this database) applies to one of the demo employer's jobs with a
 * resume, then from the portal's Privacy tab downloads their data (a real browser download: a ZIP
 * with data.json about them) and erases the account with their password (a wrong one first). They
 * land signed out on the home page with a toast, their old token is refused, and signing in again
 * says the email or password is wrong. The employer opens that job's board and finds the application
 * as an "Erased person" (the API's `[erased]`); the admin finds the erasure on the Privacy page and
 * the candidate's record erased. The Privacy screens of all three sites pass axe and fit at 1280 and
 * 390 px, with screenshots.
 *
 * Written against the issue 12 API contract (erase: POST /api/account/erase; export: POST
 * /api/account/export then GET /api/exports/{token}; GET /api/admin/erasures).
 */
import { readFileSync } from 'node:fs'
import { inflateRawSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_URL, api, BASE_URL, browserPerFile, demoLogin, EMPLOYER_URL, eventually, newContext, ownOpenJob, pagePerBlock,
  screenshot, seriousA11yViolations, signedInContext, signInThroughForm, uniqueEmail, VIEWPORT_NAMES, type Job, type LoginBody,
} from './support'
import { newApplicant } from './fixtures'
import { expectNoSidewaysScroll } from './layoutChecks'

const browser = browserPerFile()

const CANDIDATE = { name: 'Quinn Erasmus', email: uniqueEmail('quinn-erase'), password: 'Erase#Me2026' }
const RESUME = {
  name: 'quinn-resume.pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
}
const ZIP_NAME = /^harbour-it-data-\d{4}-\d{2}-\d{2}\.zip$/

let employer: LoginBody
let candidate: LoginBody
let job: Job
let applicationId: string

type PipelineCard = { id: string; candidate_name: string; candidate_email: string }

/** The entries of a ZIP by name, read through its central directory (stored or deflated). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>()
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (eocd < 0) throw new Error('not a ZIP: no end of central directory')
  const count = zip.readUInt16LE(eocd + 10)
  let at = zip.readUInt32LE(eocd + 16)
  if (count === 0xffff || at === 0xffffffff) throw new Error('ZIP64 archive: read it with a real unzip')
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`)
    const method = zip.readUInt16LE(at + 10)
    const size = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const data = zip.subarray(start, start + size)
    entries.set(name, method === 8 ? inflateRawSync(data) : data)
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

beforeAll(async () => {
  employer = await demoLogin('employer')
  job = await ownOpenJob(employer)

  // the candidate applies with a resume, so the export has a file in it and the erasure has one to remove
  const applicant = await newApplicant(CANDIDATE, job.id, { fileName: RESUME.name, pdf: RESUME.buffer, title: 'My resume', description: '' })
  candidate = applicant.candidate
  applicationId = applicant.applicationId
  // the employer's board has it before anything is erased
  await eventually(
    async () => {
      const res = await api<{ applications: PipelineCard[] }>('GET', `/api/employer/jobs/${job.id}/pipeline`, { token: employer.token })
      return res.body.applications?.find((a) => a.id === applicationId)?.candidate_name === CANDIDATE.name
    },
    10_000,
    'the application on the employer’s board',
  )
})

const privacyTab = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Privacy' })

describe('the Privacy screens at both widths', () => {
  for (const viewport of VIEWPORT_NAMES) {
    it(`candidate Privacy tab and its erase dialog pass axe and fit @${viewport}`, async () => {
      const ctx = await signedInContext(browser(), 'candidate', candidate, viewport)
      try {
        const page = await ctx.newPage()
        await page.goto(`${BASE_URL}/candidate/dashboard/privacy`)
        await page.getByRole('heading', { level: 2, name: 'Privacy', exact: true }).waitFor()
        await page.getByRole('region', { name: 'Download your data' }).waitFor()
        expect(await page.title()).toBe('Privacy · Candidate Portal | Harbour IT Recruitment')
        await expectNoSidewaysScroll(page, `candidate privacy @${viewport}`)
        expect(await seriousA11yViolations(page, `candidate privacy @${viewport}`)).toEqual([])
        await screenshot(page, 'privacy/candidate-tab', viewport)

        await page.getByRole('button', { name: 'Erase my account…' }).click()
        const dialog = page.getByRole('dialog', { name: 'Erase your account?' })
        await dialog.waitFor()
        await expectNoSidewaysScroll(page, `candidate erase dialog @${viewport}`)
        expect(await seriousA11yViolations(page, `candidate erase dialog @${viewport}`)).toEqual([])
        await screenshot(page, 'privacy/candidate-erase-dialog', viewport)
        await dialog.getByRole('button', { name: 'Keep my account' }).click()
        await dialog.waitFor({ state: 'detached' })
      } finally {
        await ctx.close()
      }
    })

    it(`employer Privacy page passes axe and fits @${viewport}`, async () => {
      const ctx = await signedInContext(browser(), 'employer', employer, viewport)
      try {
        const page = await ctx.newPage()
        await page.goto(`${EMPLOYER_URL}/dashboard/privacy`)
        await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor()
        await page.getByRole('region', { name: 'Erase your account' }).waitFor()
        await expectNoSidewaysScroll(page, `employer privacy @${viewport}`)
        expect(await seriousA11yViolations(page, `employer privacy @${viewport}`)).toEqual([])
        await screenshot(page, 'privacy/employer-page', viewport)
      } finally {
        await ctx.close()
      }
    })

    it(`admin Privacy page and the erase dialog pass axe and fit @${viewport}`, async () => {
      const admin = await demoLogin('admin')
      const ctx = await signedInContext(browser(), 'admin', admin, viewport)
      try {
        const page = await ctx.newPage()
        await page.goto(`${ADMIN_URL}/dashboard/privacy`)
        await page.getByRole('heading', { level: 1, name: 'Privacy' }).waitFor()
        await page.locator('table, .empty-state').first().waitFor()
        await expectNoSidewaysScroll(page, `admin privacy @${viewport}`)
        expect(await seriousA11yViolations(page, `admin privacy @${viewport}`)).toEqual([])
        await screenshot(page, 'privacy/admin-page', viewport)

        // the erase dialog on the record of our candidate (opened, never sent)
        await page.goto(`${ADMIN_URL}/dashboard/candidates/${candidate.user.id}`)
        await page.getByRole('button', { name: `Erase ${CANDIDATE.name}` }).click()
        const dialog = page.getByRole('dialog', { name: `Erase ${CANDIDATE.name}?` })
        await dialog.getByLabel('Grounds').waitFor()
        await expectNoSidewaysScroll(page, `admin erase dialog @${viewport}`)
        expect(await seriousA11yViolations(page, `admin erase dialog @${viewport}`)).toEqual([])
        await screenshot(page, 'privacy/admin-erase-dialog', viewport)
        await dialog.getByRole('button', { name: 'Cancel' }).click()
      } finally {
        await ctx.close()
      }
    })
  }
})

describe('a candidate downloads their data, then erases their account', () => {
  const ui = pagePerBlock(() => newContext(browser(), 'desktop'))

  it('signs in and downloads their data from the Privacy tab as a ZIP about them', async () => {
    const page = ui.page
    await signInThroughForm(page, `${BASE_URL}/candidate/login`, CANDIDATE, `${BASE_URL}/candidate/dashboard/jobs`)
    await privacyTab(page).click()
    await page.waitForURL(`${BASE_URL}/candidate/dashboard/privacy`)

    const requested = page.waitForResponse((r) => r.url().endsWith('/api/account/export') && r.request().method() === 'POST')
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download my data' }).click()
    const link = await requested
    expect(link.status()).toBe(201)
    const { url } = (await link.json()) as { url: string }
    expect(url).toMatch(/^\/api\/exports\//)

    const download = await downloading
    expect(download.suggestedFilename()).toMatch(ZIP_NAME)
    const path = await download.path()
    const zip = readFileSync(path)
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK')
    const entries = unzip(zip)
    expect([...entries.keys()]).toContain('data.json')
    expect([...entries.keys()].some((n) => n.startsWith('files/')), `entries: ${[...entries.keys()].join(', ')}`).toBe(true)
    const data = entries.get('data.json')!.toString('utf8')
    expect(JSON.parse(data)).toBeTruthy()
    expect(data).toContain(CANDIDATE.email)
    expect(data.includes(job.id) || data.includes(job.title), 'the application is in data.json').toBe(true)
    await page.getByText(/^Downloaded as harbour-it-data-/).waitFor()
    await screenshot(page, 'privacy/candidate-downloaded', 'desktop')

    // the link worked once: a second use is refused with the server's words
    const again = await api<{ message?: string; error?: string }>('GET', url, { token: candidate.token })
    expect(again.status).toBe(410)
  })

  it('a wrong password is refused beside the field, and nothing is erased', async () => {
    const page = ui.page
    await page.getByRole('button', { name: 'Erase my account…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Erase your account?' })
    await dialog.getByRole('button', { name: 'Erase my account' }).click()
    await dialog.getByText('Enter your password to confirm').waitFor()

    const answered = page.waitForResponse((r) => r.url().endsWith('/api/account/erase'))
    await dialog.getByLabel('Your password').fill('Not-my-password1!')
    await dialog.getByRole('button', { name: 'Erase my account' }).click()
    expect((await answered).status()).toBe(403)
    await dialog.getByText('That password is incorrect').waitFor()
    expect(await dialog.getByLabel('Your password').getAttribute('aria-invalid')).toBe('true')
    expect((await api('GET', '/api/auth/candidate/profile', { token: candidate.token })).status).toBe(200)
  })

  it('erases the account with their password and lands signed out on the home page', async () => {
    const page = ui.page
    const dialog = page.getByRole('dialog', { name: 'Erase your account?' })
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/account/erase'))
    await dialog.getByLabel('Your password').fill(CANDIDATE.password)
    await dialog.getByRole('button', { name: 'Erase my account' }).click()
    const res = await answered
    expect(res.status()).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'erased' })

    await page.waitForURL(`${BASE_URL}/`)
    await page.getByText('Your account has been erased.').waitFor()
    await page.waitForFunction(() => localStorage.getItem('authToken') === null && localStorage.getItem('candidateData') === null)
    await screenshot(page, 'privacy/candidate-erased-home', 'desktop')
    // no sign-in page in between, and none later
    await page.waitForTimeout(500)
    expect(page.url()).toBe(`${BASE_URL}/`)
    // every session of the account ended on the server too
    expect((await api('GET', '/api/auth/candidate/profile', { token: candidate.token })).status).toBe(401)
  })

  it('can no longer sign in: the sign-in says the email or password is wrong', async () => {
    const page = ui.page
    await page.goto(`${BASE_URL}/candidate/login`)
    await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor()
    await page.getByLabel('Email', { exact: true }).fill(CANDIDATE.email)
    await page.getByLabel('Password', { exact: true }).fill(CANDIDATE.password)
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/candidate/login'))
    await page.getByRole('button', { name: 'Sign In' }).click()
    expect((await answered).status()).toBe(401)
    await page.getByText('Invalid email or password').waitFor()
    expect(page.url()).toBe(`${BASE_URL}/candidate/login`)
  })
})

describe('after the erasure', () => {
  it('the employer finds the application on the job’s board as an erased person', async () => {
    const card = await eventually(
      async () => {
        const res = await api<{ applications: PipelineCard[] }>('GET', `/api/employer/jobs/${job.id}/pipeline`, { token: employer.token })
        const found = res.body.applications?.find((a) => a.id === applicationId)
        return found?.candidate_name === '[erased]' ? found : null
      },
      10_000,
      'the card erased in the employer’s pipeline',
    )
    expect(card.candidate_email).not.toBe(CANDIDATE.email)

    const ctx = await signedInContext(browser(), 'employer', employer)
    try {
      const page = await ctx.newPage()
      await page.goto(`${EMPLOYER_URL}/dashboard/jobs/${job.id}`)
      const onBoard = page.getByTestId('pipeline-card').filter({ has: page.locator(`a[href="/dashboard/applicants/${applicationId}"]`) })
      await onBoard.waitFor()
      await onBoard.getByText('Erased person', { exact: true }).waitFor()
      const text = await onBoard.innerText()
      expect(text).not.toContain(CANDIDATE.name)
      expect(text).not.toContain('[erased]')
      expect(await page.content()).not.toContain(CANDIDATE.email)
      await onBoard.scrollIntoViewIfNeeded()
      await screenshot(page, 'privacy/employer-board-erased', 'desktop')

      // the applicant page says what is left
      await onBoard.getByRole('link', { name: 'Erased person' }).click()
      await page.waitForURL(`${EMPLOYER_URL}/dashboard/applicants/${applicationId}`)
      await page.getByText('This applicant’s personal data has been erased.', { exact: false }).waitFor()
      expect(await page.locator('a[href^="mailto:"]').count()).toBe(0)
      await screenshot(page, 'privacy/employer-applicant-erased', 'desktop')
    } finally {
      await ctx.close()
    }
  })

  it('the admin finds the erasure on the Privacy page and the record erased', async () => {
    const admin = await demoLogin('admin')
    const ctx = await signedInContext(browser(), 'admin', admin)
    try {
      const page = await ctx.newPage()
      await page.goto(`${ADMIN_URL}/dashboard/privacy`)
      const row = page.getByRole('row').filter({ has: page.locator(`a[href="/dashboard/candidates/${candidate.user.id}"]`) })
      await row.waitFor()
      expect(await row.innerText()).toContain('Erased candidate')
      await screenshot(page, 'privacy/admin-page-with-erasure', 'desktop')

      await row.getByRole('link').first().click()
      await page.getByRole('heading', { level: 2, name: 'Erased person' }).waitFor()
      await page.getByText(/This person’s personal data has been erased/).waitFor()
      expect(await page.content()).not.toContain(CANDIDATE.email)
      expect(await page.getByRole('button', { name: /^Erase / }).count()).toBe(0)
      await screenshot(page, 'privacy/admin-record-erased', 'desktop')
    } finally {
      await ctx.close()
    }
  })
})
