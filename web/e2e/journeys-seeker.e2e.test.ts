/**
 * Issue 27, the job seeker's and candidate's journeys, as that person walks them at 1280x800 and
 * 390x844: Apply Now on a public job keeps the job through signing up and signing in and opens its
 * apply dialog (signed in, at once); the dialog's Submit Application stays on screen; My
 * Applications then says where the application stands in plain words beside the SPEC's status.
 */
import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import {
  BASE_URL,
  DEMO,
  VIEWPORT_NAMES,
  VIEWPORTS,
  apiLogin,
  browserPerFile,
  expectNoSidewaysScroll,
  newContext,
  openJob,
  pagePerBlock,
  screenshot,
  signedInContext,
  uniqueEmail,
  type ViewportName,
} from './support'

const browser = browserPerFile()

/** The element is wholly inside the viewport: a person can see and press it without scrolling. */
async function expectOnScreen(page: Page, target: Locator, what: string) {
  const box = await target.boundingBox()
  expect(box, `${what}: not laid out`).not.toBeNull()
  const { width, height } = page.viewportSize()!
  expect(box!.x, `${what}: left of the screen`).toBeGreaterThanOrEqual(0)
  expect(box!.y, `${what}: above the screen`).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width, `${what}: past the right edge`).toBeLessThanOrEqual(width + 0.5)
  expect(box!.y + box!.height, `${what}: below the fold`).toBeLessThanOrEqual(height + 0.5)
}

for (const viewport of VIEWPORT_NAMES) {
  describe(`a job seeker finds a job and applies without losing it @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))
    const person = { name: 'Alex Seeker', email: uniqueEmail(`seeker-${viewport}`), password: 'Seeker123!' }

    it('Apply Now, signed out: sign up, sign in, and the apply dialog of that job opens with its button on screen', async () => {
      const { page } = ui
      const job = await openJob()
      await page.goto(`${BASE_URL}/jobs/${job.id}`)
      await page.getByRole('heading', { level: 1, name: job.title }).waitFor()
      await page.getByRole('link', { name: 'Apply Now' }).first().click()

      // the SPEC's login page, which says which job it is keeping
      await page.waitForURL(`${BASE_URL}/candidate/login?apply=${job.id}`)
      await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor()
      await page.getByText(`Sign in to apply for ${job.title} at ${job.company}.`).waitFor()
      await screenshot(page, 'journeys/seeker-login-keeps-job', viewport as ViewportName)

      // no account yet: sign up, which keeps the job too
      await page.getByRole('link', { name: 'Sign up' }).click()
      await page.waitForURL(`${BASE_URL}/candidate/signup?apply=${job.id}`)
      await page.getByText(`Create your account to apply for ${job.title}`).waitFor()
      await page.getByLabel('Full Name').fill(person.name)
      await page.getByLabel('Email Address').fill(person.email)
      await page.getByLabel('Password', { exact: true }).fill(person.password)
      page.once('dialog', (d) => void d.accept())
      await page.getByRole('button', { name: 'Create Account' }).click()

      // back on the login, still with the job
      await page.waitForURL(`${BASE_URL}/candidate/login?apply=${job.id}`)
      await page.getByLabel('Email', { exact: true }).fill(person.email)
      await page.getByLabel('Password', { exact: true }).fill(person.password)
      await page.getByRole('button', { name: 'Sign In' }).click()

      const dialog = page.getByRole('dialog', { name: `Apply for ${job.title}` })
      await dialog.waitFor()
      expect(new URL(page.url()).pathname).toBe('/candidate/dashboard/jobs')
      const submit = dialog.getByRole('button', { name: 'Submit Application' })
      await expectOnScreen(page, submit, 'Submit Application')
      await expectOnScreen(page, dialog.getByRole('button', { name: 'Cancel' }), 'Cancel')
      await expectNoSidewaysScroll(page, 'the apply dialog')
      await screenshot(page, 'journeys/seeker-apply-dialog', viewport as ViewportName)

      await submit.click()
      await dialog.waitFor({ state: 'detached' })
      await page.getByText('Application submitted successfully').waitFor()
      // the address no longer carries the job: a reload does not open the dialog again
      expect(new URL(page.url()).search).toBe('')
      await page.reload()
      await page.getByRole('heading', { level: 2, name: 'Browse Jobs' }).waitFor()
      await page.getByRole('button', { name: 'Applied Successfully' }).first().waitFor()
      expect(await page.getByRole('dialog').count()).toBe(0)
    })

    it('My Applications says where it stands in plain words beside the status', async () => {
      const { page } = ui
      await page.goto(`${BASE_URL}/candidate/dashboard/applications`)
      const region = page.getByRole('region', { name: 'My Applications' })
      const card = region.getByRole('listitem').first()
      await card.getByText('Pending', { exact: true }).waitFor()
      await card.getByText('Received', { exact: true }).waitFor()
      await card.getByText('The hiring team has your application and will look at it soon.').waitFor()
      await expectNoSidewaysScroll(page, 'My Applications')
      await screenshot(page, 'journeys/seeker-applications', viewport as ViewportName)
    })
  })

  describe(`a signed-in candidate's Apply Now opens the dialog at once @${viewport}`, () => {
    const ui = pagePerBlock(async () => signedInContext(browser(), 'candidate', await apiLogin('candidate', DEMO.candidate.email, DEMO.candidate.password), viewport))

    it('from the job board, the card goes straight to its apply dialog (or says it was applied for)', async () => {
      const { page } = ui
      await page.goto(`${BASE_URL}/jobs/find`)
      const card = page.locator('article').first()
      const title = (await card.getByRole('heading', { level: 3 }).innerText()).trim()
      await card.getByRole('link', { name: 'Apply Now' }).click()
      await page.waitForURL(/\/candidate\/dashboard\/jobs/)
      const dialog = page.getByRole('dialog', { name: `Apply for ${title}` })
      const already = page.getByText(`You've already applied for ${title}.`)
      await dialog.or(already).first().waitFor()
      if (await dialog.isVisible()) {
        await expectOnScreen(page, dialog.getByRole('button', { name: 'Submit Application' }), 'Submit Application')
        const { height } = VIEWPORTS[viewport]
        expect((await dialog.boundingBox())!.height).toBeLessThanOrEqual(height)
        await dialog.getByRole('button', { name: 'Cancel' }).click()
        await dialog.waitFor({ state: 'detached' })
        expect(new URL(page.url()).search).toBe('')
      }
    })
  })
}
