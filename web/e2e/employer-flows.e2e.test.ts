/**
 * Issue #9's end-to-end flows in Chromium, each step through the screens a person would use:
 * a new employer signs up, the admin approves it, it signs in and posts a job that reaches the
 * public board; a fresh candidate applies with a resume while the employer's board is open (the
 * card arrives live), the employer adds a private note, moves the card to Interview and books an
 * interview, and the candidate's open portal shows Interview booked and the interview without a reload;
 * the candidate is mailed a text/calendar invitation at the right time; the note's text never
 * reaches anything the candidate's browser receives. Also: the PDF viewer and the single-reject
 * feedback dialog (Cancel leaves the card; Reject, with the team's reason chosen, sends the
 * feedback the candidate then reads, and never the reason), with screenshots and axe at 1280 and
 * 390 px. The keyboard-only move is employer.e2e's.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_URL, api, apiLogin, BASE_URL, collectErrors, decodeQuotedPrintable, demoLogin, EMPLOYER_URL, eventually, jobBoard, MAIL_DIR, newContext,
  screenshot, seriousA11yViolations, uniqueEmail, VIEWPORT_NAMES, type LoginBody, signInThroughForm, browserPerFile,
  signedInContext, onePagePdf, chooseRejectionReason,
} from './support'
import { newCandidate } from './fixtures'
import { expectNoSidewaysScroll } from './layoutChecks'

/** The text/calendar part of a raw .eml, decoded (lettre picks 7bit, quoted-printable or base64). */
function calendarPart(raw: string): string | null {
  const at = raw.search(/Content-Type: text\/calendar/i)
  if (at < 0) return null
  const part = raw.slice(at)
  const headerEnd = part.search(/\r?\n\r?\n/)
  const headers = part.slice(0, headerEnd)
  const body = part.slice(headerEnd).replace(/^\s+/, '').split(/\r?\n--/)[0]
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body)
  return body
}

/** YYYY-MM-DD in Sydney, `days` from now. */
function sydneyDate(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000))
}

type Card = { id: string; candidate_name: string; stage: string; version: number }
type MyApplication = { id: string; status: string; feedback: string | null; interviews: { starts_at: string; status: string }[] }

const run = Date.now().toString(36)
const COMPANY = `Flows Pty Ltd ${run}`
const EMPLOYER = { name: 'Robin Flows', email: uniqueEmail('flows-employer'), password: 'Flows#Employer2026' }
const CANDIDATE = { name: `Casey Flows ${run}`, email: uniqueEmail('flows-candidate'), password: 'Flows#Candidate2026' }
const JOB_TITLE = `Platform Engineer ${run}`
const NOTE = `PRIVATE-NOTE-${run}-${Math.random().toString(36).slice(2, 10)}`
const REJECT_FEEDBACK = `Thank you for your time ${run}; we chose someone closer to Sydney.`
const RESUME = { name: `casey-resume-${run}.pdf`, buffer: onePagePdf('Casey Flows - Resume') }
const INTERVIEW = { date: sydneyDate(10), time: '10:30', duration: '45', place: 'Level 3, 1 Harbour St', video: 'https://meet.example.com/flows' }

const browser = browserPerFile()
let employerCtx: BrowserContext
let employerPage: Page
let candidateCtx: BrowserContext
let candidatePage: Page
let employer: LoginBody
let candidate: LoginBody
let jobId: string
let applicationId: string
const errorLists: string[][] = []
/** Every JSON body and socket frame the candidate's browser received, for the notes check. */
const candidateReceived: string[] = []

async function card(): Promise<Card | undefined> {
  const res = await api<{ applications: Card[] }>('GET', `/api/employer/jobs/${jobId}/pipeline`, { token: employer.token })
  return res.body.applications[0]
}

async function myApplication(): Promise<MyApplication | undefined> {
  const res = await api<MyApplication[]>('GET', '/api/applications/my-applications', { token: candidate.token })
  return res.body.find((a) => a.id === applicationId)
}

afterAll(() => {
  const errors = errorLists.flat()
  if (errors.length) console.log(`[employer-flows] browser errors:\n${errors.join('\n')}`)
})

