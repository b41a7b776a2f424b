#!/usr/bin/env node
/**
 * Measurements of a running site (starts nothing itself).
 *
 *   BASE_URL=http://localhost:8123 node e2e/measure.mjs [--no-lighthouse]
 *   LH_RUNS=3 ...      # Lighthouse runs per page; the table shows the run with the median score
 *   BENCH_SUMMARY=f    # also append issue 13 target 3's figures to f, one JSON object a line
 *
 * 1. JS shipped for the home page: the scripts and modulepreloads in the HTML, plus every script
 *    the browser actually loads for / (lazy route chunks), each fetched and gzipped with zlib
 *    (budget: 100 kB). The woff2 the home page loads (all of it is preloaded for the first paint;
 *    issue 8's budget: ~30 kB).
 * 2. Lighthouse 12 (mobile) for /, /jobs/find, /jobs/{the board's first job} and /blogs with the
 *    `lighthouse` devDependency (`npx --yes lighthouse@12` where it is not installed), with
 *    CHROME_PATH=/usr/bin/chromium; prints a Markdown table, or why it could not run.
 *
 * `npm run lighthouse` (scripts/lighthouse.mjs) starts a seeded server on a fresh database first.
 */
import { execFile } from 'node:child_process'
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync, constants as zlib } from 'node:zlib'
// the same flags as the browser tests (support.ts): headless, no background traffic
import CHROME_FLAGS from './chromium-flags.json' with { type: 'json' }

const BASE_URL = (process.env.BASE_URL ?? process.argv.find((a) => a.startsWith('http')) ?? '').replace(/\/$/, '')
if (!BASE_URL) {
  console.error('Set BASE_URL (e.g. BASE_URL=http://localhost:8123 node e2e/measure.mjs)')
  process.exit(2)
}
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
// the devDependency, or the registry's lighthouse 12 through npx where node_modules lacks it
const LOCAL_LIGHTHOUSE = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', 'lighthouse')
const LIGHTHOUSE = existsSync(LOCAL_LIGHTHOUSE) ? [LOCAL_LIGHTHOUSE, []] : ['npx', ['--yes', 'lighthouse@12']]

const kb = (n) => `${(n / 1024).toFixed(1)} kB`

async function gzipSize(url) {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`)
  const body = Buffer.from(await res.arrayBuffer())
  return { raw: body.length, gzip: gzipSync(body, { level: zlib.Z_BEST_COMPRESSION }).length }
}

function tableOf(rows) {
  let total = { raw: 0, gzip: 0 }
  const lines = ['| file | raw | gzip |', '|---|---:|---:|']
  for (const r of rows) {
    lines.push(`| ${r.path} | ${kb(r.raw)} | ${kb(r.gzip)} |`)
    total = { raw: total.raw + r.raw, gzip: total.gzip + r.gzip }
  }
  lines.push(`| **total** | **${kb(total.raw)}** | **${kb(total.gzip)}** |`)
  return { text: lines.join('\n'), total }
}

async function measureHtmlReferences() {
  const html = await fetch(`${BASE_URL}/`).then((r) => r.text())
  const urls = new Set()
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) urls.add(m[1])
  for (const m of html.matchAll(/<link\b[^>]*\bhref="([^"]+)"[^>]*\brel="modulepreload"/g)) urls.add(m[1])
  const rows = []
  for (const u of urls) {
    const abs = new URL(u, `${BASE_URL}/`).toString()
    rows.push({ path: new URL(abs).pathname, ...(await gzipSize(abs)) })
  }
  return rows
}

async function measureLoadedScripts() {
  let chromium
  try {
    ;({ chromium } = await import('playwright-core'))
  } catch {
    return { error: 'playwright-core is not installed' }
  }
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS })
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const scripts = new Set()
    const fonts = new Set()
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.add(req.url())
      if (req.url().endsWith('.woff2')) fonts.add(req.url())
    })
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' })
    const rows = []
    for (const u of scripts) {
      if (!u.startsWith(BASE_URL)) continue
      rows.push({ path: new URL(u).pathname, ...(await gzipSize(u)) })
    }
    const fontRows = []
    for (const u of fonts) fontRows.push({ path: new URL(u).pathname, ...(await gzipSize(u)) })
    return { rows, fontRows }
  } finally {
    await browser.close()
  }
}

function run(cmd, args, opts) {
  return new Promise((resolve) => {
    execFile(cmd, args, { maxBuffer: 64 * 1024 * 1024, timeout: 300_000, ...opts }, (error, stdout, stderr) =>
      resolve({ error, stdout, stderr }),
    )
  })
}

const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1))

/** Every page LH_RUNS times; per page the run with the median performance score. */
async function lighthouse(paths) {
  const runs = []
  for (let i = 0; i < RUNS; i++) runs.push(await lighthouseOnce(paths, i))
  return paths.map((path) => {
    // a run Lighthouse could not finish (NO_NAVSTART and the like, seen under load) does not count
    const all = runs
      .map((r) => r.find((x) => x.path === path))
      .filter((r) => r && !r.error && !r.runtimeError && typeof r.performance === 'number')
    if (all.length === 0) return runs[0].find((x) => x.path === path)
    all.sort((a, b) => a.performance - b.performance)
    return { ...all[Math.floor((all.length - 1) / 2)], allScores: all.map((r) => r.performance) }
  })
}

async function lighthouseOnce(paths, runIndex) {
  const dir = mkdtempSync(join(tmpdir(), 'lh-'))
  const results = []
  try {
    for (const path of paths) {
      const out = join(dir, `${path.replace(/\W+/g, '_') || 'home'}-${runIndex}.json`)
      const { error, stderr } = await run(
        LIGHTHOUSE[0],
        [
          ...LIGHTHOUSE[1],
          `${BASE_URL}${path}`,
          `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
          '--form-factor=mobile',
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
        ],
        { env: { ...process.env, CHROME_PATH: CHROME } },
      )
      let report = null
      try {
        report = JSON.parse(readFileSync(out, 'utf8'))
      } catch {
        report = null
      }
      if (!report) {
        results.push({ path, error: `${error?.message ?? 'no report'}\n${(stderr ?? '').slice(-1500)}` })
        continue
      }
      const score = (id) => {
        const s = report.categories?.[id]?.score
        return typeof s === 'number' ? Math.round(s * 100) : 'n/a'
      }
      const audit = (id) => report.audits?.[id]?.displayValue ?? 'n/a'
      results.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        clsValue: report.audits?.['cumulative-layout-shift']?.numericValue,
        runtimeError: report.runtimeError?.message,
      })
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return results
}

