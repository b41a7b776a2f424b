/**
 * Issue 27, the hiring team's screening, second half: a hiring manager (the demo employer, Mei Chen)
 * works through a job's applicants at 1280×800 and 390×844. From the pipeline they open an
 * applicant: on a wide screen the resume is in the page (the PDF frame shown beside the details),
 * on a phone one tap away; the history reads as sentences naming who did what ("Moved to Screening
 * by Mei Chen"), seeded ones too; J takes them to the next applicant in the pipeline's order, where
 * Move to… Offer makes "Moved to Offer by Mei Chen". Each viewport has a job and two applicants of
 * its own (posted and applied through the API), so the seeded pipelines other files read stay as
 * they are. Found by roles, labels and visible text; buttons are checked to be on screen.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import {
  api,
  browserPerFile,
  DEMO,
  demoLogin,
  EMPLOYER_URL,
  eventually,
  newContext,
  onePagePdf,
  pagePerBlock,
  SCREENSHOT_DIR,
  screenshot,
  seriousA11yViolations,
  signInThroughForm,
  uniqueEmail,
  VIEWPORT_NAMES,
  VIEWPORTS,
  type LoginBody,
  type ViewportName,
} from './support'
import { newApplicant, postJob } from './fixtures'
import { expectNoSidewaysScroll } from './layoutChecks'

const browser = browserPerFile()

type Card = { id: string; candidate_name: string; stage: string }

/** A job of the demo employer's own, with two applicants (resumes attached) moved to Screening by the employer. */
async function jobWithTwoApplicants(employer: LoginBody, viewport: ViewportName): Promise<{ jobId: string; title: string }> {
  const title = `Site Reliability Engineer (${viewport} ${Date.now()})`
  const { id: jobId } = await postJob(employer, {
    title,
    type: 'Full-time',
    specialisation: 'Cloud + Infrastructure',
    salary: '$160k + super',
    description: 'Keep the rostering platform up for the hospitals that run on it.',
    responsibilities: ['Run the clusters'],
    requirements: ['Kubernetes'],
    expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
  })
  const ids: string[] = []
  for (const name of viewport === 'desktop' ? ['Nadia Petrova', 'Sione Taufa'] : ['Ruby Osei', 'Marcus Lindqvist']) {
    const who = { name, email: uniqueEmail(name.split(' ')[0].toLowerCase()), password: 'Candidate1!' }
    const { applicationId } = await newApplicant(who, jobId, { fileName: `${name} resume.pdf`, pdf: onePagePdf(`${name}: Site Reliability Engineer`), title: 'Resume' })
    ids.push(applicationId)
  }
  await eventually(async () => {
    const res = await api<{ applications: Card[] }>('GET', `/api/employer/jobs/${jobId}/pipeline`, { token: employer.token })
    return ids.every((id) => res.body.applications?.some((a) => a.id === id))
  }, 15_000, 'both applications on the board')
  for (const id of ids) {
    const moved = await api('POST', `/api/employer/applications/${id}/move`, { token: employer.token, json: { stage: 'screening' } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  }
  return { jobId, title }
}

/** What the manager sees without scrolling (the full-page shots resize the window, which a frame does not survive). */
async function viewShot(page: Page, name: string, viewport: ViewportName) {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `journeys_${name}-${viewport}-view.png`), animations: 'disabled' })
}

/** Wholly inside the screen's width and height, where it is now (nothing scrolled). */
async function expectInViewport(page: Page, target: Locator, what: string) {
  const box = await target.boundingBox()
  expect(box, `${what} is shown`).not.toBeNull()
  const vp = page.viewportSize()!
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0)
  expect(box!.y, `${what}: top edge`).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(vp.width)
  expect(box!.y + box!.height, `${what}: bottom edge`).toBeLessThanOrEqual(vp.height)
}