describe('sign-up → approval → post', () => {
  it('a new employer registers on /signup', async () => {
    employerCtx = await newContext(browser())
    employerPage = await employerCtx.newPage()
    errorLists.push(collectErrors(employerPage))
    await employerPage.goto(`${EMPLOYER_URL}/signup`)
    await employerPage.getByLabel('Full Name').fill(EMPLOYER.name)
    await employerPage.getByLabel('Company').fill(COMPANY)
    await employerPage.getByLabel('Email Address').fill(EMPLOYER.email)
    await employerPage.getByLabel('Password', { exact: true }).fill(EMPLOYER.password)
    await employerPage.getByRole('button', { name: 'Register' }).click()
    await employerPage.getByText('awaiting approval').waitFor()
    expect((await api('POST', '/api/auth/employer/login', { json: { email: EMPLOYER.email, password: EMPLOYER.password } })).status).toBe(403)
  })

  it('the admin approves it on the Employers screen', async () => {
    const admin = await demoLogin('admin')
    const ctx = await newContext(browser())
    try {
      await ctx.addInitScript(
        ([t, u]) => {
          localStorage.setItem('jwtToken', t)
          localStorage.setItem('adminUser', u)
        },
        [admin.token, JSON.stringify(admin.user)],
      )
      const page = await ctx.newPage()
      await page.goto(`${ADMIN_URL}/dashboard/employers?status=pending`)
      const approve = page.getByRole('button', { name: `Approve ${COMPANY}` })
      await approve.waitFor({ timeout: 20_000 })
      await approve.click()
      // approving asks first, saying what it does
      await page.getByRole('dialog', { name: `Approve ${COMPANY}?` }).getByRole('button', { name: 'Approve employer' }).click()
      await page.getByText(`${COMPANY} can now sign in and post jobs.`).waitFor()
    } finally {
      await ctx.close()
    }
  })

  it('the employer signs in and posts a job that reaches the public board', async () => {
    const page = employerPage
    await signInThroughForm(page, `${EMPLOYER_URL}/login`, EMPLOYER, `${EMPLOYER_URL}/dashboard`)
    employer = await apiLogin('employer', EMPLOYER.email, EMPLOYER.password)

    await page.goto(`${EMPLOYER_URL}/dashboard/jobs/new`)
    await page.getByRole('heading', { level: 1, name: 'Post a job' }).waitFor()
    await page.getByLabel('Job title').fill(JOB_TITLE)
    await page.getByLabel('Location').selectOption({ index: 1 })
    await page.getByLabel('Specialisation').selectOption('Cloud + Infrastructure')
    await page.getByLabel('About the role').fill('Build the paved road for our product teams.')
    await page.getByLabel('Responsibilities').fill('Own the CI platform\nRun the Kubernetes clusters')
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.waitForURL(`${EMPLOYER_URL}/dashboard`)
    await page.getByRole('link', { name: JOB_TITLE, exact: true }).waitFor()

    const job = await eventually(async () => (await jobBoard()).find((j) => j.title === JOB_TITLE), 10_000, 'the job on the public board')
    jobId = job.id
    expect(job.company).toBe(COMPANY)
    const pub = await newContext(browser())
    try {
      const p = await pub.newPage()
      await p.goto(`${BASE_URL}/jobs/${jobId}`)
      await p.getByRole('heading', { level: 1, name: JOB_TITLE }).waitFor()
    } finally {
      await pub.close()
    }
  })
})

