/** Shared helpers for the browser tests: browser launch, viewports, API calls, psql, axe, screenshots. */
import { execFileSync } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
// shared with measure.mjs: headless, and none of Chromium's background traffic
import CHROMIUM_FLAGS from './chromium-flags.json'

export const BASE_URL = inject('baseUrl')
export const PORT = inject('port')
export const DATABASE_URL = inject('databaseUrl')
export const MAIL_DIR = inject('mailDir')
const STORAGE_DIR = inject('storageDir')

/** Other host names of the same server (Chromium resolves *.localhost to 127.0.0.1). */
export const EMPLOYER_URL = `http://employer.localhost:${PORT}`
export const ADMIN_URL = `http://admin.localhost:${PORT}`

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const
export type ViewportName = keyof typeof VIEWPORTS
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[]

export const DEMO = {
  candidate: { email: 'candidate@example.com', password: 'Candidate1!' },
  employer: { email: 'employer@example.com', password: 'Employer1!' },
  admin: { email: 'admin@example.com', password: 'AgencyAdmin1!' },
} as const

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
export const SCREENSHOT_DIR = join(webDir, 'test-results', 'screenshots')

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
  })
}

export async function newContext(browser: Browser, viewport: ViewportName = 'desktop'): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  })
  ctx.setDefaultTimeout(15_000)
  ctx.setDefaultNavigationTimeout(30_000)
  return ctx
}

/** Page errors and failed console messages, to print when a test fails. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`))
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`)
  })
  return errors
}

export async function screenshot(page: Page, name: string, viewport: ViewportName) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const safe = name.replace(/^\/$/, 'home').replace(/^\//, '').replace(/[^a-zA-Z0-9_-]+/g, '_')
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${safe}-${viewport}.png`), fullPage: true, animations: 'disabled' })
}

/** A journey's picture, in screenshots/journeys: what the person sees on the screen now (a dialog
 *  is fixed to the viewport, so a full-page picture would show the page behind it at its full
 *  length), or with `fullPage` the whole page. */
export async function journeyScreenshot(page: Page, name: string, viewport: ViewportName, fullPage = false) {
  mkdirSync(join(SCREENSHOT_DIR, 'journeys'), { recursive: true })
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'journeys', `${name}-${viewport}.png`), animations: 'disabled', fullPage })
}

export type AxeFinding = { id: string; impact: string | null | undefined; help: string; targets: string[] }

/** axe-core findings with impact serious or critical (printed when there are any). */
export async function seriousA11yViolations(page: Page, label: string): Promise<AxeFinding[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
  if (serious.length) console.log(`[axe] ${label}:\n${JSON.stringify(serious, null, 2)}`)
  return serious
}

/** One psql query against the test database; rows as arrays of text. */
export function sql(query: string): string[][] {
  const out = execFileSync('psql', [DATABASE_URL, '-At', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-c', query], { encoding: 'utf8' })
  return out
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => l.split('\t'))
}

export type ApiResult<T> = { status: number; body: T; headers: Headers }

export async function api<T = unknown>(
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; consistency?: string | null } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  if (opts.json !== undefined) headers['content-type'] = 'application/json'
  if (opts.consistency) headers['x-consistency-token'] = opts.consistency
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers,
    body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    // a server that does not answer fails the call with its path, well inside the test's own bound
    signal: AbortSignal.timeout(30_000),
  }).catch((e: unknown) => {
    throw new Error(`${method} ${path} got no answer: ${String(e)}`)
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T, headers: res.headers }
}

export type LoginBody = { token: string; user: { id: string; name: string; email: string; role: string } }