for (const viewport of VIEWPORT_NAMES) {
  describe(`a hiring manager screens applicants around their resumes @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))
    let employer: LoginBody
    let job: { jobId: string; title: string }
    let first = ''
    let second = ''

    it('signs in and opens the first applicant in Screening from the pipeline', async () => {
      employer = await demoLogin('employer')
      job = await jobWithTwoApplicants(employer, viewport)
      const page = ui.page
      await signInThroughForm(page, `${EMPLOYER_URL}/login`, DEMO.employer, `${EMPLOYER_URL}/dashboard`)
      await page.goto(`${EMPLOYER_URL}/dashboard/jobs/${job.jobId}`)
      const column = page.getByRole('region', { name: /^Screening/ })
      await column.getByRole('link').nth(1).waitFor()
      first = (await column.getByRole('link').nth(0).innerText()).trim()
      second = (await column.getByRole('link').nth(1).innerText()).trim()
      await column.getByRole('link', { name: first }).click()
      await page.getByRole('heading', { level: 1, name: first }).waitFor()
    })

    it('sees the resume: in the page beside the details on a wide screen, one tap away on a phone', async () => {
      const page = ui.page
      if (viewport === 'desktop') {
        const frame = page.getByTitle(`Resume of ${first}`)
        await frame.waitFor()
        expect(await frame.getAttribute('src')).toMatch(/^blob:/)
        const box = (await frame.boundingBox())!
        // a large pane, wholly on screen, beside the stage card
        expect(box.height).toBeGreaterThan(VIEWPORTS.desktop.height * 0.6)
        expect(box.width).toBeGreaterThan(450)
        await expectInViewport(page, frame, 'the resume frame')
        const stage = page.getByRole('region', { name: /^Stage/ })
        expect((await stage.boundingBox())!.x).toBeGreaterThan(box.x + box.width)
        await expectInViewport(page, page.getByRole('button', { name: `Move ${first} to another stage` }), 'Move to…')
        await viewShot(page, 'hiring-applicant', viewport)
      } else {
        await viewShot(page, 'hiring-applicant', viewport)
        const resume = page.getByRole('region', { name: 'Resume' })
        const view = resume.getByRole('button', { name: 'View resume' })
        await view.scrollIntoViewIfNeeded()
        await expectInViewport(page, view, 'View resume')
        await view.click()
        const dialog = page.getByRole('dialog')
        const object = dialog.locator('object[type="application/pdf"]')
        await object.waitFor()
        await expectInViewport(page, dialog.getByRole('button', { name: 'Close dialog' }), 'Close')
        // the picture only: Chromium's viewer draws the page a moment after the frame appears
        await page.waitForTimeout(1500)
        await viewShot(page, 'hiring-applicant-resume-viewer', viewport)
        await dialog.getByRole('button', { name: 'Close dialog' }).click()
        await dialog.waitFor({ state: 'detached' })
      }
      await expectNoSidewaysScroll(page, `applicant page @${viewport}`)
      await screenshot(page, 'journeys/hiring-applicant', viewport)
      expect(await seriousA11yViolations(page, `applicant page @${viewport}`)).toEqual([])
    })

    it('reads the history as sentences naming the person, the exact time on hover', async () => {
      const history = ui.page.getByRole('region', { name: 'History' })
      const item = history.getByRole('listitem').filter({ hasText: `Moved to Screening by ${employer.user.name}` })
      await item.waitFor()
      const time = item.locator('time')
      expect(await time.getAttribute('title')).toMatch(/\(Sydney\)$/)
      expect(await history.innerText()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/)
    })

    it('presses J and lands on the next applicant, the position saying so', async () => {
      const page = ui.page
      const nav = page.getByRole('navigation', { name: 'Applicants for this job' })
      await nav.getByText('1 of 2').waitFor()
      const next = nav.getByRole('button', { name: 'Next' })
      await next.scrollIntoViewIfNeeded()
      expect(await next.getAttribute('aria-keyshortcuts')).toBe('J')
      await expectInViewport(page, next, 'Next')
      await expectInViewport(page, nav.getByRole('button', { name: 'Previous' }), 'Previous')
      if (viewport === 'desktop') await nav.getByText('Keyboard shortcuts:').waitFor()
      await page.keyboard.press('j')
      await page.getByRole('heading', { level: 1, name: second }).waitFor()
      await nav.getByText('2 of 2').waitFor()
      expect(await nav.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
      if (viewport === 'desktop') await page.getByTitle(`Resume of ${second}`).waitFor()
    })

    it('moves them to Offer with Move to… and reads "Moved to Offer by" the manager', async () => {
      const page = ui.page
      const move = page.getByRole('button', { name: `Move ${second} to another stage` })
      await move.scrollIntoViewIfNeeded()
      await expectInViewport(page, move, 'Move to…')
      await move.click()
      const offer = page.getByRole('menu', { name: `Stages for ${second}` }).getByRole('menuitem', { name: 'Offer' })
      await expectInViewport(page, offer, 'Offer in the Move to… list')
      await offer.click()
      const stage = page.getByRole('region', { name: /^Stage/ })
      await stage.getByRole('heading', { name: 'Stage: Offer' }).waitFor()
      // what the candidate's portal says now, in its words (never SPEC's raw "accepted")
      await stage.locator('p', { hasText: 'They see: Offer ·' }).waitFor()
      const history = page.getByRole('region', { name: 'History' })
      await history.getByText(`Moved to Offer by ${employer.user.name}`).waitFor()
      await history.scrollIntoViewIfNeeded()
      await viewShot(page, 'hiring-applicant-moved', viewport)
      await screenshot(page, 'journeys/hiring-applicant-moved', viewport)
    })

    it('a seeded applicant’s history names the hiring manager too, never "the demo data"', async () => {
      const page = ui.page
      const jobs = await api<{ id: string; title: string }[]>('GET', '/api/employer/jobs', { token: employer.token })
      const rust = jobs.body.find((j) => j.title === 'Senior Rust Engineer')!
      const pipeline = await api<{ applications: Card[] }>('GET', `/api/employer/jobs/${rust.id}/pipeline`, { token: employer.token })
      const seeded = pipeline.body.applications.find((a) => a.candidate_name === 'Priya Raman')!
      await page.goto(`${EMPLOYER_URL}/dashboard/applicants/${seeded.id}`)
      const history = page.getByRole('region', { name: 'History' })
      await history.getByText(`Moved to Screening by ${employer.user.name}`).waitFor()
      await history.getByText(`Scorecard added by ${employer.user.name}`, { exact: false }).waitFor()
      expect(await history.innerText()).not.toContain('the demo data')
      if (viewport === 'desktop') await page.getByTitle('Resume of Priya Raman').waitFor()
      await page.evaluate(() => window.scrollTo(0, 0))
      await page.waitForTimeout(1500)
      await viewShot(page, 'hiring-applicant-seeded', viewport)
      await screenshot(page, 'journeys/hiring-applicant-seeded', viewport)
    })

    it('an applicant who sent no resume: the page says so plainly', async () => {
      const page = ui.page
      const jobs = await api<{ id: string; title: string }[]>('GET', '/api/employer/jobs', { token: employer.token })
      const rust = jobs.body.find((j) => j.title === 'Senior Rust Engineer')!
      const pipeline = await api<{ applications: (Card & { candidate_email: string; resume_id: string | null })[] }>('GET', `/api/employer/jobs/${rust.id}/pipeline`, { token: employer.token })
      const bare = pipeline.body.applications.find((a) => a.candidate_email === DEMO.candidate.email && !a.resume_id)!
      await page.goto(`${EMPLOYER_URL}/dashboard/applicants/${bare.id}`)
      const resume = page.getByRole('region', { name: 'Resume' })
      await resume.getByText('No resume came with this application.', { exact: false }).waitFor()
      expect(await page.locator('iframe').count()).toBe(0)
      await expectNoSidewaysScroll(page, `applicant without a resume @${viewport}`)
      await viewShot(page, 'hiring-applicant-no-resume', viewport)
      expect(await seriousA11yViolations(page, `applicant without a resume @${viewport}`)).toEqual([])
    })
  })
}