describe('apply → live → interview', () => {
  beforeAll(async () => {
    candidate = await newCandidate(CANDIDATE)
    candidateCtx = await signedInContext(browser(), 'candidate', candidate)
    candidatePage = await candidateCtx.newPage()
    errorLists.push(collectErrors(candidatePage))
    candidatePage.on('response', async (r) => {
      if (!(r.headers()['content-type'] ?? '').includes('json')) return
      candidateReceived.push(await r.text().catch(() => ''))
    })
    candidatePage.on('websocket', (ws) => ws.on('framereceived', (f) => candidateReceived.push(String(f.payload))))
    // the employer's board for the new job, open before anyone applies
    await employerPage.goto(`${EMPLOYER_URL}/dashboard/jobs/${jobId}`)
    await employerPage.getByText('No applicants yet').waitFor()
    await employerPage.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
  })

  it('the candidate applies with a resume; the open board shows the card without a reload', async () => {
    const page = candidatePage
    await page.goto(`${BASE_URL}/candidate/dashboard/jobs`)
    await page.getByLabel('Search jobs').fill(JOB_TITLE)
    const jobCard = page.locator('.cd-card', { has: page.getByRole('heading', { level: 3, name: JOB_TITLE, exact: true }) })
    await jobCard.getByRole('button', { name: `Apply Now for ${JOB_TITLE}` }).click()
    const dialog = page.getByRole('dialog', { name: `Apply for ${JOB_TITLE}` })
    await dialog.getByLabel('Or upload a new resume (.pdf, .doc, .docx)').setInputFiles({ name: RESUME.name, mimeType: 'application/pdf', buffer: RESUME.buffer })
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/applications/submit'))
    await dialog.getByRole('button', { name: 'Submit Application' }).click()
    const res = await submitted
    expect(res.status()).toBe(201)
    applicationId = ((await res.json()) as { id: string }).id
    await dialog.waitFor({ state: 'detached' })
    // the portal stays open on My Applications (a client-side move, no reload) for the rest
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Applications' }).click()
    await page.getByRole('region', { name: 'My Applications' }).getByRole('heading', { level: 3, name: JOB_TITLE }).waitFor()
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))

    await employerPage.getByRole('region', { name: /^New/ }).getByText(CANDIDATE.name).waitFor({ timeout: 15_000 })
    expect(await employerPage.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
  })

  it('the employer adds a private note, moves the card to Interview and books an interview', async () => {
    const page = employerPage
    await page.getByRole('button', { name: `Move ${CANDIDATE.name} to another stage` }).click()
    await page.getByRole('menu', { name: `Stages for ${CANDIDATE.name}` }).getByRole('menuitem', { name: 'Interview' }).click()
    await page.getByText(`${CANDIDATE.name} is now in Interview.`).waitFor()
    await eventually(async () => (await card())?.stage === 'interview', 10_000, 'the move on the server')

    await page.getByRole('region', { name: /^Interview/ }).getByRole('link', { name: CANDIDATE.name }).click()
    await page.waitForURL(`${EMPLOYER_URL}/dashboard/applicants/${applicationId}`)
    const notes = page.getByRole('region', { name: /Notes/ })
    await notes.getByLabel('New note').fill(NOTE)
    await notes.getByRole('button', { name: 'Add note' }).click()
    await notes.getByText(NOTE).waitFor()

    await page.getByRole('button', { name: 'Schedule an interview' }).click()
    const dialog = page.getByRole('dialog', { name: 'Schedule an interview' })
    await dialog.getByLabel('Date').fill(INTERVIEW.date)
    await dialog.getByLabel('Start time (Sydney)').fill(INTERVIEW.time)
    await dialog.getByLabel('Duration in minutes').fill(INTERVIEW.duration)
    await dialog.getByLabel('Place').fill(INTERVIEW.place)
    await dialog.getByLabel('Video link').fill(INTERVIEW.video)
    await dialog.getByLabel('Interviewers').fill('Robin Flows, Sam Lee')
    await dialog.getByRole('button', { name: 'Book and invite' }).click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('Interview booked').first().waitFor()
  })

  it('the candidate’s open portal shows Interview booked and the interview without a reload', async () => {
    const page = candidatePage
    const appCard = page.locator('.cd-card', { has: page.getByRole('heading', { level: 3, name: JOB_TITLE, exact: true }) })
    await appCard.getByText('Interview booked', { exact: true }).waitFor({ timeout: 15_000 })
    const interviews = appCard.getByRole('group', { name: `Interviews for ${JOB_TITLE}` })
    await interviews.waitFor({ timeout: 15_000 })
    const [y, m, d] = INTERVIEW.date.split('-').map(Number)
    const weekday = new Intl.DateTimeFormat('en-AU', { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)))
    const text = (await interviews.innerText()).replace(/\s+/g, ' ')
    expect(text).toMatch(new RegExp(`${weekday} ${d} \\w+,? 10:30 am AE[DS]T`))
    expect(text).toContain('45 minutes')
    expect(text).toContain(INTERVIEW.place)
    expect(text).toContain('Upcoming')
    expect(await interviews.getByRole('link', { name: /Join the video call/ }).getAttribute('href')).toBe(INTERVIEW.video)
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
  })

  it('the candidate is mailed a calendar invitation for that time', async () => {
    const startsAt = (await eventually(async () => (await myApplication())?.interviews[0]?.starts_at, 10_000, 'the interview'))!
    const utc = new Date(startsAt).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
    const ics = await eventually(
      () => {
        for (const file of readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml'))) {
          const raw = readFileSync(join(MAIL_DIR, file), 'utf8')
          if (!raw.includes(CANDIDATE.email)) continue
          const cal = calendarPart(raw)
          if (cal?.includes('BEGIN:VEVENT')) return cal
        }
        return null
      },
      15_000,
      `a mail with text/calendar to ${CANDIDATE.email} in ${MAIL_DIR}`,
    )
    const dtstart = /DTSTART(;TZID=Australia\/Sydney)?:(\d{8}T\d{6}Z?)/.exec(ics)
    expect(dtstart, ics).not.toBeNull()
    if (dtstart![1]) expect(dtstart![2]).toBe(`${INTERVIEW.date.replace(/-/g, '')}T${INTERVIEW.time.replace(':', '')}00`)
    else expect(dtstart![2]).toBe(utc)
    // and that instant is 10:30 in Sydney on the chosen day
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(startsAt))
    expect(local.replace(',', '')).toBe(`${INTERVIEW.date} ${INTERVIEW.time}`)
  })

  it('the private note never reaches the candidate: no page, JSON response or socket frame', async () => {
    const page = candidatePage
    const nav = page.getByRole('navigation', { name: 'Dashboard' })
    const seen: string[] = []
    for (const tab of ['Browse Jobs', 'My Applications', 'Documents', 'Profile']) {
      await nav.getByRole('link', { name: tab }).click()
      await page.waitForLoadState('networkidle')
      seen.push(await page.content())
    }
    await page.getByRole('button', { name: /^Notifications/ }).click()
    await page.getByRole('region', { name: 'Notifications' }).waitFor()
    await page.waitForLoadState('networkidle')
    seen.push(await page.content())
    await page.keyboard.press('Escape')
    expect(candidateReceived.length).toBeGreaterThan(5)
    expect(candidateReceived.filter((t) => t.includes(NOTE))).toEqual([])
    expect(seen.filter((t) => t.includes(NOTE))).toEqual([])
    // while the employer does see it
    const detail = await api<{ notes: { body: string }[] }>('GET', `/api/employer/applications/${applicationId}`, { token: employer.token })
    expect(detail.body.notes.map((n) => n.body)).toContain(NOTE)
  })
})

