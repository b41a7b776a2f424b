/**
 * The employer workspace (issue #9) in Chromium against the seeded demo employer: sign in, jobs with
 * counts per stage, a board where a card moves by the keyboard-only "Move to…" path and another
 * moves live when a colleague moves it, an applicant with a new private note, a job posted from the
 * form that reaches the public board, and every employer screen at 1280 and 390 px with a
 * screenshot, no sideways overflow and no serious or critical axe findings.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  api, DEMO, demoLogin, EMPLOYER_URL, eventually, jobBoard, newContext, screenshot, seriousA11yViolations, VIEWPORT_NAMES, type LoginBody,
  signedInContext, type ViewportName, pagePerBlock, signInThroughForm, browserPerFile,
} from './support'
import { expectNoSidewaysScroll } from './layoutChecks'

type Counts = { new: number; screening: number; interview: number; offer: number; hired: number; rejected: number; total: number }
type EmployerJob = { id: string; title: string; status: string; applications: Counts }
type Card = { id: string; candidate_name: string; stage: string; version: number }
type Pipeline = { counts: Counts; applications: Card[] }

const browser = browserPerFile()
let employer: LoginBody
let busiest: EmployerJob

async function pipeline(jobId: string): Promise<Pipeline> {
  const res = await api<Pipeline>('GET', `/api/employer/jobs/${jobId}/pipeline`, { token: employer.token })
  expect(res.status).toBe(200)
  return res.body
}

/** The seed erases one applicant (their card reads "Erased person"): tests that find a card by name skip them. */
const named = (a: Card) => a.candidate_name !== '[erased]'

const signedIn = (viewport: ViewportName = 'desktop') => signedInContext(browser(), 'employer', employer, viewport)

beforeAll(async () => {
  employer = await demoLogin('employer')
  const jobs = await api<EmployerJob[]>('GET', '/api/employer/jobs', { token: employer.token })
  busiest = jobs.body.filter((j) => j.status === 'open').sort((a, b) => b.applications.total - a.applications.total)[0]
  if (!busiest || busiest.applications.new === 0 || busiest.applications.screening === 0) throw new Error('the seed has no open job with New and Screening applicants')
})

