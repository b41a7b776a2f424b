/**
 * Issue 27, the hiring team (first half): a hiring manager screens applicants like they would in
 * Greenhouse or Lever, at 1280×800 and 390×844. They sign in, find a job in the jobs table by
 * searching its title, filter Closed then Open (the filter and search stay in the address), read
 * the row's applicants per stage, open its pipeline, read a card's days in stage and scorecard
 * rating, open a resume with one click, move an applicant with the card's one "Move to…" menu
 * and see them in the new column, drag them on by the card's handle, and read the same facts in
 * the list view; then reject them, choosing why (Reject without a reason asks for one) with a
 * note for the team, read that reason, in the server's words, on their card, the note among the
 * applicant's private notes, and the reason in the job's report. Found by labels,
 * roles and visible text; the buttons they press are inside the screen, and nothing scrolls
 * sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  api,
  browserPerFile,
  chooseRejectionReason,
  DEMO,
  demoLogin,
  EMPLOYER_URL,
  eventually,
  newContext,
  onePagePdf,
  pagePerBlock,
  screenshot,
  signInThroughForm,
  uniqueEmail,
  VIEWPORT_NAMES,
  type LoginBody,
  type ViewportName,
} from './support'
import { newApplicant, postJob } from './fixtures'
import { expectNoSidewaysScroll, expectInView } from './layoutChecks'

const browser = browserPerFile()
const JOB = 'Senior Rust Engineer'
const STAMP = Date.now().toString(36)
const CLOSED_JOB = `Rust Tooling Engineer ${STAMP}`

type Counts = Record<'new' | 'screening' | 'interview' | 'offer' | 'hired' | 'rejected' | 'total', number>
type EmployerJob = { id: string; title: string; status: string; applications: Counts }
type Card = { id: string; candidate_name: string; stage: string; stage_entered_at: string; rating: number | null; scorecards: number; resume_id: string | null; rejection_reason?: string | null }
type Report = { rejection_reasons: { reason: string; label: string; applications: number }[]; rejected_without_reason: number }
type Applicant = { notes: { body: string }[] }

let employer: LoginBody
let job: EmployerJob
/** One applicant with a PDF resume per screen size, so each run moves its own card. */
const applicants: Partial<Record<ViewportName, { id: string; name: string }>> = {}

const pipeline = async (jobId: string) => (await api<{ applications: Card[] }>('GET', `/api/employer/jobs/${jobId}/pipeline`, { token: employer.token })).body

async function applyWithResume(viewport: ViewportName): Promise<{ id: string; name: string }> {
  // a long name: the card keeps it to one line at 1280 px and gives the whole of it on hover
  const name = viewport === 'desktop' ? 'Alexandra Montgomery-Fitzwilliam' : 'Bartholomew Castellano-Nguyen'
  const who = { name, email: uniqueEmail(`hiring-${viewport}`), password: 'Candidate1!' }
  const resume = { fileName: `${name} resume.pdf`, pdf: onePagePdf(`${name}: Senior Rust Engineer`), title: 'Resume', description: '' }
  return { id: (await newApplicant(who, job.id, resume)).applicationId, name }
}

beforeAll(async () => {
  employer = await demoLogin('employer')
  const jobs = await api<EmployerJob[]>('GET', '/api/employer/jobs', { token: employer.token })
  job = jobs.body.find((j) => j.title === JOB && j.status === 'open')!
  if (!job) throw new Error(`the seed has no open ${JOB}`)
  // a closed job that the same search finds, for the filter
  const posted = await postJob(employer, { title: CLOSED_JOB, type: 'Contract', specialisation: 'Development + Testing', description: 'Build the tools our Rust teams use every day.' })
  expect((await api('POST', `/api/employer/jobs/${posted.id}/close`, { token: employer.token, json: {} })).status).toBe(200)
  for (const viewport of VIEWPORT_NAMES) applicants[viewport] = await applyWithResume(viewport)
  await eventually(
    async () => {
      const cards = (await pipeline(job.id)).applications
      return VIEWPORT_NAMES.every((v) => cards.some((c) => c.id === applicants[v]!.id))
    },
    10_000,
    'the new applicants on the board',
  )
})

// Other files pick applicants of this job by stage (a New one to move, an Interview one to open):
// ours end as not progressed, where none of them looks.
afterAll(async () => {
  for (const a of Object.values(applicants)) {
    const moved = await api('POST', `/api/employer/applications/${a.id}/move`, { token: employer.token, json: { stage: 'rejected' } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
  }
})

const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) })
const cardOf = (page: Page, name: string) => page.getByTestId('pipeline-card').filter({ has: page.getByRole('link', { name }) })
const shot = (page: Page, name: string, viewport: ViewportName) => screenshot(page, `journeys-hiring-${name}`, viewport)