for (const viewport of VIEWPORT_NAMES) {
  describe(`changed screens @${viewport}`, () => {
    it('the candidate’s applications tab with an interview', async () => {
      const ctx = await signedInContext(browser(), 'candidate', candidate, viewport)
      try {
        const page = await ctx.newPage()
        await page.goto(`${BASE_URL}/candidate/dashboard/applications`)
        await page.getByRole('group', { name: `Interviews for ${JOB_TITLE}` }).waitFor()
        await page.waitForLoadState('networkidle')
        await expectNoSidewaysScroll(page, `applications @${viewport}`)
        await screenshot(page, 'flows/candidate-applications-interview', viewport)
        expect(await seriousA11yViolations(page, `applications with an interview @${viewport}`)).toEqual([])
      } finally {
        await ctx.close()
      }
    })

    it('the PDF viewer shows the resume and revokes its URL on close', async () => {
      const ctx = await signedInContext(browser(), 'employer', employer, viewport)
      try {
        const page = await ctx.newPage()
        await page.goto(`${EMPLOYER_URL}/dashboard/applicants/${applicationId}`)
        const docs = page.getByRole('region', { name: 'Documents' })
        await docs.getByRole('button', { name: /^View / }).click()
        const dialog = page.getByRole('dialog')
        await dialog.waitFor()
        const object = dialog.locator('object[type="application/pdf"]')
        await object.waitFor()
        const url = (await object.getAttribute('data'))!
        expect(url).toMatch(/^blob:/)
        // the blob is the PDF that was uploaded
        expect(await page.evaluate(async (u) => (await (await fetch(u)).text()).slice(0, 8), url)).toBe('%PDF-1.4')
        const box = (await object.boundingBox())!
        const vp = page.viewportSize()!
        expect(box.height).toBeGreaterThan(vp.height * 0.6)
        expect(box.x + box.width).toBeLessThanOrEqual(vp.width)
        await page.waitForTimeout(500)
        await page.screenshot({ path: `test-results/screenshots/flows_pdf-viewer-${viewport}.png`, animations: 'disabled' })
        expect(await seriousA11yViolations(page, `pdf viewer @${viewport}`)).toEqual([])
        await dialog.getByRole('button', { name: 'Close dialog' }).click()
        await dialog.waitFor({ state: 'detached' })
        expect(await page.evaluate(async (u) => fetch(u).then(() => 'readable', () => 'revoked'), url)).toBe('revoked')
        // the Download button is still there beside it
        await docs.getByRole('button', { name: /^Download / }).first().waitFor()
      } finally {
        await ctx.close()
      }
    })

    it('rejecting one card asks for feedback; Cancel leaves it where it was', async () => {
      const ctx = await signedInContext(browser(), 'employer', employer, viewport)
      try {
        const page = await ctx.newPage()
        await page.goto(`${EMPLOYER_URL}/dashboard/jobs/${jobId}`)
        const before = (await card())!
        await page.getByRole('button', { name: `Move ${CANDIDATE.name} to another stage` }).click()
        await page.getByRole('menu', { name: `Stages for ${CANDIDATE.name}` }).getByRole('menuitem', { name: 'Rejected' }).click()
        const dialog = page.getByRole('dialog', { name: `Reject ${CANDIDATE.name}?` })
        await dialog.waitFor()
        await expectNoSidewaysScroll(page, `reject dialog @${viewport}`)
        await screenshot(page, 'flows/reject-dialog', viewport)
        expect(await seriousA11yViolations(page, `reject dialog @${viewport}`)).toEqual([])
        await dialog.getByRole('button', { name: 'Cancel' }).click()
        await dialog.waitFor({ state: 'detached' })
        await page.getByRole('region', { name: /^Interview/ }).getByText(CANDIDATE.name).waitFor()
        await page.waitForTimeout(500)
        expect(await card()).toMatchObject({ stage: 'interview', version: before.version })
      } finally {
        await ctx.close()
      }
    })
  })
}

