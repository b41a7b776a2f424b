#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse 12 (mobile) on /, /jobs/find, a job page and /blogs, against
 * the built web app (web/dist) served by a seeded `recruit serve`, with the machine's Chromium.
 * Not part of the test run (it takes a few minutes); the scores go in docs/BENCHMARKS.md.
 *
 *   cd web && npx vite build
 *   E2E_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres RECRUIT_BIN=../target/debug/recruit npm run lighthouse
 *   BASE_URL=http://localhost:8123 npm run lighthouse     # a server that is already running
 *
 * LH_RUNS=3 keeps each page's median run (see e2e/measure.mjs). Without BASE_URL it makes a fresh
 * database on E2E_DATABASE_URL's server (migrate, seed), serves on a free port, measures, and
 * drops the database again, as the browser tests' global setup does.
 */
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const measure = join(webDir, 'e2e', 'measure.mjs')
const args = process.argv.slice(2)

function runMeasure(baseUrl) {
  return new Promise((done) => {
    const child = spawn(process.execPath, [measure, ...args], { stdio: 'inherit', env: { ...process.env, BASE_URL: baseUrl } })
    child.on('exit', (code) => done(code ?? 1))
  })
}

if (process.env.BASE_URL) process.exit(await runMeasure(process.env.BASE_URL))

const serverUrl = process.env.E2E_DATABASE_URL
if (!serverUrl) {
  console.error('Set E2E_DATABASE_URL (a PostgreSQL server to make a scratch database on), or BASE_URL of a running server.')
  process.exit(2)
}
const bin = resolve(webDir, process.env.RECRUIT_BIN ?? '../target/debug/recruit')
if (!existsSync(bin)) throw new Error(`recruit binary not found at ${bin} (build it, or set RECRUIT_BIN)`)
if (!existsSync(join(webDir, 'dist', 'index.html'))) throw new Error('web/dist is missing: run `npx vite build` first')

const port = await new Promise((ok) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const p = srv.address().port
    srv.close(() => ok(p))
  })
})
const dbName = `recruit_lh_${randomBytes(6).toString('hex')}`
const dbUrl = new URL(serverUrl)
dbUrl.pathname = `/${dbName}`
const work = mkdtempSync(join(tmpdir(), 'recruit-lh-'))
const baseUrl = `http://localhost:${port}`
const env = {
  ...process.env,
  DATABASE_URL: dbUrl.toString(),
  APP_ENV: 'development',
  BIND_ADDR: `127.0.0.1:${port}`,
  WEB_DIST: join(webDir, 'dist'),
  PUBLIC_URL: baseUrl,
  MAIL_DIR: join(work, 'mail'),
  STORAGE_DIR: join(work, 'storage'),
  RUST_LOG: process.env.RUST_LOG ?? 'warn',
}
const psql = (sql) => execFileSync('psql', [serverUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'pipe' })

psql(`CREATE DATABASE "${dbName}"`)
let server = null
let code = 1
try {
  execFileSync(bin, ['migrate'], { env, stdio: 'pipe' })
  execFileSync(bin, ['seed'], { env, stdio: 'pipe' })
  server = spawn(bin, ['serve'], { env, stdio: 'ignore' })
  for (let i = 0; ; i++) {
    const ready = await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false)
    if (ready) break
    if (i > 120) throw new Error('the server did not become ready in 60 s')
    await new Promise((r) => setTimeout(r, 500))
  }
  code = await runMeasure(baseUrl)
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r))
    server.kill('SIGTERM')
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
  }
  psql(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
  rmSync(work, { recursive: true, force: true })
}
process.exit(code)
