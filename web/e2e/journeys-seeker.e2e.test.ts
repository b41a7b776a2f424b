/**
 * Issue 27, the job seeker's and candidate's journeys, as that person walks them at 1280x800 and
 * 390x844: Apply Now on a public job keeps the job through signing up and signing in and opens its
 * apply dialog (signed in, at once); the dialog's Submit Application stays on screen; My
 * Applications then says where the application stands in plain words beside the SPEC's status.
 */
import { describe, expect, it } from 'vitest'
import {
  BASE_URL,
  demoLogin,
  VIEWPORT_NAMES,
  VIEWPORTS,
  apiLogin,
  browserPerFile,
  newContext,
  EMPLOYER_URL,
  api,
  ownOpenJob,
  jobBoard,
  type Job,
  pagePerBlock,
  signedInContext,
  uniqueEmail,
  type ViewportName,
  journeyScreenshot,
} from './support'
import { newCandidate } from './fixtures'
import { expectNoSidewaysScroll, expectInView } from './layoutChecks'

const browser = browserPerFile()

const jobs: Partial<Record<ViewportName, Job>> = {}

for (const viewport of VIEWPORT_NAMES) {
  describe(`a job seeker finds a job and applies without losing it @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))
    const person = { name: viewport === 'desktop' ? 'Alex Seeker' : 'Alex Mobile', email: uniqueEmail(`seeker-${viewport}`), password: 'Harbour#Seeker26' }

    it('Apply Now, signed out: sign up, sign in, and the apply dialog of that job opens with its button on screen', async () => {
      const { page } = ui
      const job = await ownOpenJob(await demoLogin('employer'))
      jobs[viewport] = job
      await page.goto(`${BASE_URL}/jobs/${job.id}`)
      await page.getByRole('heading', { level: 1, name: job.title }).waitFor()
      await page.getByRole('link', { name: 'Apply Now' }).first().click()

      // the SPEC's login page, which says which job it is keeping
      await page.waitForURL(`${BASE_URL}/candidate/login?apply=${job.id}`)
      await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor()
      await page.getByText(`Sign in to apply for ${job.title} at ${job.company}.`).waitFor()
      await journeyScreenshot(page, 'seeker-login-keeps-job', viewport)

      // no account yet: sign up, which keeps the job too
      await page.getByRole('link', { name: 'Sign up' }).click()
      await page.waitForURL(`${BASE_URL}/candidate/signup?apply=${job.id}`)
      await page.getByText(`Create your account to apply for ${job.title}`).waitFor()
      await page.getByLabel('Full Name').fill(person.name)
      await page.getByLabel('Email Address').fill(person.email)
      await page.getByLabel('Password', { exact: true }).fill(person.password)
      page.once('dialog', (d) => void d.accept())
      await page.getByRole('button', { name: 'Create Account' }).click()

      // back on the login, still with the job, and the email just registered already in
      await page.waitForURL(`${BASE_URL}/candidate/login?apply=${job.id}`)
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(person.email)
      await page.getByLabel('Password', { exact: true }).fill(person.password)
      await page.getByRole('button', { name: 'Sign In' }).click()

      const dialog = page.getByRole('dialog', { name: `Apply for ${job.title}` })
      await dialog.waitFor()
      expect(new URL(page.url()).pathname).toBe('/candidate/dashboard/jobs')
      const submit = dialog.getByRole('button', { name: 'Submit Application' })
      await expectInView(submit, 'Submit Application', { scroll: false })
      await expectInView(dialog.getByRole('button', { name: 'Cancel' }), 'Cancel', { scroll: false })
      await expectNoSidewaysScroll(page, 'the apply dialog')
      await journeyScreenshot(page, 'seeker-apply-dialog', viewport)

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

    it('the session ends elsewhere while applying: sign in again and the same dialog is back', async () => {
      const { page } = ui
      const board = await jobBoard()
      // another open job than the one applied for, whose title names it alone
      const other = board.find((j) => j.id !== jobs[viewport]!.id && board.filter((b) => b.title === j.title).length === 1)!
      await page.goto(`${BASE_URL}/candidate/dashboard/jobs`)
      await page.getByLabel('Search jobs').fill(other.title)
      await page.getByRole('button', { name: `Apply Now for ${other.title}` }).first().click()
      const dialog = page.getByRole('dialog', { name: `Apply for ${other.title}` })
      await dialog.waitFor()

      // a .txt chosen through "All files" is refused, in the SPEC's words
      await dialog.getByLabel('Or upload a new resume (.pdf, .doc, .docx)').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a resume') })
      await dialog.getByText('Please select a PDF or Word document (.pdf, .doc, .docx)').waitFor()

      // on another device they sign out everywhere: this tab's token is now refused
      const token = await page.evaluate(() => localStorage.getItem('authToken'))
      const ended = await api('POST', '/api/auth/sign-out-everywhere', { token: token! })
      expect(ended.status, JSON.stringify(ended.body)).toBeLessThan(300)

      await dialog.getByRole('button', { name: 'Submit Application' }).click()
      await page.waitForURL((url) => url.pathname === '/candidate/login')
      expect(new URL(page.url()).searchParams.get('apply')).toBe(other.id)
      await page.getByText('Your session has ended. Please sign in again.').waitFor()
      await journeyScreenshot(page, 'seeker-session-ended', viewport)

      // the email it was signed in with is already there
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(person.email)
      await page.getByLabel('Password', { exact: true }).fill(person.password)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.getByRole('dialog', { name: `Apply for ${other.title}` }).waitFor()
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('dialog').waitFor({ state: 'detached' })
    })

    it('My Applications says where it stands in plain words, not the SPEC status', async () => {
      const { page } = ui
      await page.goto(`${BASE_URL}/candidate/dashboard/applications`)
      const region = page.getByRole('region', { name: 'My Applications' })
      const card = region.getByRole('listitem').first()
      await card.getByText('Received', { exact: true }).waitFor()
      expect(await card.innerText()).not.toContain('Pending')
      await card.getByText('The hiring team has your application and will look at it soon.').waitFor()
      await expectNoSidewaysScroll(page, 'My Applications')
      await journeyScreenshot(page, 'seeker-applications', viewport)
    })

    it('invited to an interview: the bell and the card say so in plain words, not "accepted"', async () => {
      const { page } = ui
      const job = jobs[viewport]!
      const employer = await demoLogin('employer')
      const me = await apiLogin('candidate', person.email, person.password)
      const mine = await api<{ id: string; job_id: string }[]>('GET', '/api/applications/my-applications', { token: me.token })
      const application = mine.body.find((a) => a.job_id === job.id)!
      const moved = await api('POST', `/api/employer/applications/${application.id}/move`, { token: employer.token, json: { stage: 'interview' } })
      expect(moved.status, JSON.stringify(moved.body)).toBe(200)

      const card = page.getByRole('region', { name: 'My Applications' }).getByRole('listitem').first()
      // where it stands and what it means, never the SPEC's "Accepted"
      await card.getByText('Invited to interview', { exact: true }).waitFor()
      expect((await card.innerText()).toLowerCase()).not.toContain('accepted')
      await card.getByText("The hiring team would like to interview you. We'll let you know when a time is booked.").waitFor()

      const bell = page.getByRole('button', { name: /^Notifications/ })
      await bell.click()
      const panel = page.getByRole('region', { name: 'Notifications' })
      await panel.getByText(`Invited to an interview for ${job.title}`).first().waitFor()
      expect((await panel.innerText()).toLowerCase()).not.toContain('accepted')
      await expectNoSidewaysScroll(page, 'the notification panel')
      await journeyScreenshot(page, 'seeker-invited-bell', viewport)
      await bell.click()

      // the employer books it: the dialog's "Book and invite" is on screen too
      const staff = await signedInContext(browser(), 'employer', employer, viewport)
      try {
        const epage = await staff.newPage()
        await epage.goto(`${EMPLOYER_URL}/dashboard/applicants/${application.id}`)
        await epage.getByRole('button', { name: 'Schedule an interview' }).click()
        const dialog = epage.getByRole('dialog', { name: 'Schedule an interview' })
        await dialog.waitFor()
        await expectInView(dialog.getByRole('button', { name: 'Book and invite' }), 'Book and invite', { scroll: false })
        await expectInView(dialog.getByRole('button', { name: 'Back' }), 'Back', { scroll: false })
        await expectNoSidewaysScroll(epage, 'the schedule dialog')
        await journeyScreenshot(epage, 'employer-book-dialog', viewport)
      } finally {
        await staff.close()
      }
    })

    it('signed in, the header shows an account menu with their name, not Candidate Login, and signs out', async () => {
      const { page } = ui
      await page.goto(`${BASE_URL}/jobs/find`)
      const nav = page.getByRole('navigation', { name: 'Main' })
      const account = nav.getByRole('button', { name: /Alex \(your account\)/ })
      await expectInView(account, 'the account menu', { scroll: false })
      expect(await nav.locator('a', { hasText: 'Candidate Login' }).count()).toBe(0)
      // one row: the logo, the account menu and (on a phone) the menu toggle side by side, the
      // logo clear of the first link; signed in used to push the menu onto a second row at 390 px
      const logo = (await nav.getByRole('link', { name: /home$/ }).first().boundingBox())!
      const row = [logo, (await account.boundingBox())!]
      if (viewport === 'mobile') row.push((await nav.getByRole('button', { name: 'Open menu' }).boundingBox())!)
      else {
        const home = (await nav.getByRole('link', { name: 'Home', exact: true }).boundingBox())!
        expect(home.x - (logo.x + logo.width), 'space between the logo and Home').toBeGreaterThanOrEqual(12)
      }
      const middles = row.map((b) => b.y + b.height / 2)
      expect(Math.max(...middles) - Math.min(...middles), 'the header is one row').toBeLessThanOrEqual(4)
      const header = page.locator('header').first()
      expect((await header.boundingBox())!.height, 'the header keeps its height').toBeLessThanOrEqual(72)
      if (viewport === 'desktop') {
        // a small laptop too: the links used to break over two lines from 1025 to about 1200 px
        await page.setViewportSize({ width: 1100, height: 800 })
        expect((await header.boundingBox())!.height, 'one row at 1100 px').toBeLessThanOrEqual(72)
        await page.setViewportSize(VIEWPORTS.desktop)
      }
      await account.click()
      await nav.getByRole('link', { name: 'My dashboard' }).waitFor()
      // the whole name inside, which the phone's button (the avatar alone) leaves out
      await expectInView(nav.getByRole('listitem').filter({ hasText: `Signed in as ${person.name}` }), 'who is signed in', { scroll: false })
      await expectInView(nav.getByRole('button', { name: 'Sign out' }), 'Sign out in the account menu', { scroll: false })
      await journeyScreenshot(page, 'seeker-account-menu', viewport)
      await nav.getByRole('link', { name: 'Privacy' }).click()
      await page.waitForURL(`${BASE_URL}/candidate/dashboard/privacy`)
      await nav.getByRole('button', { name: /your account/ }).click()
      await nav.getByRole('button', { name: 'Sign out' }).click()
      await page.waitForURL(`${BASE_URL}/candidate/login`)
      await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor()
      expect(await nav.getByRole('button', { name: /your account/ }).count()).toBe(0)
    })
  })

  describe(`a signed-in candidate's Apply Now opens the dialog at once @${viewport}`, () => {
    const ui = pagePerBlock(async () => signedInContext(browser(), 'candidate', await demoLogin('candidate'), viewport))

    it('from the job board, the card goes straight to its apply dialog (or says it was applied for)', async () => {
      const { page } = ui
      // the card knows whether this candidate applied once their applications are in
      const known = page.waitForResponse((r) => r.url().endsWith('/api/applications/my-applications'))
      await page.goto(`${BASE_URL}/jobs/find`)
      await known
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      const card = page.locator('article').first()
      const title = (await card.getByRole('heading', { level: 3 }).innerText()).trim()
      const applied = card.getByRole('link', { name: 'View your application' })
      if (await applied.isVisible()) {
        expect(await card.innerText()).toMatch(/Applied on \d{1,2} [A-Z][a-z]{2} \d{4}/)
        expect(await applied.getAttribute('href')).toBe('/candidate/dashboard/applications')
        return
      }
      await card.getByRole('link', { name: 'Apply Now' }).click()
      await page.waitForURL(/\/candidate\/dashboard\/jobs/)
      const dialog = page.getByRole('dialog', { name: `Apply for ${title}` })
      const already = page.getByText(`You've already applied for ${title}.`)
      await dialog.or(already).first().waitFor()
      if (await dialog.isVisible()) {
        await expectInView(dialog.getByRole('button', { name: 'Submit Application' }), 'Submit Application', { scroll: false })
        const { height } = VIEWPORTS[viewport]
        expect((await dialog.boundingBox())!.height).toBeLessThanOrEqual(height)
        await dialog.getByRole('button', { name: 'Cancel' }).click()
        await dialog.waitFor({ state: 'detached' })
        expect(new URL(page.url()).search).toBe('')
      }
    })
  })
}

