/**
 * Candidate applies with an uploaded resume (Apply Now modal), sees it under Applications; the employer
 * accepts it through the API and the candidate's bell shows the live notification (SPEC 2.5, 4, 7.3 - 7.7).
 *
 * It follows docs/API.md, including the employer calls GET /api/employer/applications and
 * PUT /api/employer/applications/{id}/status.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  api, BASE_URL, browserPerFile, demoLogin, eventually, journeyScreenshot, newContext, ownOpenJob, pagePerBlock, screenshot, seriousA11yViolations, signedInContext, uniqueEmail, VIEWPORTS,
  type Job, type LoginBody,
} from './support'
import { newCandidate } from './fixtures'


type EmployerApplication = { id: string; job_id: string; status: string; candidate_email?: string; feedback?: string | null }

const RESUME_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)

const browser = browserPerFile()

/**
 * Waits until the bell's unread count (the "N unread" of its label; none is 0) is above, or at most,
 * `before`. The page is not reloaded: the count changes over the realtime connection or on reading.
 */
const bellUnread = (page: Page, until: 'above' | 'at most', before: number, timeout?: number) =>
  page.waitForFunction(
    ([until, before]) => {
      const label = document.querySelector('.notif-bell')?.getAttribute('aria-label') ?? ''
      const count = Number(/(\d+) unread/.exec(label)?.[1] ?? 0)
      return until === 'above' ? count > before : count <= before
    },
    [until, before] as const,
    { timeout },
  )