for (const viewport of VIEWPORT_NAMES) {
  describe(`a hiring manager screens applicants @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))

    it('finds the job by searching the jobs table, and filters Closed and Open', async () => {
      const page = ui.page
      await signInThroughForm(page, `${EMPLOYER_URL}/login`, DEMO.employer, `${EMPLOYER_URL}/dashboard`)
      await page.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor()
      await rowOf(page, JOB).waitFor()
      await shot(page, 'jobs', viewport)

      await page.getByRole('searchbox', { name: 'Search jobs' }).fill('rust')
      await expect.poll(() => page.url(), { message: 'the search in the address' }).toMatch(/[?&]q=rust/)
      await rowOf(page, JOB).waitFor()
      await rowOf(page, CLOSED_JOB).waitFor()
      expect(await rowOf(page, 'Front-end Developer (React)').count(), 'a job without "rust" in its title').toBe(0)

      // the row counts applicants per stage, New to Hired
      const counts = rowOf(page, JOB).getByRole('list', { name: `Applicants for ${JOB} by stage` })
      const text = (await counts.innerText()).replace(/\s+/g, ' ')
      for (const [key, label] of [['new', 'New'], ['screening', 'Screening'], ['interview', 'Interview'], ['offer', 'Offer'], ['hired', 'Hired']] as const) {
        expect(text).toMatch(new RegExp(`\\d+ ${label}`))
        expect(Number(text.match(new RegExp(`(\\d+) ${label}`))![1]), `${label} count`).toBeGreaterThanOrEqual(key === 'new' ? 1 : 0)
      }

      // one primary action and a More menu per row, on screen
      const more = rowOf(page, JOB).getByRole('button', { name: `More actions for ${JOB}` })
      await expectInView(more, 'More', { vertically: false })
      await more.click()
      await page.getByRole('menu', { name: `More actions for ${JOB}` }).getByRole('menuitem', { name: 'Report' }).waitFor()
      await shot(page, 'jobs-more', viewport)
      await page.keyboard.press('Escape')

      await page.getByRole('group', { name: 'Show jobs' }).getByRole('button', { name: /^Closed/ }).click()
      await expect.poll(() => page.url(), { message: 'the filter in the address' }).toMatch(/status=closed/)
      await rowOf(page, CLOSED_JOB).waitFor()
      // the other job's row was already on screen: wait for the filter to take it away
      await expect.poll(() => rowOf(page, JOB).count(), { message: 'an open job under Closed' }).toBe(0)
      await rowOf(page, CLOSED_JOB).getByRole('button', { name: `Reopen ${CLOSED_JOB}` }).waitFor()
      await shot(page, 'jobs-closed', viewport)

      // the address keeps the search and the filter through a reload
      await page.reload()
      await rowOf(page, CLOSED_JOB).waitFor()
      expect(await page.getByRole('searchbox', { name: 'Search jobs' }).inputValue()).toBe('rust')

      await page.getByRole('group', { name: 'Show jobs' }).getByRole('button', { name: /^Open/ }).click()
      await expect.poll(() => page.url(), { message: 'the filter in the address' }).toMatch(/status=open/)
      await rowOf(page, JOB).waitFor()
      await expect.poll(() => rowOf(page, CLOSED_JOB).count(), { message: 'a closed job under Open' }).toBe(0)
      await expectInView(rowOf(page, JOB).getByRole('link', { name: `Applicants for ${JOB} (` }), 'Applicants', { vertically: false })
      await expectNoSidewaysScroll(page, `jobs @${viewport}`)
    })

    it('opens the pipeline and reads a card’s days in stage and its scorecards’ rating', async () => {
      const page = ui.page
      await rowOf(page, JOB).getByRole('link', { name: JOB, exact: true }).click()
      await page.waitForURL(`${EMPLOYER_URL}/dashboard/jobs/${job.id}`)
      await page.getByRole('heading', { level: 1, name: JOB }).waitFor()

      // a seeded applicant with a scorecard, moved days ago, and a name to find the card by (the seed
      // erases one rated applicant, whose card says "Erased person" instead)
      const rated = (await pipeline(job.id)).applications.find(
        (c) => c.rating !== null && c.scorecards > 0 && Date.now() - Date.parse(c.stage_entered_at) > 86_400_000 && !!c.candidate_name && c.candidate_name !== '[erased]',
      )
      expect(rated, 'a rated card in its stage for a day or more').toBeTruthy()
      const days = Math.floor((Date.now() - Date.parse(rated!.stage_entered_at)) / 86_400_000)
      const card = cardOf(page, rated!.candidate_name).first()
      await card.getByText(`${days} day${days === 1 ? '' : 's'} in stage`).waitFor()
      const rating = String(Math.round(rated!.rating! * 10) / 10)
      await card.getByText(`Rated ${rating} out of 5 (${rated!.scorecards} scorecard${rated!.scorecards === 1 ? '' : 's'})`).waitFor({ state: 'attached' })
      expect(await card.innerText()).toContain(rating)

      // one Move to… per card, not a button per stage
      expect(await card.getByRole('button', { name: /^Move .* to another stage$/ }).count()).toBe(1)
      expect(await card.getByRole('button', { name: 'Interview', exact: true }).count()).toBe(0)

      const mine = applicants[viewport]!
      const myCard = cardOf(page, mine.name)
      await myCard.getByText('Under a day in stage').waitFor()
      if (viewport === 'desktop') {
        // the long name keeps to one line and gives the whole name on hover
        const nameBox = myCard.locator('.emp-card-name')
        expect(await nameBox.getAttribute('title')).toBe(mine.name)
        const { lines, cut } = await nameBox.evaluate((el) => ({ lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)), cut: el.scrollWidth > el.clientWidth }))
        expect(lines, 'the name on one line').toBe(1)
        expect(cut, 'a name longer than the card is cut with an ellipsis').toBe(true)
      }
      await shot(page, 'board', viewport)
      await expectNoSidewaysScroll(page, `board @${viewport}`)
    })

    it('opens a resume with one click', async () => {
      const page = ui.page
      const mine = applicants[viewport]!
      const open = cardOf(page, mine.name).getByRole('button', { name: `Open ${mine.name}’s resume` })
      await expectInView(open, 'the resume button', { vertically: false })
      await open.click()
      const viewer = page.getByRole('dialog', { name: `${mine.name}’s resume` })
      await viewer.waitFor()
      await viewer.getByText(`${mine.name} resume.pdf`, { exact: true }).waitFor()
      await viewer.getByRole('button', { name: 'Download' }).waitFor()
      await shot(page, 'resume', viewport)
      await viewer.getByRole('button', { name: 'Close dialog' }).click()
      await viewer.waitFor({ state: 'detached' })
    })

    it('moves the card with its Move to… menu and sees it in the new column', async () => {
      const page = ui.page
      const mine = applicants[viewport]!
      const move = cardOf(page, mine.name).getByRole('button', { name: `Move ${mine.name} to another stage` })
      await expectInView(move, 'Move to…', { vertically: false })
      await move.click()
      const stages = page.getByRole('menu', { name: `Stages for ${mine.name}` })
      await expectInView(stages.getByRole('menuitem', { name: 'Screening' }), 'the Screening choice', { vertically: false })
      await shot(page, 'move-menu', viewport)
      await stages.getByRole('menuitem', { name: 'Screening' }).click()
      await page.getByText(`${mine.name} is now in Screening.`).waitFor()
      const screening = page.getByRole('region', { name: /^Screening/ })
      await screening.getByRole('link', { name: mine.name }).waitFor()
      await screening.getByTestId('pipeline-card').filter({ has: page.getByRole('link', { name: mine.name }) }).getByText('Under a day in stage').waitFor()
      expect(await page.getByRole('region', { name: /^New/ }).getByRole('link', { name: mine.name }).count()).toBe(0)
      await eventually(async () => (await pipeline(job.id)).applications.find((c) => c.id === mine.id)?.stage === 'screening', 10_000, 'the move on the server')
      await expectNoSidewaysScroll(page, `board after the move @${viewport}`)
    })

    it('drags the card by its handle to the next column', async () => {
      const page = ui.page
      const mine = applicants[viewport]!
      const grip = page.getByRole('button', { name: `Drag ${mine.name}` })
      const target = page.getByRole('region', { name: /^Interview/ })
      // on a phone Interview is the column under Screening: bring its heading into view with the card
      await target.getByRole('heading').scrollIntoViewIfNeeded()
      await expectInView(grip, 'the drag handle', { vertically: false })
      const from = (await grip.boundingBox())!
      const to = (await target.boundingBox())!
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
      await page.mouse.down()
      await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 })
      await page.mouse.move(to.x + to.width / 2, to.y + 30, { steps: 12 })
      await page.mouse.up()
      await page.getByText(`${mine.name} is now in Interview.`).waitFor()
      await target.getByRole('link', { name: mine.name }).waitFor()
    })

    it('reads the same days in stage and rating in the list view', async () => {
      const page = ui.page
      await page.getByRole('tab', { name: 'List' }).click()
      const table = page.getByRole('table', { name: `Applicants for ${JOB}` })
      await table.getByRole('columnheader', { name: 'In stage' }).waitFor({ state: 'attached' })
      await table.getByRole('columnheader', { name: 'Rating' }).waitFor({ state: 'attached' })
      const mine = applicants[viewport]!
      const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: mine.name }) })
      await row.getByText('Under a day').waitFor()
      await row.getByText('None yet').waitFor()
      await shot(page, 'list', viewport)
      await expectNoSidewaysScroll(page, `list @${viewport}`)
    })

    it('rejects them with a reason and a note for the team, and reads them on their card, their page and in the job’s report', async () => {
      const page = ui.page
      const mine = applicants[viewport]!
      const note = `Wants well above the band; worth a call for the lead role (${viewport} ${STAMP})`
      const saved = `Rejected (Salary expectations): ${note}`
      await page.getByRole('tab', { name: 'Board' }).click()
      await cardOf(page, mine.name).getByRole('button', { name: `Move ${mine.name} to another stage` }).click()
      await page.getByRole('menu', { name: `Stages for ${mine.name}` }).getByRole('menuitem', { name: 'Rejected' }).click()
      const dialog = page.getByRole('dialog', { name: `Reject ${mine.name}?` })
      // Reject without a reason asks for one, on the field, and sends nothing
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click()
      await dialog.getByRole('alert').filter({ hasText: 'Choose a reason' }).waitFor()
      expect((await pipeline(job.id)).applications.find((c) => c.id === mine.id)?.stage, 'nothing sent without a reason').not.toBe('rejected')
      await chooseRejectionReason(dialog, 'Salary expectations')
      await dialog.getByLabel('Note for your team (optional)').fill(note)
      await shot(page, 'reject-dialog', viewport)
      await dialog.getByRole('button', { name: 'Reject', exact: true }).click()
      await dialog.waitFor({ state: 'detached' })

      // the card in Rejected says why, quietly, in the server's words
      const rejected = page.getByRole('region', { name: /^Rejected/ })
      await rejected.getByTestId('pipeline-card').filter({ has: page.getByRole('link', { name: mine.name }) }).getByText('Salary expectations').waitFor()
      await eventually(
        async () => (await pipeline(job.id)).applications.find((c) => c.id === mine.id)?.rejection_reason === 'salary',
        10_000,
        'the rejection and its reason on the server',
      )
      await eventually(
        async () => (await api<Report>('GET', `/api/employer/jobs/${job.id}/report`, { token: employer.token })).body.rejection_reasons.some((r) => r.reason === 'salary'),
        10_000,
        'the reason in the job’s report',
      )
      // the note, saved by the server with the rejection (one append), led by the reason's label
      await eventually(
        async () => (await api<Applicant>('GET', `/api/employer/applications/${mine.id}`, { token: employer.token })).body.notes.some((n) => n.body === saved),
        10_000,
        'the team’s note on the server',
      )

      // their page lists it among the private notes; the job's link there leads back to the board
      await rejected.getByRole('link', { name: mine.name }).click()
      await page.waitForURL(`${EMPLOYER_URL}/dashboard/applicants/${mine.id}`)
      const notes = page.getByRole('region', { name: /Notes/ })
      await notes.getByText('Private to your hiring team').waitFor()
      await notes.getByText(saved, { exact: true }).waitFor()
      await shot(page, 'reject-note', viewport)
      await page.getByRole('region', { name: /^Stage:/ }).getByRole('link', { name: JOB, exact: true }).click()
      await page.waitForURL(`${EMPLOYER_URL}/dashboard/jobs/${job.id}`)

      // the job's report lists it among why applicants didn't go ahead, with its count
      await page.getByRole('link', { name: 'Report', exact: true }).click()
      await page.waitForURL(`${EMPLOYER_URL}/dashboard/jobs/${job.id}/report`)
      const reasons = page.getByRole('region', { name: 'Why applicants didn’t go ahead' })
      const salary = reasons.getByRole('listitem').filter({ hasText: 'Salary expectations' })
      await salary.waitFor()
      expect(Number((await salary.innerText()).match(/Salary expectations\s*(\d+)/)?.[1]), 'its count').toBeGreaterThanOrEqual(1)
      await shot(page, 'report-reasons', viewport)
      await expectNoSidewaysScroll(page, `report @${viewport}`)
    })
  })
}
