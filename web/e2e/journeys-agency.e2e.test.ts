/**
 * Issue 27, agency staff: a recruiter at the agency reads the audit trail like a person, at 1280×800
 * and 390×844. They sign in, read the overview's recent activity as sentences with names (no ids, no
 * "[erased]" placeholders), open one raw event, go to the full audit trail and page back, then
 * time-travel a job from the jobs list (paged, not one endless table): the record as a labelled table
 * and what an event changed as a before/after table, the raw JSON behind a toggle. Sign out is on
 * screen without scrolling the sidebar, the component gallery is not a section of the navigation,
 * and nothing sits past the screen's edge. Then an auditor's question, "what did Mei Chen do?", is
 * answered from her name (not an id pasted from a raw event), and an employer waiting for approval
 * is checked on their own page before the decision, which asks first. Found by labels, roles and
 * visible text only.
 */
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Locator } from 'playwright-core'
import { ADMIN_URL, DEMO, VIEWPORTS, VIEWPORT_NAMES, browserPerFile, newContext, pagePerBlock, SCREENSHOT_DIR, screenshot, seriousA11yViolations, signInThroughForm } from './support'
import { expectNoSidewaysScroll, expectInView } from './layoutChecks'

const browser = browserPerFile()
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

/** The first line of each event in a list: the sentence a person reads first. */
async function headlines(list: Locator): Promise<string[]> {
  const items = list.getByRole('listitem')
  const n = await items.count()
  const lines: string[] = []
  for (let i = 0; i < n; i++) lines.push((await items.nth(i).locator('p').first().innerText()).trim())
  return lines
}

function expectReadable(lines: string[], where: string) {
  expect(lines.length, `${where}: some events`).toBeGreaterThan(0)
  for (const line of lines) {
    expect(line, `${where}: an id in "${line}"`).not.toMatch(UUID)
    expect(line, `${where}: a placeholder in "${line}"`).not.toContain('[erased]')
    expect(line, `${where}: "${line}" reads as a sentence`).toMatch(/^[A-Z].* [a-z]+/)
    // the seed writes in the name of the person it plays (an employer, the admin), as people would
    expect(line, `${where}: "${line}" names a person`).not.toMatch(/the demo data/i)
  }
}

