/**
 * The admin workspace's people and operations screens in Chromium against the seeded demo admin:
 * every screen at 1280 and 390 px (its h1, its content, no sideways scroll, a screenshot, no
 * serious or critical axe findings), then the recruiter's jobs: the overview counting a new
 * sign-up live, approving a pending employer who then signs in on the employer host, suspending
 * an employer while its workspace is open in another browser, and answering an enquiry by mail.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_URL, api, apiLogin, decodeQuotedPrintable, DEMO, demoLogin, EMPLOYER_URL, eventually, MAIL_DIR, newContext, screenshot, seriousA11yViolations,
  uniqueEmail, VIEWPORT_NAMES, type LoginBody, type ViewportName, signedInContext, pagePerBlock, signInThroughForm,
  browserPerFile,
} from './support'
import { expectNoSidewaysScroll } from './layoutChecks'

// from recruit/seed (employers.json, recruit/src/seed/agency.rs)
const EMPLOYER_PASSWORD = 'Employer1!'
const PENDING = { company: 'Wattle Analytics', email: 'hello@wattle.example' }
const TO_SUSPEND = { company: 'Opal Energy Networks', email: 'jobs@opalenergy.example' }
const UNANSWERED = { name: 'Marcus Webb', email: 'marcus.webb@example.net' }

const browser = browserPerFile()
let admin: LoginBody
let candidateId: string

const signedIn = (viewport: ViewportName = 'desktop', role: 'admin' | 'employer' = 'admin', login: LoginBody = admin) =>
  signedInContext(browser(), role, login, viewport)

beforeAll(async () => {
  admin = await demoLogin('admin')
  const found = await api<{ id: string; email: string }[]>('GET', `/api/admin/candidates?q=${encodeURIComponent(DEMO.candidate.email)}`, { token: admin.token })
  expect(found.status).toBe(200)
  candidateId = found.body.find((c) => c.email === DEMO.candidate.email)!.id
})

/** Each screen: its path, its h1, and a text that shows its content has loaded. */
const SCREENS = [
  { name: 'overview', path: () => '/dashboard', h1: 'Overview', ready: 'Recent activity', title: 'Overview' },
  { name: 'employers', path: () => '/dashboard/employers', h1: 'Employers', ready: PENDING.company, title: 'Employers' },
  { name: 'candidates', path: () => '/dashboard/candidates', h1: 'Candidates', ready: 'Sam Taylor', title: 'Candidates' },
  { name: 'candidate-record', path: () => `/dashboard/candidates/${candidateId}`, h1: 'Candidate record', ready: 'Who opened this record', title: 'Candidate record' },
  { name: 'inbox', path: () => '/dashboard/inbox', h1: 'Contact inbox', ready: UNANSWERED.name, title: 'Contact inbox' },
  { name: 'outbox', path: () => '/dashboard/outbox', h1: 'Mail outbox', ready: 'j.morrison@oldcompany.example', title: 'Mail outbox' },
  { name: 'reference', path: () => '/dashboard/reference', h1: 'Reference data', ready: 'Sydney CBD, NSW', title: 'Reference data' },
  { name: 'admins', path: () => '/dashboard/admins', h1: 'Admins', ready: 'Jordan Blake', title: 'Admins' },
] as const

