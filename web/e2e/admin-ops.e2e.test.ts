/**
 * The admin operations screens in Chromium against the seeded demo data: the admin signs in; closes
 * a job with a reason and sees the reason on its row; follows the audit trail to that job's history
 * and views it as it was yesterday, then what the closing changed; rebuilds a projection and watches
 * its progress reach done; downloads the analytics CSV. Every screen at 1280 and 390 px: a title, no
 * sideways scrolling, no serious or critical axe findings, and a screenshot.
 *
 * The seed pins its clock to the past (jobs posted days ago), so "yesterday" is a real point in a
 * job's history: the job existed and was still open then.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_URL, api, DEMO, demoLogin, eventually, newContext, screenshot, seriousA11yViolations, VIEWPORT_NAMES, type LoginBody,
  signedInContext, type ViewportName, pagePerBlock, signInThroughForm, browserPerFile,
} from './support'
import { expectNoSidewaysScroll } from './layoutChecks'

type AdminJob = { id: string; title: string; company: string; status: string; applications: number; posted_at: string | null; closed_reason: string | null }
type AuditEvent = { position: number; stream_id: string; stream_version: number; event_type: string; recorded_at: string }
type Stream = { stream_id: string; kind: string; events: AuditEvent[] }
type Projections = { projectors: { name: string }[]; rebuild: null | { name: string; done: number; total: number; finished_at: string | null } }

const DAY = 24 * 3600 * 1000

const browser = browserPerFile()
let admin: LoginBody
/**
 * an open job without applicants, first recorded more than two days ago: it existed, open,
 * yesterday; and closing it takes nothing from the other files (the employer tests use the
 * demo employer's busiest job)
 */
let job: AdminJob

const auth = () => ({ token: admin.token })

const signedIn = (viewport: ViewportName = 'desktop') => signedInContext(browser(), 'admin', admin, viewport)

beforeAll(async () => {
  admin = await demoLogin('admin')
  const open = await api<AdminJob[]>('GET', '/api/admin/jobs?status=open', auth())
  expect(open.status).toBe(200)
  for (const j of open.body.filter((o) => o.applications === 0)) {
    const history = await api<Stream>('GET', `/api/admin/streams/job-${j.id}`, auth())
    const first = history.body.events?.[0]
    if (first && Date.now() - Date.parse(first.recorded_at) > 2 * DAY) {
      job = j
      break
    }
  }
  if (!job) throw new Error('the seed has no open job recorded more than two days ago')
})