describe('on a touch phone, the job page keeps Apply in reach and the file picker does not ask to drag', () => {
  const ui = pagePerBlock(async () => {
    // a new candidate, so the dialog opens (the demo one may have applied already)
    const who = { name: 'Touch Tester', email: uniqueEmail('touch'), password: 'Harbour#Touch26' }
    const login = await newCandidate(who)
    const ctx = await browser().newContext({ viewport: VIEWPORTS.mobile, hasTouch: true, isMobile: true, locale: 'en-AU', timezoneId: 'Australia/Sydney' })
    ctx.setDefaultTimeout(15_000)
    await ctx.addInitScript(
      ([token, user]) => {
        localStorage.setItem('authToken', token)
        localStorage.setItem('candidateData', user)
      },
      [login.token, JSON.stringify(login.user)],
    )
    return ctx
  })

  it('Apply Now stays on screen while the job scrolls, and the dialog says "Choose a file"', async () => {
    const { page } = ui
    const employer = await demoLogin('employer')
    const job = await ownOpenJob(employer)
    await page.goto(`${BASE_URL}/jobs/${job.id}`)
    await page.getByRole('heading', { level: 1, name: job.title }).waitFor()
    // the bar keeps Apply in reach while the job itself is on screen: scroll through the job's
    // own length (its description may be short or long), not past it into the footer
    const jobEnd = await page.locator('article').first().evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY)
    const lastTop = Math.max(0, Math.floor(jobEnd - 844))
    for (const y of [0, Math.floor(lastTop / 2), lastTop]) {
      await page.evaluate((top) => window.scrollTo(0, top), y)
      const visible = await page.getByRole('link', { name: 'Apply Now' }).evaluateAll((links) =>
        links.some((a) => {
          const r = a.getBoundingClientRect()
          return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight
        }),
      )
      expect(visible, `an Apply Now on screen at scroll ${y}`).toBe(true)
    }
    await page.evaluate(() => window.scrollTo(0, 900))
    await journeyScreenshot(page, 'seeker-job-page-sticky-apply', 'mobile')

    await page.getByRole('link', { name: 'Apply Now' }).last().click()
    const dialog = page.getByRole('dialog', { name: `Apply for ${job.title}` })
    await dialog.getByText('Choose a file').first().waitFor()
    expect(await dialog.getByText('drag it here').first().isVisible()).toBe(false)
    await expectInView(dialog.getByRole('button', { name: 'Submit Application' }), 'Submit Application', { scroll: false })
    await journeyScreenshot(page, 'seeker-apply-dialog-touch', 'mobile')
  })
})