describe('candidate applies, employer accepts, bell rings', () => {
  let employer: LoginBody
  let candidate: LoginBody
  let job: Job
  const email = uniqueEmail('applicant')
  const password = 'Apply#Now2026'
  const resumeName = 'taylor-resume.pdf'
  const ui = pagePerBlock(() => newContext(browser(), 'desktop'))

  beforeAll(async () => {
    employer = await demoLogin('employer')
    job = await ownOpenJob(employer)

    candidate = await newCandidate({ name: 'Taylor Applicant', email, password })

    await ui.page.goto(`${BASE_URL}/about`)
    await ui.page.evaluate(
      ([t, u]) => {
        localStorage.setItem('authToken', t)
        localStorage.setItem('candidateData', u)
      },
      [candidate.token, JSON.stringify(candidate.user)],
    )
  })

  const jobCard = () =>
    ui.page.locator('.cd-card', { has: ui.page.getByRole('heading', { level: 3, name: job.title, exact: true }) }).first()

  it('applies through the Apply Now modal with a new resume', async () => {
    await ui.page.goto(`${BASE_URL}/candidate/dashboard/jobs`)
    await ui.page.locator('.cd-card').first().waitFor()
    await ui.page.getByLabel('Search jobs').fill(job.title)
    await jobCard().waitFor()

    await jobCard().getByRole('button', { name: `Apply Now for ${job.title}` }).click()
    const dialog = ui.page.getByRole('dialog', { name: `Apply for ${job.title}` })
    await dialog.waitFor()
    expect(await seriousA11yViolations(ui.page, 'apply modal')).toEqual([])

    await dialog.getByLabel('Or upload a new resume (.pdf, .doc, .docx)').setInputFiles({
      name: resumeName,
      mimeType: 'application/pdf',
      buffer: RESUME_PDF,
    })
    await dialog.getByText(`Selected: ${resumeName}`).waitFor()
    await screenshot(ui.page, '/candidate/apply-modal', 'desktop')

    const uploaded = ui.page.waitForResponse((r) => r.url().endsWith('/api/documents/upload'))
    const submitted = ui.page.waitForResponse((r) => r.url().endsWith('/api/applications/submit'))
    await dialog.getByRole('button', { name: 'Submit Application' }).click()
    expect((await uploaded).status()).toBe(201)
    const submitResponse = await submitted
    expect(submitResponse.status()).toBe(201)
    const sent = submitResponse.request().postDataJSON() as { jobId: string; resumeId?: string }
    expect(sent.jobId).toBe(job.id)
    expect(sent.resumeId).toBeTruthy()

    await dialog.waitFor({ state: 'detached' })
    await ui.page.getByText('Application submitted successfully').waitFor()
    const applied = jobCard().getByRole('button', { name: 'Applied Successfully' })
    await applied.waitFor()
    expect(await applied.isDisabled()).toBe(true)
  })

  it('sees the application (pending) under Applications, and the resume under Documents', async () => {
    await ui.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Applications' }).click()
    await ui.page.waitForURL(`${BASE_URL}/candidate/dashboard/applications`)
    // The router keeps the Jobs tab on screen until the lazy Applications tab has
    // loaded: look for the card inside the Applications section, not anywhere.
    const section = ui.page.getByRole('region', { name: 'My Applications' })
    const card = section.locator('.cd-card', { has: ui.page.getByRole('heading', { level: 3, name: job.title, exact: true }) })
    try {
      await card.waitFor({ timeout: 5000 })
    } catch {
      // seen once in a full run: the list did not yet hold the new application (read-your-writes gap)
      console.log('[candidate-apply] the new application was missing from My Applications after applying; pressing Refresh')
      await ui.page.getByRole('button', { name: 'Refresh', exact: true }).click()
      await card.waitFor()
    }
    // where it stands in the candidate's words, not the SPEC's "Pending"
    expect(await card.innerText()).toContain('Received')
    expect(await card.innerText()).toContain(job.company)
    await screenshot(ui.page, '/candidate/applications-pending', 'desktop')

    await ui.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Documents' }).click()
    await ui.page.waitForURL(`${BASE_URL}/candidate/dashboard/documents`)
    await ui.page.getByText(`Resume - ${resumeName}`).first().waitFor()
  })

  it('the employer accepts it through the API and the bell shows a live notification', async () => {
    await ui.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Applications' }).click()
    await ui.page.waitForURL(`${BASE_URL}/candidate/dashboard/applications`)
    const bell = ui.page.getByRole('button', { name: /^Notifications/ })
    await bell.waitFor()
    const unreadBefore = Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0)

    const application = await eventually(
      async () => {
        const res = await api<EmployerApplication[]>('GET', '/api/employer/applications', { token: employer.token })
        expect(res.status).toBe(200)
        return res.body.find((a) => a.job_id === job.id && a.status === 'pending')
      },
      10_000,
      'the application in GET /api/employer/applications',
    )
    const feedback = 'Great background. We would like to meet you next week.'
    const put = await api('PUT', `/api/employer/applications/${application.id}/status`, {
      token: employer.token,
      json: { status: 'accepted', feedback },
    })
    expect(put.status, JSON.stringify(put.body)).toBe(200)

    // no reload: the count comes over the realtime connection
    await bellUnread(ui.page, 'above', unreadBefore, 15_000)
    expect(await ui.page.locator('.notif-badge').innerText()).toMatch(/^\d+$/)

    const panel = ui.page.getByRole('region', { name: 'Notifications' })
    // The dropdown can close under the test: once seen while notifications were still arriving, and
    // crossing 768 px moves the candidate's bell into the site header (a new bell, closed), which
    // React may do just after a check found the old panel open. So look, open if closed, and look
    // again, a few times; each reopening is logged, not hidden.
    const ensureOpen = async () => {
      for (let attempt = 0; ; attempt += 1) {
        if (await panel.isVisible()) return
        if (attempt > 0) console.log(`[candidate-apply] the notification dropdown was closed (attempt ${attempt}); opening it`)
        if ((await bell.getAttribute('aria-expanded')) !== 'true') await bell.click()
        try {
          await panel.waitFor({ timeout: 3_000 })
          return
        } catch (err) {
          if (attempt >= 3) throw err
        }
      }
    }
    await ensureOpen()
    await ui.page.waitForTimeout(1000)
    if ((await panel.count()) === 0) console.log('[candidate-apply] the notification dropdown closed by itself; reopening')
    await ensureOpen()
    expect(await panel.getByText('Live', { exact: true }).isVisible()).toBe(true)
    const items = panel.locator('.notif-item.is-unread')
    expect(await items.count()).toBeGreaterThan(0)
    expect((await items.first().innerText()).toLowerCase()).toMatch(/accepted|application/)
    await screenshot(ui.page, '/candidate/notification', 'desktop')
    await ensureOpen()

    // reading it lowers the count
    await items.first().locator('.notif-body').click()
    await bellUnread(ui.page, 'at most', unreadBefore)

    // read, it can be marked unread again: the count goes back up (issue 30's walk of CONTRIBUTING)
    await ensureOpen()
    const markUnread = panel.getByRole('button', { name: /^Mark as unread: / }).first()
    await markUnread.waitFor()
    // At 1280 px what the person sees with the dropdown open (a full-page picture leaves it out);
    // at 390 px the full page shows it.
    await ensureOpen()
    await journeyScreenshot(ui.page, 'candidate-notification-read', 'desktop')
    await ui.page.setViewportSize(VIEWPORTS.mobile)
    await ui.page.locator('.app-shell-mobile').waitFor()
    await ensureOpen()
    await screenshot(ui.page, '/candidate/notification-read', 'mobile')
    await ui.page.setViewportSize(VIEWPORTS.desktop)
    await ui.page.locator('.app-shell-desktop').waitFor()
    await ensureOpen()
    await markUnread.click()
    await bellUnread(ui.page, 'above', unreadBefore)

    // the application now reads "Invited to interview" (accepted puts it at Interview, none booked yet),
    // with the employer's feedback
    await ui.page.keyboard.press('Escape')
    await ui.page.getByRole('button', { name: 'Refresh', exact: true }).click()
    const card = ui.page.locator('.cd-card', { has: ui.page.getByRole('heading', { level: 3, name: job.title, exact: true }) })
    await ui.page.waitForFunction(() => document.querySelector('.cd-card')?.textContent?.includes('Invited to interview'))
    expect(await card.innerText()).toContain(feedback)
  })
})