for (const viewport of VIEWPORT_NAMES) {
  describe(`admin workspace screens @${viewport}`, () => {
    const ui = pagePerBlock(() => signedIn(viewport))

    for (const s of SCREENS) {
      it(`${s.name}: its heading and content, fits the screen, passes axe`, async () => {
        await ui.page.goto(`${ADMIN_URL}${s.path()}`)
        await ui.page.getByRole('heading', { level: 1, name: s.h1 }).waitFor()
        await ui.page.getByText(s.ready, { exact: false }).first().waitFor()
        await expect.poll(() => ui.page.locator('[aria-busy="true"]').count()).toBe(0)
        expect(await ui.page.title()).toContain(s.title)
        await expectNoSidewaysScroll(ui.page, `${s.name} @${viewport}`)
        await screenshot(ui.page, `admin/${s.name}`, viewport)
        expect(await seriousA11yViolations(ui.page, `admin ${s.name} @${viewport}`)).toEqual([])
      })
    }

    it('the candidate record says the visit is recorded and lists this opening', async () => {
      await ui.page.goto(`${ADMIN_URL}/dashboard/candidates/${candidateId}`)
      await ui.page.getByText('Your visit is recorded.').waitFor()
      const log = ui.page.getByRole('region', { name: 'Who opened this record' })
      await log.getByText('this visit').waitFor()
      expect(await log.innerText()).toContain(admin.user.name)
    })

    it('every section is reachable from the navigation, the team’s tools too', async () => {
      await ui.page.goto(`${ADMIN_URL}/dashboard`)
      await ui.page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
      const nav = ui.page.getByRole('navigation', { name: 'Admin workspace' })
      if (viewport === 'mobile') {
        await nav.getByRole('link', { name: 'More' }).click()
        await ui.page.getByRole('heading', { level: 1, name: 'All sections' }).waitFor()
        await expectNoSidewaysScroll(ui.page, 'more @mobile')
        await screenshot(ui.page, 'admin/more', viewport)
        expect(await seriousA11yViolations(ui.page, 'admin more @mobile')).toEqual([])
        const all = ui.page.getByRole('navigation', { name: 'All sections' })
        for (const label of ['Mail outbox', 'Jobs', 'Applications', 'Audit trail', 'Projections', 'Analytics', 'Reference data', 'Admins', 'Components']) {
          await all.getByRole('link', { name: new RegExp(`^${label}`) }).waitFor()
        }
      } else {
        for (const label of ['Overview', 'Employers', 'Candidates', 'Contact inbox', 'Mail outbox', 'Jobs', 'Applications', 'Audit trail', 'Analytics', 'Reference data', 'Admins']) {
          await nav.getByRole('link', { name: label, exact: true }).waitFor()
        }
        // projections and the component catalogue are for the team: at the sidebar's foot, not sections
        const tools = ui.page.getByRole('navigation', { name: 'Team tools' })
        for (const label of ['Projections', 'Components']) {
          expect(await nav.getByRole('link', { name: label }).count()).toBe(0)
          await tools.getByRole('link', { name: label, exact: true }).waitFor()
        }
        await tools.getByRole('link', { name: 'Projections', exact: true }).click()
        await ui.page.getByRole('heading', { level: 1, name: 'Projections' }).waitFor()
        await nav.getByRole('link', { name: 'Employers', exact: true }).click()
        await ui.page.getByRole('heading', { level: 1, name: 'Employers' }).waitFor()
      }
    })
  })
}

