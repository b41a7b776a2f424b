/**
 * Issue 27, the job seeker keeps jobs and one resume, at 1280x800 and 390x844: Save on a public
 * job card while signed out keeps the job through signing in and saves it; signed in, Save on the
 * board saves at once; Browse Jobs' Saved view lists them (a closed one would say so), and Remove
 * takes one off. Applying from there with a new resume files it as a Resume: the Documents tab
 * counts and filters it, the profile's Resume/CV section shows it, and the next apply dialog
 * starts with it chosen.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  BASE_URL,
  SCREENSHOT_DIR,
  VIEWPORT_NAMES,
  api,
  browserPerFile,
  jobBoard,
  newContext,
  pagePerBlock,
  uniqueEmail,
  type Job,
  journeyScreenshot,
} from './support'
import { expectNoSidewaysScroll } from './layoutChecks'

const browser = browserPerFile()

const RESUME_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')

/** Three open jobs with titles no other open job has, so each card is found by its title alone. */
async function threeJobs(offset: number): Promise<Job[]> {
  const day = 24 * 3600 * 1000
  const board = (await jobBoard()).filter((j) => !j.expires_at || Date.parse(j.expires_at) - Date.now() > 2 * day)
  const unique = board.filter((j) => board.filter((k) => k.title === j.title).length === 1)
  const picked = unique.slice(offset, offset + 3)
  if (picked.length < 3) throw new Error('the seeded board has too few jobs with titles of their own')
  return picked
}

