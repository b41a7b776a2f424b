#!/usr/bin/env node
/**
 * Measurements of a running site (starts nothing itself).
 *
 *   BASE_URL=http://localhost:8123 node e2e/measure.mjs [--no-lighthouse]
 *
 * 1. JS shipped for the home page: the scripts and modulepreloads in the HTML, plus every script
 *    the browser actually loads for / (lazy route chunks), each fetched and gzipped with zlib.
 * 2. Lighthouse 12 (mobile) for /, /jobs/find and /blogs via `npx --yes lighthouse@12`, with
 *    CHROME_PATH=/usr/bin/chromium; prints a Markdown table, or why it could not run.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync, constants as zlib } from 'node:zlib'

const BASE_URL = (process.env.BASE_URL ?? process.argv.find((a) => a.startsWith('http')) ?? '').replace(/\/$/, '')
if (!BASE_URL) {
  console.error('Set BASE_URL (e.g. BASE_URL=http://localhost:8123 node e2e/measure.mjs)')
  process.exit(2)
}
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

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
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.add(req.url())
    })
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' })
    const rows = []
    for (const u of scripts) {
      if (!u.startsWith(BASE_URL)) continue
      rows.push({ path: new URL(u).pathname, ...(await gzipSize(u)) })
    }
    return { rows }
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

async function lighthouse(paths) {
  const dir = mkdtempSync(join(tmpdir(), 'lh-'))
  const results = []
  try {
    for (const path of paths) {
      const out = join(dir, `${path.replace(/\W+/g, '_') || 'home'}.json`)
      const { error, stderr } = await run(
        'npx',
        [
          '--yes',
          'lighthouse@12',
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
if (loaded.error) console.log(`not measured: ${loaded.error}\n`)
else console.log(tableOf(loaded.rows).text + '\n')

if (process.argv.includes('--no-lighthouse')) process.exit(0)

console.log('## Lighthouse 12, mobile\n')
const lh = await lighthouse(['/', '/jobs/find', '/blogs'])
console.log('| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |')
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
for (const r of lh) {
  if (r.error) console.log(`| ${r.path} | lighthouse could not run | | | | | | | |`)
  else
    console.log(
      `| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
    )
}
for (const r of lh) {
  if (r.error) console.log(`\nLighthouse failed for ${r.path}: ${r.error}`)
  else if (r.runtimeError) console.log(`\nLighthouse runtime error for ${r.path}: ${r.runtimeError}`)
}