describe('admin workspace: what a recruiter does', () => {
  const ui = pagePerBlock(() => signedIn('desktop'))

  it('the overview counts a new employer sign-up without a reload', async () => {
    await ui.page.goto(`${ADMIN_URL}/dashboard`)
    const count = ui.page.locator('.adm-tile', { hasText: 'Employers awaiting approval' }).locator('.adm-tile-count')
    await count.waitFor()
    const before = Number(await count.innerText())
    // the server compares snapshots every 2 s once an admin's socket is in the room: the first
    // one is the baseline, so a change before it is not pushed. Let the socket join and one pass.
    await ui.page.waitForTimeout(3000)
    const reg = await api('POST', '/api/auth/employer/register', {
      json: { name: 'Pat Live', company: 'Live Update Pty Ltd', email: uniqueEmail('live'), password: EMPLOYER_PASSWORD, phone: '0412 000 111' },
    })
    expect(reg.status, JSON.stringify(reg.body)).toBe(201)
    await expect.poll(async () => Number(await count.innerText()), { timeout: 15_000 }).toBe(before + 1)
    // and the sign-up is in the recent activity
    await ui.page.getByRole('list', { name: 'Recent activity, newest first' }).getByText('Pat Live').first().waitFor({ timeout: 15_000 })
  })

  it('a pending employer is approved, then signs in on the employer host', async () => {
    await ui.page.goto(`${ADMIN_URL}/dashboard/employers?status=pending`)
    await ui.page.getByRole('tab', { name: 'Awaiting approval', selected: true }).waitFor()
    // before approval the employer is refused
    const refused = await api('POST', '/api/auth/employer/login', { json: { email: PENDING.email, password: EMPLOYER_PASSWORD } })
    expect(refused.status).toBe(403)
    await ui.page.getByRole('button', { name: `Approve ${PENDING.company}` }).click()
    const approving = ui.page.getByRole('dialog', { name: `Approve ${PENDING.company}?` })
    await approving.getByLabel('What did you check? (optional)').fill('ABN active on the register; called their listed number')
    await approving.getByRole('button', { name: 'Approve employer' }).click()
    await ui.page.getByText(`${PENDING.company} can now sign in and post jobs.`).waitFor()
    await expect.poll(() => ui.page.getByRole('button', { name: `Approve ${PENDING.company}` }).count()).toBe(0)
    // what was checked stays with the agency: the audit trail quotes it under the approval
    await ui.page.goto(`${ADMIN_URL}/dashboard/audit?type=EmployerApproved`)
    await ui.page.getByText('ABN active on the register; called their listed number').first().waitFor()

    const ectx = await newContext(browser())
    try {
      const epage = await ectx.newPage()
      await signInThroughForm(epage, `${EMPLOYER_URL}/login`, { email: PENDING.email, password: EMPLOYER_PASSWORD }, `${EMPLOYER_URL}/dashboard`)
      await epage.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor()
    } finally {
      await ectx.close()
    }
  })

  it('reject asks for a reason before it sends anything', async () => {
    await ui.page.goto(`${ADMIN_URL}/dashboard/employers?status=pending`)
    const other = ui.page.getByRole('button', { name: /^Reject / }).first()
    await other.click()
    const dialog = ui.page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Reject employer' }).click()
    await dialog.getByText('Please give a reason').waitFor()
    await screenshot(ui.page, 'admin/employers-reject-dialog', 'desktop')
    expect(await seriousA11yViolations(ui.page, 'admin reject dialog')).toEqual([])
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => ui.page.getByRole('dialog').count()).toBe(0)
  })

  it('suspending an employer takes away the access of its open workspace', async () => {
    const employer = await apiLogin('employer', TO_SUSPEND.email, EMPLOYER_PASSWORD)
    const ectx = await signedIn('desktop', 'employer', employer)
    try {
      const epage = await ectx.newPage()
      await epage.goto(`${EMPLOYER_URL}/dashboard`)
      await epage.getByRole('heading', { level: 1, name: 'Jobs' }).waitFor()
      await epage.getByRole('link', { name: 'Post a job' }).first().waitFor()

      await ui.page.goto(`${ADMIN_URL}/dashboard/employers?status=active&q=opal`)
      await ui.page.getByRole('button', { name: `Suspend ${TO_SUSPEND.company}` }).click()
      const dialog = ui.page.getByRole('dialog', { name: `Suspend ${TO_SUSPEND.company}?` })
      await dialog.getByText('signs Opal Energy Networks out straight away').waitFor()
      await dialog.getByLabel('Reason').fill('Listings advertised roles that do not exist. Please call us to talk it through.')
      await dialog.getByRole('button', { name: 'Suspend and sign out' }).click()
      await ui.page.getByText(`${TO_SUSPEND.company} has been signed out and their jobs are off the board.`).waitFor()

      // the open workspace's token is refused from now on
      const res = await api('GET', '/api/employer/jobs', { token: employer.token })
      expect(res.status).toBe(403)
      await epage.getByRole('link', { name: 'Company profile' }).first().click()
      await epage.getByText('Your employer account is suspended').first().waitFor({ timeout: 15_000 })
      await screenshot(epage, 'admin/suspended-employer-view', 'desktop')

      // and reinstating brings the employer back (after signing in again)
      await ui.page.goto(`${ADMIN_URL}/dashboard/employers?status=suspended`)
      await ui.page.getByRole('button', { name: `Reinstate ${TO_SUSPEND.company}` }).click()
      await ui.page.getByRole('dialog', { name: `Reinstate ${TO_SUSPEND.company}?` }).getByRole('button', { name: 'Reinstate employer' }).click()
      await ui.page.getByText(`${TO_SUSPEND.company} can sign in again`).waitFor()
      const again = await api('POST', '/api/auth/employer/login', { json: { email: TO_SUSPEND.email, password: EMPLOYER_PASSWORD } })
      expect(again.status).toBe(200)
    } finally {
      await ectx.close()
    }
  })

  it('answers an enquiry by mail from the inbox', async () => {
    await ui.page.goto(`${ADMIN_URL}/dashboard/inbox`)
    const card = ui.page.getByRole('listitem').filter({ has: ui.page.getByRole('heading', { name: UNANSWERED.name }) })
    await card.getByRole('button', { name: `Reply to ${UNANSWERED.name}` }).click()
    const form = card.getByRole('form', { name: `Reply to ${UNANSWERED.name}` })
    await form.getByRole('button', { name: 'Send reply' }).click()
    await form.getByText('Reply is required').waitFor()
    const text = `Thanks Marcus, the hiring manager is reviewing applications this week. Reference ${Date.now()}.`
    await form.getByLabel(`Your reply to ${UNANSWERED.name}`).fill(text)
    await form.getByRole('button', { name: 'Send reply' }).click()
    await ui.page.getByText(`We emailed your reply to ${UNANSWERED.email}.`).waitFor()
    await card.getByText('Replied once').waitFor()

    const mail = await eventually(
      () => {
        for (const file of readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml'))) {
          const raw = readFileSync(join(MAIL_DIR, file), 'utf8')
          if (!raw.includes(`To: ${UNANSWERED.email}`)) continue
          const body = decodeQuotedPrintable(raw).replace(/\r?\n/g, ' ')
          if (body.includes(text.slice(0, 40))) return body
        }
        return null
      },
      20_000,
      `the reply to ${UNANSWERED.email} in ${MAIL_DIR}`,
    )
    expect(mail).toContain('Hi Marcus')

    // assign it, then mark it handled: it leaves the open list
    // choosing someone saves nothing until Assign is pressed
    await card.getByLabel('Assigned to').selectOption({ label: `${admin.user.name} (you)` })
    await card.getByRole('button', { name: `Assign ${UNANSWERED.name}’s enquiry` }).click()
    await ui.page.getByText(`${UNANSWERED.name}’s enquiry is now with you.`).waitFor()
    await card.getByRole('button', { name: `Mark ${UNANSWERED.name}’s enquiry handled` }).click()
    await ui.page.getByText('Marked as handled').first().waitFor()
    await expect.poll(() => ui.page.getByRole('heading', { name: UNANSWERED.name }).count()).toBe(0)
  })

  it('removing yourself is not offered; adding an admin checks the password rule, and needs two-factor sign-in first', async () => {
    await ui.page.goto(`${ADMIN_URL}/dashboard/admins`)
    await ui.page.getByText('Your own account is managed above').waitFor()
    expect(await ui.page.getByRole('button', { name: `Remove ${admin.user.name}` }).count()).toBe(0)
    const form = ui.page.getByRole('region', { name: 'Add an admin' })
    await form.getByLabel('Full name').fill('Casey Recruiter')
    const email = uniqueEmail('casey')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Temporary password').fill('weakpass')
    await form.getByRole('button', { name: 'Add admin' }).click()
    await form.getByText('Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character').waitFor()
    await form.getByLabel('Temporary password').fill('Harbour#2026')
    await form.getByRole('button', { name: 'Add admin' }).click()
    // the demo admin signs in with a password alone (development); adding an admin needs a recent
    // code (issue 26): said plainly, no code asked for, nothing added (sessions.e2e adds one with it)
    await form.getByRole('alert').filter({ hasText: 'Turn on two-factor sign-in first' }).waitFor()
    expect(await ui.page.getByRole('dialog', { name: 'Confirm it’s you' }).count()).toBe(0)
    expect(await ui.page.getByText('Casey Recruiter', { exact: true }).count()).toBe(0)
  })
})