for (const [index, viewport] of VIEWPORT_NAMES.entries()) {
  describe(`a job seeker saves jobs and keeps one resume @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))
    const person = { name: viewport === 'desktop' ? 'Riley Saver' : 'Riley Phone', email: uniqueEmail(`saver-${viewport}`), password: 'Harbour#Saver26' }
    let jobs: Job[] = []
    const resumeName = `riley-cv-${viewport}.pdf`

    beforeAll(async () => {
      jobs = await threeJobs(index * 3)
      const reg = await api('POST', '/api/auth/candidate/register', { json: { name: person.name, email: person.email, password: person.password } })
      expect(reg.status, JSON.stringify(reg.body)).toBe(201)
    })

    const boardCard = (page: Page, job: Job) => page.getByRole('article').filter({ has: page.getByRole('heading', { name: job.title, exact: true }) }).first()

    async function findOnBoard(page: Page, job: Job) {
      await page.goto(`${BASE_URL}/jobs/find`)
      await page.getByLabel('Job title').fill(job.title)
      await boardCard(page, job).waitFor()
    }

    it('Save on a card while signed out keeps the job through signing in and saves it', async () => {
      const { page } = ui
      const [first] = jobs
      await findOnBoard(page, first)
      await boardCard(page, first).getByRole('link', { name: `Save ${first.title}` }).click()
      await page.waitForURL(`${BASE_URL}/candidate/login?save=${first.id}`)
      await page.getByText(`Sign in to save ${first.title} at ${first.company}.`).waitFor()
      await journeyScreenshot(page, 'saved-login-keeps-job', viewport)

      await page.getByLabel('Email', { exact: true }).fill(person.email)
      await page.getByLabel('Password', { exact: true }).fill(person.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL(`${BASE_URL}/candidate/dashboard/jobs`)
      await page.getByText('Job saved').first().waitFor()
      // the address drops the job: a reload saves nothing twice
      expect(new URL(page.url()).search).toBe('')
    })

    it('signed in, Save on the board saves at once and the button says it is saved', async () => {
      const { page } = ui
      const [, second] = jobs
      await findOnBoard(page, second)
      const card = boardCard(page, second)
      await card.getByRole('button', { name: `Save ${second.title}` }).click()
      const remove = card.getByRole('button', { name: `Remove ${second.title} from saved jobs` })
      await remove.waitFor()
      await expectNoSidewaysScroll(page, 'the board with a saved job')
      // the toast says where to find it; then the card, without the toast over it
      await page.getByText('Find it again under Saved in Browse Jobs.').first().waitFor()
      await page.getByText('Find it again under Saved in Browse Jobs.').first().waitFor({ state: 'detached', timeout: 8000 })
      await remove.scrollIntoViewIfNeeded()
      await journeyScreenshot(page, 'saved-board-card', viewport)

      // the job's own page says it is saved, in words
      await page.goto(`${BASE_URL}/jobs/${second.id}`)
      const onPage = page.getByRole('button', { name: `Remove ${second.title} from saved jobs` }).first()
      await onPage.waitFor()
      expect(await onPage.innerText()).toContain('Saved')
      await journeyScreenshot(page, 'saved-job-page', viewport)
    })

    it('finds both under Saved in Browse Jobs and removes one', async () => {
      const { page } = ui
      const [first, second] = jobs
      await page.goto(`${BASE_URL}/candidate/dashboard/jobs`)
      await page.getByRole('button', { name: /^Saved \(2\)$/ }).click()
      const region = page.getByRole('region', { name: 'Browse Jobs' })
      for (const job of [first, second]) await region.getByRole('link', { name: job.title, exact: true }).waitFor()
      expect(new URL(page.url()).searchParams.get('view')).toBe('saved')
      await region.getByText('Open', { exact: true }).first().waitFor()
      await expectNoSidewaysScroll(page, 'the saved jobs')
      await journeyScreenshot(page, 'saved-list', viewport)

      await region.getByRole('button', { name: `Remove ${second.title} from saved jobs` }).click()
      await region.getByRole('link', { name: second.title, exact: true }).waitFor({ state: 'detached' })
      await page.getByRole('button', { name: /^Saved \(1\)$/ }).waitFor()
      // the server agrees: one saved job left
      await page.reload()
      await region.getByRole('link', { name: first.title, exact: true }).waitFor()
      expect(await region.getByRole('link', { name: second.title, exact: true }).count()).toBe(0)
    })

    it('applies to a saved job with a new resume, which is filed as a Resume', async () => {
      const { page } = ui
      const [first] = jobs
      const region = page.getByRole('region', { name: 'Browse Jobs' })
      await region.getByRole('button', { name: `Apply Now for ${first.title}` }).click()
      const dialog = page.getByRole('dialog', { name: `Apply for ${first.title}` })
      await dialog.waitFor()
      await dialog.getByLabel('Or upload a new resume (.pdf, .doc, .docx)').setInputFiles({ name: resumeName, mimeType: 'application/pdf', buffer: RESUME_PDF })
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/documents/upload'))
      await dialog.getByRole('button', { name: 'Submit Application' }).click()
      // filed as a Resume
      const upload = await uploaded
      expect(upload.status()).toBe(201)
      expect(((await upload.json()) as { document: { document_type: string } }).document.document_type).toBe('resume')
      await dialog.waitFor({ state: 'detached' })
      await page.getByText('Application submitted successfully').waitFor()
      await region.getByText('Applied', { exact: true }).first().waitFor()

      await page.goto(`${BASE_URL}/candidate/dashboard/documents`)
      const docs = page.getByRole('region', { name: 'Documents' })
      await docs.getByText(`Resume - ${resumeName}`).waitFor()
      const counter = docs.locator('.cd-stat', { has: page.getByText('Resume', { exact: true }) })
      // the counters come from their own call, which may answer after the list
      await expect.poll(() => counter.locator('dd').innerText()).toBe('1')
      await docs.getByRole('button', { name: 'Resume', exact: true }).click()
      const card = docs.getByRole('listitem').filter({ hasText: `Resume - ${resumeName}` })
      await card.getByText('Resume', { exact: true }).waitFor()
      await journeyScreenshot(page, 'saved-documents-resume', viewport)

      await page.goto(`${BASE_URL}/candidate/dashboard/profile`)
      const resumeSection = page.getByRole('group', { name: 'Resume/CV' })
      await resumeSection.getByText(`Resume - ${resumeName}`).waitFor()
      await resumeSection.getByText('Used last').waitFor()
      await resumeSection.scrollIntoViewIfNeeded()
      await journeyScreenshot(page, 'saved-profile-resume', viewport)
    })

    it('the next apply dialog starts with that resume chosen', async () => {
      const { page } = ui
      const third = jobs[2]
      await page.goto(`${BASE_URL}/candidate/dashboard/jobs`)
      const region = page.getByRole('region', { name: 'Browse Jobs' })
      await page.getByLabel('Search jobs').fill(third.title)
      // the portal's cards have the same bookmark
      const save = region.getByRole('button', { name: `Save ${third.title}` })
      await save.waitFor()
      // the card alone: on a phone the bottom navigation covers the foot of the screen
      await region
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: `Save ${third.title}` }) })
        .screenshot({ path: join(SCREENSHOT_DIR, 'journeys', `saved-portal-card-${viewport}.png`), animations: 'disabled' })
      await region.getByRole('button', { name: `Apply Now for ${third.title}` }).click()
      const dialog = page.getByRole('dialog', { name: `Apply for ${third.title}` })
      await dialog.waitFor()
      const select = dialog.getByLabel('Choose an existing resume')
      await expect.poll(() => select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '')).toBe(`Resume - ${resumeName}`)
      await journeyScreenshot(page, 'saved-next-apply-preselected', viewport)
      await dialog.getByRole('button', { name: 'Cancel' }).click()
    })
  })
}