describe('rejecting with feedback', () => {
  it('from the list view, the feedback reaches the candidate’s open portal', async () => {
    const page = employerPage
    await page.goto(`${EMPLOYER_URL}/dashboard/jobs/${jobId}?view=list`)
    await page.getByRole('table').getByRole('link', { name: CANDIDATE.name }).waitFor()
    await page.getByRole('button', { name: `Move ${CANDIDATE.name} to another stage` }).click()
    await page.getByRole('menu', { name: `Stages for ${CANDIDATE.name}` }).getByRole('menuitem', { name: 'Rejected' }).click()
    const dialog = page.getByRole('dialog', { name: `Reject ${CANDIDATE.name}?` })
    await chooseRejectionReason(dialog, 'Location or work rights')
    await dialog.getByLabel(`Feedback for ${CANDIDATE.name} (optional)`).fill(REJECT_FEEDBACK)
    await dialog.getByRole('button', { name: 'Reject' }).click()
    await page.getByText(`We’ve emailed ${CANDIDATE.name} and updated their portal, with your feedback.`).waitFor()
    await eventually(async () => (await myApplication())?.status === 'rejected', 10_000, 'rejected on the server')
    expect((await myApplication())?.feedback).toBe(REJECT_FEEDBACK)

    const appCard = candidatePage.locator('.cd-card', { has: candidatePage.getByRole('heading', { level: 3, name: JOB_TITLE, exact: true }) })
    await candidatePage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Applications' }).click()
    await appCard.getByText(REJECT_FEEDBACK).waitFor({ timeout: 15_000 })
    await appCard.getByText('Not progressed', { exact: true }).waitFor()
    expect(candidateReceived.filter((t) => t.includes(NOTE))).toEqual([])
    // the team's reason is theirs alone: nothing the candidate's browser received names it
    expect(candidateReceived.filter((t) => t.includes('Location or work rights'))).toEqual([])
    await candidateCtx.close()
    await employerCtx.close()
  })
})