console.log(`# Measurements of ${BASE_URL} (${new Date().toISOString()})\n`)

console.log('## JS referenced by the home page HTML (scripts + modulepreloads)\n')
const initial = tableOf(await measureHtmlReferences())
console.log(initial.text + '\n')

console.log('## JS the browser loads for / (including lazy route chunks)\n')
const loaded = await measureLoadedScripts()
let homeJs = null
let homeFonts = null
if (loaded.error) console.log(`not measured: ${loaded.error}\n`)
else {
  const table = tableOf(loaded.rows)
  homeJs = table.total
  console.log(table.text + '\n')
  console.log('## Web fonts the home page loads (woff2, all preloaded for the first paint)\n')
  const fonts = tableOf(loaded.fontRows)
  homeFonts = fonts.total
  console.log(fonts.text + '\n')
}

/** One line of issue 13's one-table contract (see .ci/bench). */
function summary(figure, value, baseline, goal, met, extra = {}) {
  if (!process.env.BENCH_SUMMARY) return
  appendFileSync(process.env.BENCH_SUMMARY, JSON.stringify({ target: 3, figure, value, baseline, goal, met, ...extra }) + '\n')
}

// The figures before issue 13: main at 87376eb, release build, median of 3 runs, measured
// alongside the after figures (docs/BENCHMARKS.md, "Speed round (issue 13): public pages").
const BEFORE = {
  homeJsKb: 107.6,
  performance: { '/': 83, '/jobs/find': 78, '/jobs/{id}': 59, '/blogs': 83 },
  cls: '0.497 (main 87376eb; /jobs/{id}: its loading state, then the job)',
}

if (homeJs) {
  const kbValue = homeJs.gzip / 1024
  summary('home page JS, gzip (every script / loads)', `${kbValue.toFixed(1)} kB`, `${BEFORE.homeJsKb} kB (main 87376eb)`, '<= 100 kB', kbValue <= 100, {
    ratio: `${Math.round((kbValue / BEFORE.homeJsKb) * 100)} %`,
  })
}
if (homeFonts) {
  const kbValue = homeFonts.raw / 1024
  summary('woff2 on the first paint of /', `${kbValue.toFixed(1)} kB`, '48 kB (the unsubsetted latin file)', '<= ~30 kB (issue 8)', kbValue <= 30.5)
}

if (process.argv.includes('--no-lighthouse')) process.exit(0)

// a job page: the board's first job
let jobPath = null
try {
  const board = await fetch(`${BASE_URL}/api/admin/jobs/job-board`).then((r) => r.json())
  if (Array.isArray(board) && board.length > 0) jobPath = `/jobs/${board[0].id}`
} catch {
  jobPath = null
}
const pages = ['/', '/jobs/find', ...(jobPath ? [jobPath] : []), '/blogs']

console.log(`## Lighthouse 12, mobile${RUNS > 1 ? ` (median of ${RUNS} runs per page)` : ''}\n`)
const lh = await lighthouse(pages)
console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of lh) {
  if (r.error) console.log(`| ${r.path} | lighthouse could not run | | | | | | | |`)
  else
    console.log(
      `| ${r.path} | ${r.performance}${r.allScores?.length > 1 ? ` (${r.allScores.join(', ')})` : ''} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
    )
}
for (const r of lh) {
  if (r.error) console.log(`\nLighthouse failed for ${r.path}: ${r.error}`)
  else if (r.runtimeError) console.log(`\nLighthouse runtime error for ${r.path}: ${r.runtimeError}`)
}

const ok = lh.filter((r) => !r.error && !r.runtimeError)
for (const r of lh) {
  const label = r.path.startsWith('/jobs/') && r.path !== '/jobs/find' ? '/jobs/{id}' : r.path
  const failed = r.error || r.runtimeError
  summary(
    `Lighthouse mobile performance, ${label}`,
    failed ? 'did not run' : `${r.performance}${r.allScores?.length > 1 ? ` (runs: ${r.allScores.join(', ')})` : ''}`,
    `${BEFORE.performance[label]} (main 87376eb, release)`,
    '>= 95',
    !failed && r.performance >= 95,
  )
}
if (ok.length > 0) {
  const min = (key) => Math.min(...ok.map((r) => (typeof r[key] === 'number' ? r[key] : 0)))
  const a11y = min('accessibility')
  const bp = min('bestPractices')
  const seo = min('seo')
  summary(
    `accessibility / best practices / SEO, lowest of ${ok.length} pages`,
    `${a11y} / ${bp} / ${seo}`,
    '100 / 100 / 100 (main 87376eb)',
    '100 each',
    a11y === 100 && bp === 100 && seo === 100,
  )
  const cls = Math.max(...ok.map((r) => r.clsValue ?? 0))
  summary(`CLS, highest of ${ok.length} pages (web font swap included)`, cls.toFixed(3), BEFORE.cls, '< 0.02 (issue 8)', cls < 0.02)
}
