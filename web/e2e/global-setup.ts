/**
 * Global setup for the browser tests: a fresh database on E2E_DATABASE_URL's server,
 * `recruit migrate` + `recruit seed`, then `recruit serve` on a free port with the built
 * web app. Teardown stops the server and drops the database.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, closeSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { E2E_JWT_SECRET } from './tokens'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    port: number
    databaseUrl: string
    mailDir: string
    storageDir: string
  }
}

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')

function databaseUrlFor(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

function psql(url: string, sql: string) {
  execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: ['ignore', 'pipe', 'pipe'] })
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => ok(port))
    })
  })
}

function runRecruit(bin: string, args: string[], env: NodeJS.ProcessEnv) {
  try {
    execFileSync(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 })
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer; message: string }
    throw new Error(`recruit ${args.join(' ')} failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`)
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export default async function setup(project: TestProject) {
  const serverUrl = process.env.E2E_DATABASE_URL
  if (!serverUrl) throw new Error('E2E_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/postgres)')
  const bin = resolve(webDir, process.env.RECRUIT_BIN ?? '../target/debug/recruit')
  if (!existsSync(bin)) throw new Error(`recruit binary not found at ${bin} (build it, or set RECRUIT_BIN)`)
  const dist = join(webDir, 'dist')
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: build the web app first (cd web && npx vite build)`)
  }

  const dbName = `recruit_e2e_${randomBytes(6).toString('hex')}`
  const databaseUrl = databaseUrlFor(serverUrl, dbName)
  const work = mkdtempSync(join(tmpdir(), 'recruit-e2e-'))
  const mailDir = join(work, 'mail')
  const storageDir = join(work, 'storage')
  const logPath = join(work, 'serve.log')
  const port = await freePort()
  const baseUrl = `http://localhost:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    APP_ENV: 'development',
    // The seeded admins sign in with a password alone, as in .ci/dev; step-up still needs a code.
    ADMIN_TWO_FACTOR: 'optional',
    BIND_ADDR: `127.0.0.1:${port}`,
    WEB_DIST: dist,
    PUBLIC_URL: baseUrl,
    MAIL_DIR: mailDir,
    STORAGE_DIR: storageDir,
    RUST_LOG: process.env.RUST_LOG ?? 'warn',
  }

  // a known secret, so a test can age a session's last code (tokens.ts)
  env.JWT_SECRET = E2E_JWT_SECRET

  psql(serverUrl, `CREATE DATABASE "${dbName}"`)
  let server: ChildProcess | null = null
  let logFd: number | null = null

  const teardown = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server!.once('exit', r))
      server.kill('SIGTERM')
      const done = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)])
      if (!done) server.kill('SIGKILL')
    }
    if (logFd !== null) closeSync(logFd)
    try {
      psql(serverUrl, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`)
    } catch (e) {
      console.error(`[e2e] could not drop database ${dbName}:`, e)
    }
    if (process.env.E2E_KEEP_WORKDIR === '1') console.log(`[e2e] kept ${work}`)
    else rmSync(work, { recursive: true, force: true })
  }

  try {
    runRecruit(bin, ['migrate'], env)
    runRecruit(bin, ['seed'], env)

    logFd = openSync(logPath, 'a')
    server = spawn(bin, ['serve'], { env, stdio: ['ignore', logFd, logFd] })
    const started = Date.now()
    let ready = false
    while (Date.now() - started < 60_000) {
      if (server.exitCode !== null) break
      try {
        const res = await fetch(`${baseUrl}/readyz`)
        if (res.ok) {
          ready = true
          break
        }
      } catch {
        // not listening yet
      }
      await sleep(250)
    }
    if (!ready) {
      throw new Error(`recruit serve did not become ready (exit ${server.exitCode}).\n${readFileSync(logPath, 'utf8').slice(-4000)}`)
    }
    // the projectors fill the read models after start: wait for the seeded job board
    while (Date.now() - started < 60_000) {
      const jobs: unknown = await fetch(`${baseUrl}/api/admin/jobs/job-board`).then((r) => r.json())
      if (Array.isArray(jobs) && jobs.length >= 20) break
      await sleep(250)
    }
  } catch (e) {
    await teardown()
    throw e
  }

  console.log(`[e2e] recruit serving ${baseUrl} (database ${dbName})`)
  project.provide('baseUrl', baseUrl)
  project.provide('port', port)
  project.provide('databaseUrl', databaseUrl)
  project.provide('mailDir', mailDir)
  project.provide('storageDir', storageDir)
  return teardown
}