describe('employer workspace', () => {
  const ui = pagePerBlock(() => newContext(browser()))

  it('signs in and lists the jobs with applicants per stage', async () => {
    await signInThroughForm(ui.page, `${EMPLOYER_URL}/login`, DEMO.employer, `${EMPLOYER_URL}/dashboard`)
    await ui.page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor()
    const counts = ui.page.getByRole('list', { name: `Applicants for ${busiest.title} by stage` })
    await counts.waitFor()
    const text = (await counts.innerText()).replace(/\s+/g, ' ')
    expect(text).toContain(`${busiest.applications.new} New`)
    expect(text).toContain(`${busiest.applications.interview} Interview`)
    await ui.page.getByRole('link', { name: `Applicants for ${busiest.title} (${busiest.applications.total})` }).first().waitFor()
  })

  it('moves a card with the keyboard only, through its Move to… menu', async () => {
    const before = await pipeline(busiest.id)
    const card = before.applications.find((a) => a.stage === 'new' && named(a))!
    await ui.page.getByRole('link', { name: busiest.title, exact: true }).click()
    await ui.page.waitForURL(`${EMPLOYER_URL}/dashboard/jobs/${busiest.id}`)
    await ui.page.getByRole('heading', { level: 1, name: busiest.title }).waitFor()
    const newColumn = ui.page.getByRole('region', { name: /^New/ })
    await newColumn.getByText(card.candidate_name).waitFor()

    await ui.page.getByRole('button', { name: `Move ${card.candidate_name} to another stage` }).focus()
    await ui.page.keyboard.press('Enter')
    // the menu opens with the first stage focused: Screening
    await expect.poll(() => ui.page.evaluate(() => document.activeElement?.textContent)).toBe('Screening')
    await ui.page.keyboard.press('Enter')
    await ui.page.getByText(`${card.candidate_name} is now in Screening.`).waitFor()
    await ui.page.getByRole('region', { name: /^Screening/ }).getByText(card.candidate_name).waitFor()
    await eventually(async () => (await pipeline(busiest.id)).applications.find((a) => a.id === card.id)?.stage === 'screening', 10_000, 'the move on the server')
  })

  it('shows a colleague’s move on the open board without a reload', async () => {
    const now = await pipeline(busiest.id)
    const other = now.applications.find((a) => a.stage === 'screening' && named(a))!
    const moved = await api('POST', `/api/employer/applications/${other.id}/move`, { token: employer.token, json: { stage: 'new', version: other.version } })
    expect(moved.status).toBe(200)
    await ui.page.getByRole('region', { name: /^New/ }).getByText(other.candidate_name).waitFor({ timeout: 5_000 })
  })

  it('opens an applicant and adds a private note', async () => {
    const card = (await pipeline(busiest.id)).applications.find((a) => a.stage === 'screening' && named(a))!
    await ui.page.getByRole('region', { name: /^Screening/ }).getByRole('link', { name: card.candidate_name }).first().click()
    await ui.page.waitForURL(`${EMPLOYER_URL}/dashboard/applicants/${card.id}`)
    await ui.page.getByRole('heading', { level: 1, name: card.candidate_name }).waitFor()
    const notes = ui.page.getByRole('region', { name: /Notes/ })
    await notes.getByText('Private to your hiring team').waitFor()
    const text = `Strong systems background; ask about on-call ${Date.now()}`
    await notes.getByLabel('New note').fill(text)
    await notes.getByRole('button', { name: 'Add note' }).click()
    await notes.getByText(text).waitFor()
    // stored on the server (its read model may trail the page's own read by a moment)
    await eventually(async () => {
      const detail = await api<{ notes: { body: string }[] }>('GET', `/api/employer/applications/${card.id}`, { token: employer.token })
      return detail.body.notes.some((n) => n.body === text)
    }, 10_000, 'the note on the server')
  })

  it('posts a job from the form and it reaches the public board', async () => {
    const title = `Site Reliability Engineer ${Date.now().toString(36)}`
    await ui.page.goto(`${EMPLOYER_URL}/dashboard/jobs/new`)
    await ui.page.getByRole('heading', { level: 1, name: 'Post a job' }).waitFor()
    // the form names what is missing before the server sees it
    await ui.page.getByRole('button', { name: 'Publish' }).click()
    await ui.page.getByText('Give the job a title').waitFor()
    await ui.page.getByLabel('Job title').fill(title)
    await ui.page.getByLabel('Location').selectOption({ index: 1 })
    await ui.page.getByLabel('Specialisation').selectOption('Cloud + Infrastructure')
    await ui.page.getByLabel('About the role').fill('Keep our platform fast and calm.\n\nYou will own on-call tooling.')
    await ui.page.getByLabel('Responsibilities').fill('Run incident reviews\nAutomate toil')
    // the preview draws what is typed
    const preview = ui.page.getByRole('region', { name: 'Preview: how applicants will see it' })
    await preview.getByText(title).waitFor()
    await preview.getByText('Automate toil').waitFor()
    await ui.page.getByRole('button', { name: 'Publish' }).click()
    await ui.page.waitForURL(`${EMPLOYER_URL}/dashboard`)
    await ui.page.getByRole('link', { name: title, exact: true }).waitFor()
    await eventually(async () => (await jobBoard()).some((j) => j.title === title), 10_000, 'the job on the public board')
  })
})