export async function apiLogin(role: 'candidate' | 'employer' | 'admin', email: string, password: string): Promise<LoginBody> {
  const res = await api<LoginBody>('POST', `/api/auth/${role}/login`, { json: { email, password } })
  if (res.status !== 200) throw new Error(`${role} login for ${email} failed: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

/** The seeded demo account of `role` (DEMO), signed in through the API. */
export function demoLogin(role: keyof typeof DEMO): Promise<LoginBody> {
  return apiLogin(role, DEMO[role].email, DEMO[role].password)
}

export type Job = {
  id: string
  title: string
  company: string
  location: string
  type: string
  expires_at: string | null
  status: string
}

export async function jobBoard(): Promise<Job[]> {
  const res = await api<Job[]>('GET', '/api/admin/jobs/job-board')
  if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`job board failed: ${res.status}`)
  return res.body
}

/** One of the employer's own jobs that is open for a week yet, so the employer may decide on applications to it. */
export async function ownOpenJob(employer: LoginBody): Promise<Job> {
  const own = await api<Job[]>('GET', '/api/employer/jobs', { token: employer.token })
  if (own.status !== 200 || !Array.isArray(own.body)) throw new Error(`the employer's jobs failed: ${own.status}`)
  const week = 7 * 24 * 3600 * 1000
  const found = own.body.find((j) => j.status === 'open' && (!j.expires_at || Date.parse(j.expires_at) - Date.now() > week))
  if (!found) throw new Error(`${employer.user.email} has no job open for a week yet`)
  return found
}

/** A job the public board shows: open and with more than 24 hours left (SPEC 5). */
export async function openJob(): Promise<Job> {
  const day = 24 * 3600 * 1000
  const job = (await jobBoard()).find((j) => !j.expires_at || Date.parse(j.expires_at) - Date.now() > 2 * day)
  if (!job) throw new Error('no open job on the board')
  return job
}

/**
 * A new admin, made the way the first one is (`recruit admin create`, the password from the
 * environment): with the demo admins signing in by password alone in development, none of them
 * may add an admin, which needs a recent code (issue 26). Resolves once they can sign in.
 */
export async function createAdminWithCli(who: { name: string; email: string; password: string }): Promise<void> {
  const bin = resolve(webDir, process.env.RECRUIT_BIN ?? '../target/debug/recruit')
  execFileSync(bin, ['admin', 'create', '--email', who.email, '--name', who.name], {
    env: { ...process.env, DATABASE_URL, APP_ENV: 'development', MAIL_DIR, STORAGE_DIR, RECRUIT_ADMIN_PASSWORD: who.password, RUST_LOG: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 120_000,
  })
  // the sign-in reads the accounts read model, which the server's projector fills a moment later;
  // asked through the admins list (a read), not by signing in, which a miss would count as a wrong password
  const seeded = await demoLogin('admin')
  await eventually(
    async () => {
      const admins = await api<{ email: string }[]>('GET', '/api/admin/admins', { token: seeded.token })
      return Array.isArray(admins.body) && admins.body.some((a) => a.email === who.email)
    },
    20_000,
    `${who.email} among the admins`,
  )
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`
}

const b64url = (s: string) => Buffer.from(s).toString('base64url')

/** A JWT with the given claims and a made-up signature (the client only decodes it). */
export function fakeJwt(claims: Record<string, unknown>): string {
  return `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}.${b64url('not-a-real-signature')}`
}

/** Quoted-printable body of a .eml file, decoded. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(c, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Polls `fn` until it returns a truthy value or the time runs out. */
export async function eventually<T>(fn: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const start = Date.now()
  let last: unknown
  while (Date.now() - start < timeoutMs) {
    try {
      const v = await fn()
      if (v) return v
    } catch (e) {
      last = e
    }
    await sleep(200)
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`)
}

/** Where each role's session lives in localStorage (SPEC 4): the token and the user. */
const SESSION_KEYS = {
  candidate: ['authToken', 'candidateData'],
  employer: ['jwtToken', 'employerUser'],
  admin: ['jwtToken', 'adminUser'],
} as const

/** A context whose pages start signed in: the session is stored the way a sign-in stores it,
 *  before any page script runs. */
export async function signedInContext(
  browser: Browser,
  role: 'candidate' | 'employer' | 'admin',
  login: LoginBody,
  viewport: ViewportName = 'desktop',
): Promise<BrowserContext> {
  const ctx = await newContext(browser, viewport)
  const [tokenKey, userKey] = SESSION_KEYS[role]
  await ctx.addInitScript(
    ([tk, uk, token, user]) => {
      localStorage.setItem(tk, token)
      localStorage.setItem(uk, user)
    },
    [tokenKey, userKey, login.token, JSON.stringify(login.user)],
  )
  return ctx
}

/** The browser, page and errors one describe block's tests share (see `pagePerBlock`). */
export type BlockPage = { ctx: BrowserContext; page: Page; errors: string[] }

/** A page for the tests of one describe block: before them `open` makes its context (a plain one,
 *  a signed-in one) and a page in it whose errors are collected; after them the errors are printed
 *  if there were any and the context is closed. Read `.page` inside hooks and tests. */
export function pagePerBlock(open: () => Promise<BrowserContext>): BlockPage {
  const block = { errors: [] as string[] } as BlockPage
  beforeAll(async () => {
    block.ctx = await open()
    block.page = await block.ctx.newPage()
    block.errors = collectErrors(block.page)
  })
  afterAll(async () => {
    if (block.errors.length) console.log(block.errors.join('\n'))
    await block.ctx?.close()
  })
  return block
}

/** Signs in through a sign-in form on `page`: goes to `loginUrl`, types the email and password,
 *  presses Sign In and, given `landing`, waits for that address. */
export async function signInThroughForm(page: Page, loginUrl: string, who: { email: string; password: string }, landing?: string) {
  // Already there (just signed out): a second navigation could abort the first.
  if (!page.url().startsWith(loginUrl)) await page.goto(loginUrl)
  await page.getByLabel('Email', { exact: true }).fill(who.email)
  await page.getByLabel('Password', { exact: true }).fill(who.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  if (landing) await page.waitForURL(landing)
}

/** In a reject dialog (one applicant or several), chooses the team's reason, which Reject needs
 *  first, by the label the server gives it; the options arrive from the server, and selectOption
 *  waits for them. */
export async function chooseRejectionReason(dialog: Locator, label = 'Salary expectations') {
  await dialog.getByLabel(/^Why (isn’t this applicant|aren’t these applicants) going ahead\?$/).selectOption({ label })
}

/** One browser for the tests of a file: launched before them, closed after them. Call it at the
 *  top of the file; the function it returns gives the browser inside hooks and tests. */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll: use it inside hooks and tests')
    return browser
  }
}

/** A one-page PDF saying `text`, with a correct xref table so viewers render it. */
export function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 5 0 R>>>>/Contents 4 0 R>>',
    `<</Length ${stream.length}>>stream\n${stream}\nendstream`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ]
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((o, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj${o}endobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}