describe('admin operations', () => {
  const reason = `Salary is below the award for this role (${Date.now().toString(36)})`
  const ui = pagePerBlock(() => newContext(browser()))

  it('signs in as the admin', async () => {
    await signInThroughForm(ui.page, `${ADMIN_URL}/login`, DEMO.admin, `${ADMIN_URL}/dashboard`)
  })

  it('closes a job with a reason and shows the reason on its row', async () => {
    await ui.page.goto(`${ADMIN_URL}/dashboard/jobs`)
    await ui.page.getByRole('table', { name: 'Jobs across clients' }).waitFor()
    // the filters live in the address bar
    await ui.page.getByLabel('Status').selectOption('open')
    await ui.page.getByRole('searchbox', { name: 'Search' }).fill(job.title)
    await ui.page.keyboard.press('Enter')
    await ui.page.waitForURL(/status=open/)
    expect(new URL(ui.page.url()).searchParams.get('q')).toBe(job.title)

    await ui.page.getByRole('button', { name: `Close ${job.title}` }).first().click()
    const dialog = ui.page.getByRole('dialog', { name: `Close ${job.title}` })
    await dialog.getByRole('button', { name: 'Close job' }).click()
    await dialog.getByText('Please give a reason').waitFor()
    expect(await seriousA11yViolations(ui.page, 'close job dialog')).toEqual([])
    await dialog.getByLabel('Reason for closing').fill(reason)
    await dialog.getByRole('button', { name: 'Close job' }).click()
    await dialog.waitFor({ state: 'detached' })

    await ui.page.getByLabel('Status').selectOption('closed')
    await ui.page.getByText(`Reason: ${reason}`).waitFor()
    const stored = await eventually(async () => {
      const res = await api<AdminJob[]>('GET', '/api/admin/jobs?status=closed', auth())
      return res.body.find((j) => j.id === job.id && j.closed_reason === reason)
    }, 10_000, 'the closed job with its reason')
    expect(stored.status).toBe('closed')
  })

  it('follows the audit trail to the job’s history and views it as it was yesterday', async () => {
    const streamId = `job-${job.id}`
    await ui.page.goto(`${ADMIN_URL}/dashboard/audit`)
    await ui.page.getByRole('list', { name: 'Events, newest first' }).waitFor()
    // "Older" pages back with the server's cursor, kept in the address bar
    const positions = () => ui.page.locator('.ops-event').evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.position)))
    const newest = await positions()
    await ui.page.getByRole('button', { name: 'Older' }).click()
    await ui.page.waitForURL(/before=\d+/)
    const cursor = Number(new URL(ui.page.url()).searchParams.get('before'))
    await expect.poll(async () => (await positions())[0]).toBeLessThan(cursor)
    expect(cursor).toBe(newest[newest.length - 1])
    await ui.page.getByRole('button', { name: 'Back to the newest' }).click()
    await expect.poll(async () => (await positions())[0]).toBe(newest[0])
    await ui.page.getByLabel('Record (stream id)').fill(streamId)
    await ui.page.getByRole('button', { name: 'Show events' }).click()
    await ui.page.waitForURL(/stream=job-/)
    const events = ui.page.getByRole('list', { name: 'Events, newest first' })
    // the newest event of the job is the closing, read as a sentence
    await events.getByText(`closed ${job.title} for the agency`, { exact: false }).first().waitFor()
    // the event's metadata and payload open on demand, the reason in the payload
    await events.getByText('Technical details').first().click()
    await events.getByText('Correlation id').first().waitFor()
    await events.getByLabel(/^Payload of event/).first().getByText(reason, { exact: false }).waitFor()
    expect(await seriousA11yViolations(ui.page, 'audit trail, filtered, an event open')).toEqual([])

    await events.getByRole('link', { name: 'Job history', exact: true }).first().click()
    await ui.page.waitForURL(`${ADMIN_URL}/dashboard/audit/streams/${streamId}`)
    const history = ui.page.getByRole('list', { name: 'Full history, oldest first' })
    await history.waitFor()
    const latest = (await api<Stream>('GET', `/api/admin/streams/${streamId}`, auth())).body.events.length

    await ui.page.getByRole('button', { name: 'Yesterday', exact: true }).click()
    await ui.page.waitForURL(/at=/)
    const travel = ui.page.getByRole('region', { name: 'As it was at a moment' })
    await travel.getByText(/Version \d+ of \d+/).waitFor()
    const state = travel.getByRole('table', { name: /^The record as it was at/ })
    // yesterday it was still open, and no reason had been given
    const open = state.getByRole('row').filter({ hasText: /^Open/ })
    await open.waitFor()
    expect(await open.innerText()).toContain('Yes')
    expect(await state.innerText()).not.toContain(reason)
    expect(await travel.innerText()).toContain(`of ${latest}`)

    // what the closing changed, from its own event
    await ui.page.getByRole('button', { name: /^What event \d+, Job closed by agency, changed$/ }).click()
    const compare = ui.page.getByRole('region', { name: 'What changed between two moments' })
    const changes = compare.getByRole('table', { name: 'What changed' })
    await changes.waitFor()
    expect(await changes.innerText()).toContain(reason)
    expect(await seriousA11yViolations(ui.page, 'stream with a past state and a diff')).toEqual([])
    await screenshot(ui.page, 'admin-ops/stream-time-travel', 'desktop')
  })

  it('rebuilds a projection and shows its progress until done', async () => {
    const status = await api<Projections>('GET', '/api/admin/projections', auth())
    const name = status.body.projectors[0].name
    const label = name.replace(/[_-]+/g, ' ')
    await ui.page.goto(`${ADMIN_URL}/dashboard/projections`)
    await ui.page.getByRole('table', { name: 'Projectors' }).waitFor()
    await ui.page.getByRole('button', { name: `Rebuild ${label}` }).click()
    const dialog = ui.page.getByRole('dialog', { name: `Rebuild ${label}?` })
    expect(await seriousA11yViolations(ui.page, 'rebuild dialog')).toEqual([])
    await dialog.getByRole('button', { name: 'Start the rebuild' }).click()
    await dialog.waitFor({ state: 'detached' })
    const panel = ui.page.getByRole('region', { name: new RegExp(`: ${label}$`) })
    await panel.getByText(/^Rebuilt: [\d,]+ events replayed$/).waitFor({ timeout: 60_000 })
    await expect.poll(() => panel.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')
    expect(await panel.innerText()).toContain('100%')
    await screenshot(ui.page, 'admin-ops/projections-rebuilt', 'desktop')
  })

  it('downloads the analytics as CSV', async () => {
    await ui.page.goto(`${ADMIN_URL}/dashboard/analytics`)
    await ui.page.locator('.recharts-surface').first().waitFor()
    // the job alerts' weekly figure sits with the others, its numbers in a table for screen readers
    await ui.page.getByRole('heading', { name: 'Job alerts per week' }).waitFor()
    await ui.page.getByRole('table', { name: 'Job alerts per week, weeks starting Monday', includeHidden: true }).waitFor({ state: 'attached' })
    const [download] = await Promise.all([ui.page.waitForEvent('download'), ui.page.getByRole('button', { name: 'Download CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/^applications.*\.csv$/)
  })
})

for (const viewport of VIEWPORT_NAMES) {
  describe(`admin operations screens @${viewport}`, () => {
    const ui = pagePerBlock(() => signedIn(viewport))

    it('each screen has its title, fits the screen and passes axe', async () => {
      const screens = [
        { name: 'jobs', path: '/dashboard/jobs', title: 'Jobs across clients', ready: () => ui.page.getByRole('table', { name: 'Jobs across clients' }).waitFor() },
        { name: 'applications', path: '/dashboard/applications', title: 'Applications', ready: () => ui.page.getByRole('table', { name: 'Applications across clients' }).waitFor() },
        { name: 'audit', path: '/dashboard/audit', title: 'Audit trail', ready: () => ui.page.getByRole('list', { name: 'Events, newest first' }).waitFor() },
        {
          name: 'stream',
          path: `/dashboard/audit/streams/job-${job.id}`,
          // headed by the job's title, not its id
          title: `${job.title} · Job history`,
          ready: () => ui.page.getByRole('list', { name: 'Full history, oldest first' }).waitFor(),
        },
        { name: 'projections', path: '/dashboard/projections', title: 'Projections', ready: () => ui.page.getByRole('table', { name: 'Projectors' }).waitFor() },
        { name: 'analytics', path: '/dashboard/analytics', title: 'Analytics', ready: () => ui.page.locator('.recharts-surface').first().waitFor() },
      ]
      for (const s of screens) {
        await ui.page.goto(`${ADMIN_URL}${s.path}`)
        await s.ready()
        await ui.page.waitForLoadState('networkidle')
        expect(await ui.page.title()).toMatch(new RegExp(`^${s.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`))
        await expectNoSidewaysScroll(ui.page, `${s.name} @${viewport}`)
        await screenshot(ui.page, `admin-ops/${s.name}`, viewport)
        expect(await seriousA11yViolations(ui.page, `admin ${s.name} @${viewport}`)).toEqual([])
      }
      // Six screens, each with an axe pass: on a loaded 2-core machine this
      // took over two minutes once, so it gets twice the usual budget.
    }, 240_000)
  })
}