for (const viewport of VIEWPORT_NAMES) {
  describe(`employer screens @${viewport}`, () => {
    const ui = pagePerBlock(() => signedIn(viewport))

    it('each screen has its heading, fits the screen and passes axe', async () => {
      // other suites add applicants to the demo jobs: pick one whose name is theirs alone
      const cards = (await pipeline(busiest.id)).applications
      const alone = (a: Card) => cards.filter((b) => b.candidate_name === a.candidate_name).length === 1
      const applicant = cards.find((a) => a.stage === 'interview' && named(a) && alone(a))!
      const screens = [
        { name: 'jobs', path: '/dashboard', h1: 'Jobs' },
        { name: 'job-new', path: '/dashboard/jobs/new', h1: 'Post a job' },
        { name: 'job-edit', path: `/dashboard/jobs/${busiest.id}/edit`, h1: `Edit ${busiest.title}` },
        { name: 'board', path: `/dashboard/jobs/${busiest.id}`, h1: busiest.title },
        { name: 'list', path: `/dashboard/jobs/${busiest.id}?view=list`, h1: busiest.title, ready: 'table' },
        { name: 'applicant', path: `/dashboard/applicants/${applicant.id}`, h1: applicant.candidate_name },
        { name: 'company', path: '/dashboard/company', h1: 'Company profile', ready: 'Save profile' },
        { name: 'report', path: `/dashboard/jobs/${busiest.id}/report`, h1: `Report: ${busiest.title}`, ready: 'chart' },
      ]
      for (const s of screens) {
        await ui.page.goto(`${EMPLOYER_URL}${s.path}`)
        await ui.page.getByRole('heading', { level: 1, name: s.h1, exact: true }).waitFor()
        if (s.ready === 'table') await ui.page.getByRole('table').waitFor()
        if (s.ready === 'Save profile') await ui.page.getByRole('button', { name: 'Save profile' }).waitFor()
        if (s.ready === 'chart') await ui.page.locator('.recharts-surface').first().waitFor()
        await ui.page.waitForLoadState('networkidle')
        await expectNoSidewaysScroll(ui.page, `${s.name} @${viewport}`)
        await screenshot(ui.page, `employer/${s.name}`, viewport)
        expect(await seriousA11yViolations(ui.page, `employer ${s.name} @${viewport}`)).toEqual([])
      }
    })

    it('the dialogs fit the screen and pass axe', async () => {
      // other suites add applicants to the demo jobs: pick one whose name is theirs alone
      const cards = (await pipeline(busiest.id)).applications
      const alone = (a: Card) => cards.filter((b) => b.candidate_name === a.candidate_name).length === 1
      const applicant = cards.find((a) => a.stage === 'interview' && named(a) && alone(a))!
      await ui.page.goto(`${EMPLOYER_URL}/dashboard/applicants/${applicant.id}`)
      await ui.page.getByRole('button', { name: 'Schedule an interview' }).click()
      await ui.page.getByRole('dialog', { name: 'Schedule an interview' }).waitFor()
      await expectNoSidewaysScroll(ui.page, `interview dialog @${viewport}`)
      await screenshot(ui.page, 'employer/interview-dialog', viewport)
      // a full-page screenshot resizes the viewport: the dialog must survive it (AppShell keeps the page mounted)
      expect(await ui.page.getByRole('dialog', { name: 'Schedule an interview' }).count()).toBe(1)
      expect(await seriousA11yViolations(ui.page, `interview dialog @${viewport}`)).toEqual([])
      await ui.page.keyboard.press('Escape')

      await ui.page.goto(`${EMPLOYER_URL}/dashboard/jobs/${busiest.id}?view=list`)
      await ui.page.getByRole('table').getByRole('link', { name: applicant.candidate_name }).waitFor()
      await ui.page.waitForLoadState('networkidle')
      await ui.page.getByLabel(`Choose ${applicant.candidate_name}`).check()
      await ui.page.getByRole('button', { name: 'Reject 1 chosen' }).click()
      const dialog = ui.page.getByRole('dialog', { name: 'Reject 1 applicant' })
      await dialog.waitFor()
      await screenshot(ui.page, 'employer/bulk-reject-dialog', viewport)
      expect(await dialog.count()).toBe(1)
      expect(await seriousA11yViolations(ui.page, `bulk reject dialog @${viewport}`)).toEqual([])
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
    })
  })
}