for (const viewport of VIEWPORT_NAMES) {
  describe(`agency staff read the audit trail like a person @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))

    it('signs in; Sign out is on screen and the component gallery is not a section', async () => {
      const page = ui.page
      await signInThroughForm(page, `${ADMIN_URL}/login`, DEMO.admin, `${ADMIN_URL}/dashboard`)
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor()
      const nav = page.getByRole('navigation', { name: 'Admin workspace' })
      await nav.getByRole('link').first().waitFor()
      expect(await nav.getByRole('link', { name: 'Components' }).count()).toBe(0)
      const signOut = page.getByRole('button', { name: 'Sign out' })
      // visible where it is, without scrolling anything
      const box = await signOut.boundingBox()
      expect(box, 'Sign out is shown').not.toBeNull()
      expect(box!.y + box!.height).toBeLessThanOrEqual(VIEWPORTS[viewport].height)
      expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS[viewport].width)
      if (viewport === 'desktop') {
        // still there for the team, at the sidebar's foot
        await page.getByRole('link', { name: 'Components' }).waitFor()
      }
    })

    it('reads the overview’s recent activity as sentences, the raw event one click away', async () => {
      const page = ui.page
      const feed = page.getByRole('list', { name: 'Recent activity, newest first' })
      await feed.getByRole('listitem').first().waitFor()
      expectReadable(await headlines(feed), `overview @${viewport}`)
      const first = feed.getByRole('listitem').first()
      await first.getByText('Technical details').click()
      await first.getByText('Correlation id').waitFor()
      await first.getByLabel(/^Payload of event/).waitFor()
      await expectNoSidewaysScroll(page, `overview @${viewport}`)
      await expectInView(first.getByText('Technical details'), 'the technical details toggle', { vertically: false })
      await screenshot(page, 'journeys-agency/overview', viewport)
      expect(await seriousA11yViolations(page, `overview @${viewport}`)).toEqual([])
    })

    it('opens the audit trail, pages back to older events, and reads those too', async () => {
      const page = ui.page
      await page.getByRole('link', { name: 'Full audit trail' }).click()
      await page.getByRole('heading', { level: 1, name: 'Audit trail' }).waitFor()
      const events = page.getByRole('list', { name: 'Events, newest first' })
      await events.getByRole('listitem').first().waitFor()
      const newest = await headlines(events)
      expect(newest.length).toBeLessThanOrEqual(25)
      expectReadable(newest, `audit trail @${viewport}`)
      // the filters fit their fields on a phone, dates included
      for (const label of ['From', 'To']) await expectInView(page.getByLabel(label, { exact: true }), `the ${label} field`, { vertically: false })
      await expectNoSidewaysScroll(page, `audit trail @${viewport}`)
      await screenshot(page, 'journeys-agency/audit', viewport)

      const older = page.getByRole('button', { name: 'Older' })
      await expectInView(older, 'Older', { vertically: false })
      await older.click()
      await page.waitForURL(/before=\d+/)
      await expect.poll(async () => (await headlines(events))[0]).not.toBe(newest[0])
      expectReadable(await headlines(events), `audit trail, older @${viewport}`)
      const item = events.getByRole('listitem').first()
      await item.getByText('Technical details').click()
      await item.getByText('Event type').waitFor()
      await expectNoSidewaysScroll(page, `audit trail, raw event open @${viewport}`)
      expect(await seriousA11yViolations(page, `audit trail @${viewport}`)).toEqual([])
    })

    it('time-travels a job from the paged jobs list: fields in a table, changes before and after', async () => {
      const page = ui.page
      await page.goto(`${ADMIN_URL}/dashboard/jobs`)
      const table = page.getByRole('table', { name: 'Jobs across clients' })
      await table.waitFor()
      // a page at a time, never the whole list
      expect(await table.getByRole('row').count()).toBeLessThanOrEqual(26)
      const pages = page.getByRole('navigation', { name: 'Pages of jobs' })
      if (await pages.count()) {
        await pages.getByRole('button', { name: 'Page 2' }).click()
        await page.waitForURL(/page=2/)
        await screenshot(page, 'journeys-agency/jobs-page-2', viewport)
      }
      await expectNoSidewaysScroll(page, `jobs @${viewport}`)
      await table.getByRole('link', { name: /^History of / }).first().click()
      await page.getByRole('heading', { level: 1, name: 'Record history' }).waitFor()

      const history = page.getByRole('list', { name: 'Full history, oldest first' })
      await history.getByRole('listitem').first().waitFor()
      const jobLines = await headlines(history)
      expectReadable(jobLines, `job history @${viewport}`)
      // posted by someone: a seeded job names its employer's contact, as one posted today would
      expect(jobLines[0]).toMatch(/^.+ posted .+ at .+$/)

      // the job as it was when its first event was recorded: a labelled table of its fields
      await page.getByRole('button', { name: /^What event 1, .+, changed$/ }).click()
      const compare = page.getByRole('region', { name: 'What changed between two moments' })
      const changes = compare.getByRole('table', { name: 'What changed' })
      await changes.waitFor()
      for (const header of ['Field', 'Before', 'After']) await changes.getByRole('columnheader', { name: header }).waitFor()
      // (on a phone each row is a card whose cells say their column: match the row's own text)
      const titleRow = changes.getByRole('row').filter({ hasText: /^Title/ })
      await titleRow.waitFor()
      expect(await titleRow.innerText()).toContain('(not set)')
      await compare.getByText('Raw changes').click()
      await compare.getByLabel('Raw changes (JSON Patch paths)').waitFor()

      // the job as it is now, typed as a person would (a minute ahead, so its newest event is in)
      const travel = page.getByRole('region', { name: 'As it was at a moment' })
      const now = new Date(Date.now() + 60_000).toLocaleString('sv-SE', { timeZone: 'Australia/Sydney' }).replace(' ', 'T').slice(0, 16)
      await travel.getByLabel('Moment (your local time)').fill(now)
      await travel.getByRole('button', { name: 'Show', exact: true }).click()
      const state = travel.getByRole('table', { name: /^The record as it was at/ })
      await state.waitFor()
      await travel.getByText(/\(the latest\)/).waitFor()
      await state.getByRole('row').filter({ hasText: /^Title/ }).waitFor()
      expect(await state.innerText()).not.toMatch(/"open":/)
      await travel.getByText('Raw data').click()
      await travel.getByLabel(/^Raw data as it was at/).waitFor()

      await expectNoSidewaysScroll(page, `job history @${viewport}`)
      await expectInView(changes, 'the before/after table', { vertically: false })
      await screenshot(page, 'journeys-agency/time-travel', viewport)
      await changes.screenshot({ path: join(SCREENSHOT_DIR, `journeys-agency_changes-${viewport}.png`) })
      await state.screenshot({ path: join(SCREENSHOT_DIR, `journeys-agency_state-${viewport}.png`) })
      expect(await seriousA11yViolations(page, `time travel @${viewport}`)).toEqual([])
    })

    it('follows a job to its applications, and back to the job’s history', async () => {
      const page = ui.page
      await page.goto(`${ADMIN_URL}/dashboard/jobs`)
      const jobs = page.getByRole('table', { name: 'Jobs across clients' })
      const count = jobs.getByRole('link', { name: /^\d+ applications? for / }).first()
      const title = (await count.getAttribute('aria-label'))!.replace(/^\d+ applications? for /, '')
      await count.click()
      await page.waitForURL(/\/dashboard\/applications\?job=/)
      const line = page.getByText(/^Showing the applications for/)
      await line.waitFor()
      expect(await line.innerText()).toContain(title)
      const rows = page.getByRole('table', { name: 'Applications across clients' }).getByRole('row')
      await expect.poll(() => rows.count()).toBeGreaterThan(1)
      await expectNoSidewaysScroll(page, `one job's applications @${viewport}`)
      await screenshot(page, 'journeys-agency/job-applications', viewport)

      await line.getByRole('link', { name: 'The job’s history' }).click()
      await page.getByRole('heading', { level: 2, name: title }).waitFor()
      await page.getByRole('link', { name: 'Its applications' }).click()
      await page.getByText(/^Showing the applications for/).waitFor()
    })

    it('answers "what did Mei Chen do?" from her name, with every time naming its zone', async () => {
      const page = ui.page
      await page.goto(`${ADMIN_URL}/dashboard/audit`)
      const who = page.getByRole('combobox', { name: 'Who did it' })
      await who.fill('mei ch')
      await page.getByRole('option', { name: /^Mei Chen, Eucalypt Software/ }).click()
      // the pick fills the box on the next render: poll rather than read once
      await expect.poll(() => who.inputValue()).toBe('Mei Chen, Eucalypt Software (employer)')
      await page.getByRole('button', { name: 'Show events' }).click()
      await page.waitForURL(/actor=/)
      await page.getByText('Showing what Mei Chen, Eucalypt Software (employer) did.').waitFor()
      const events = page.getByRole('list', { name: 'Events, newest first' })
      await events.getByRole('listitem').first().waitFor()
      const lines = await headlines(events)
      expectReadable(lines, `what Mei Chen did @${viewport}`)
      for (const line of lines) expect(line, 'each event is hers').toMatch(/^Mei Chen /)
      // a moment an auditor can quote: "3 Mar 2026, 2:05:09 pm AEDT" (the context runs in Sydney)
      expect(await events.locator('time').first().innerText()).toMatch(/\d{1,2}:\d{2}:\d{2} [ap]m AE[DS]T$/)
      await expectNoSidewaysScroll(page, `audit by person @${viewport}`)
      await screenshot(page, 'journeys-agency/audit-who', viewport)
      expect(await seriousA11yViolations(page, `audit by person @${viewport}`)).toEqual([])
    })

    it('checks an employer waiting for approval on their page; Approve asks first', async () => {
      const page = ui.page
      // whichever employer is still waiting (other files approve some of the seeded ones)
      await page.goto(`${ADMIN_URL}/dashboard/employers?status=pending`)
      const first = page.getByRole('table', { name: 'Employers' }).getByRole('link').first()
      await first.waitFor()
      const company = (await first.innerText()).trim()
      await first.click()
      await page.getByRole('heading', { name: company }).first().waitFor()
      await page.getByText('Awaiting approval', { exact: false }).first().waitFor()
      await expectNoSidewaysScroll(page, `employer page @${viewport}`)
      await screenshot(page, 'journeys-agency/employer-page', viewport)
      expect(await seriousA11yViolations(page, `employer page @${viewport}`)).toEqual([])

      await page.getByRole('button', { name: /^Approve/ }).first().click()
      const dialog = page.getByRole('dialog', { name: `Approve ${company}?` })
      await dialog.waitFor()
      await screenshot(page, 'journeys-agency/approve-confirm', viewport)
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
      // nothing was decided: still waiting
      await page.getByText('Awaiting approval', { exact: false }).first().waitFor()

      await page.getByRole('link', { name: 'See everything they did in the audit trail' }).click()
      await page.waitForURL(/\/dashboard\/audit\?actor=/)
      await page.getByText(`(employer) did.`, { exact: false }).waitFor()
      expect(await page.getByText(/^Showing what .+ did\./).innerText()).toContain(company)
    })
  })
}