describe('a resume uploaded on the profile is the one the apply dialog starts with', () => {
  let job: Job
  const resumeName = 'sam-profile-cv.pdf'
  const ui = pagePerBlock(async () => {
    const employer = await demoLogin('employer')
    job = await ownOpenJob(employer)
    const candidate = await newCandidate({ name: 'Sam Profile', email: uniqueEmail('profile-resume'), password: 'Profile#Cv2026' })
    return signedInContext(browser(), 'candidate', candidate)
  })

  it('uploads on the profile, then applies with it without choosing anything', async () => {
    await ui.page.goto(`${BASE_URL}/candidate/dashboard/profile`)
    await ui.page.getByText('No resume uploaded yet.').waitFor()
    await ui.page.getByLabel('Choose a resume (.pdf, .doc, .docx, under 5MB)').setInputFiles({
      name: resumeName,
      mimeType: 'application/pdf',
      buffer: RESUME_PDF,
    })
    const uploaded = ui.page.waitForResponse((r) => r.url().endsWith('/api/candidate/resume/upload'))
    await ui.page.getByRole('button', { name: 'Upload Resume' }).click()
    const reply = await uploaded
    expect(reply.status()).toBe(200)
    const { documentId } = (await reply.json()) as { documentId: string }
    await ui.page.getByText('Resume uploaded successfully').waitFor()
    // The copy is named once, under the profile's own resume; no other resume is listed.
    await ui.page.getByText(`In your Documents as “Resume - ${resumeName}”, ready to attach when you apply.`, { exact: false }).waitFor()
    expect(await ui.page.locator('.cd-resume-documents').count()).toBe(0)
    await screenshot(ui.page, '/candidate/profile-resume-copy', 'desktop')

    await ui.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Browse Jobs' }).click()
    await ui.page.getByLabel('Search jobs').fill(job.title)
    const card = ui.page.locator('.cd-card', { has: ui.page.getByRole('heading', { level: 3, name: job.title, exact: true }) }).first()
    await card.getByRole('button', { name: `Apply Now for ${job.title}` }).click()
    const dialog = ui.page.getByRole('dialog', { name: `Apply for ${job.title}` })
    await dialog.waitFor()
    const chosen = dialog.getByLabel('Choose an existing resume')
    // The documents answer after the dialog opens: the choice follows them.
    await eventually(async () => (await chosen.inputValue()) === documentId, 10_000, 'the profile resume chosen')

    const submitted = ui.page.waitForResponse((r) => r.url().endsWith('/api/applications/submit'))
    await dialog.getByRole('button', { name: 'Submit Application' }).click()
    const submit = await submitted
    expect(submit.status()).toBe(201)
    expect((submit.request().postDataJSON() as { resumeId?: string }).resumeId).toBe(documentId)
  })
})
