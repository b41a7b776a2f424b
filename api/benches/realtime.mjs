// Realtime benchmark against a running `recruit serve` (see .ci/bench).
//   BASE_URL=http://127.0.0.1:8191 SERVER_PID=1234 [ROUNDS=300] node api/benches/realtime.mjs
//
// 1. Push latency: 499 bystander sockets + 1 target socket connected; each round
//    an employer changes the target's application status over HTTP and we time
//    the request start -> the target socket's `notification` for that round.
// 2. Server memory (VmRSS of SERVER_PID): with the 500 sockets, idle after
//    closing them, and with 5000 idle websocket connections.
// Prints a Markdown table; exits 1 when anything failed. Loopback only.
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import path from 'node:path'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(path.join(here, '../../web/package.json'))
const { io } = require('socket.io-client')

const BASE_URL = (process.env.BASE_URL || '').replace(/\/+$/, '')
const SERVER_PID = Number(process.env.SERVER_PID)
const ROUNDS = Number(process.env.ROUNDS || 300)
const BYSTANDERS = 10
const BYSTANDER_SOCKETS = 499
const IDLE_SOCKETS = 5000
const IDLE_BATCH = 250
const ROUND_TIMEOUT_MS = 5000
const CONNECT_TIMEOUT_MS = 15000
const HTTP_TIMEOUT_MS = 10000
const PASSWORD = 'Candidate1!'

function die(msg) {
  console.error(`realtime bench: ${msg}`)
  process.exit(2)
}
if (!BASE_URL) die('BASE_URL is required')
{
  const host = new URL(BASE_URL).hostname
  if (host !== '127.0.0.1') die(`BASE_URL must point at 127.0.0.1 (got ${host})`)
}
if (!Number.isInteger(SERVER_PID) || SERVER_PID <= 0) die('SERVER_PID is required')
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 100000) die('ROUNDS must be 1..100000')

const log = (msg) => console.error(`[realtime] ${msg}`)
const failures = [] // human-readable reasons; any entry -> exit 1
const fail = (msg) => {
  failures.push(msg)
  if (failures.length <= 20) log(`FAILURE: ${msg}`)
}

// ---------- HTTP ----------
async function http(method, url, { token, body, consistency } = {}) {
  const headers = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `Bearer ${token}`
  if (consistency) headers['x-consistency-token'] = consistency
  const res = await fetch(BASE_URL + url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  })
  const text = await res.text()
  let json = null
  try { json = text ? JSON.parse(text) : null } catch { json = text }
  return { status: res.status, json, consistency: res.headers.get('x-consistency-token') }
}

async function must(method, url, opts, expect = [200, 201]) {
  const r = await http(method, url, opts)
  if (!expect.includes(r.status)) die(`${method} ${url} -> ${r.status} ${JSON.stringify(r.json)}`)
  return r
}

async function login(role, email, password) {
  const r = await must('POST', `/api/auth/${role}/login`, { body: { email, password } })
  return { token: r.json.token, user: r.json.user }
}

async function newCandidate(label) {
  const email = `bench-rt-${process.pid}-${Date.now()}-${label}@example.com`
  await must('POST', '/api/auth/candidate/register', { body: { name: `Bench ${label}`, email, password: PASSWORD } }, [201])
  return login('candidate', email, PASSWORD)
}

// ---------- sockets ----------
// Resolves with the socket once the server emitted `connected`; rejects on
// connect_error, early disconnect or timeout (the socket is closed then).
function openSocket(token) {
  return new Promise((resolve, reject) => {
    const socket = io(BASE_URL, {
      auth: { token, user_type: 'candidate' },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: CONNECT_TIMEOUT_MS,
    })
    const timer = setTimeout(() => done(new Error('timed out waiting for "connected"')), CONNECT_TIMEOUT_MS)
    let settled = false
    function done(err) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (err) { socket.close(); reject(err) } else resolve(socket)
    }
    socket.once('connected', () => done())
    socket.once('connect_error', (e) => done(new Error(`connect_error: ${e.message}`)))
    socket.once('disconnect', (reason) => done(new Error(`disconnect: ${reason}`)))
  })
}

// Opens `count` sockets in batches; returns the connected ones and counts failures.
async function openMany(count, batch, tokenFor, what) {
  const sockets = []
  let failed = 0
  for (let start = 0; start < count; start += batch) {
    const n = Math.min(batch, count - start)
    const results = await Promise.allSettled(Array.from({ length: n }, (_, k) => openSocket(tokenFor(start + k))))
    for (const r of results) {
      if (r.status === 'fulfilled') sockets.push(r.value)
      else { failed++; if (failed <= 5) log(`${what}: ${r.reason.message}`) }
    }
  }
  if (failed) fail(`${failed} of ${count} ${what} sockets did not connect`)
  return sockets
}

function closeAll(sockets) {
  for (const s of sockets) s.close()
  sockets.length = 0
}

function rssKb() {
  const status = readFileSync(`/proc/${SERVER_PID}/status`, 'utf8')
  const m = status.match(/^VmRSS:\s+(\d+)\s+kB/m)
  if (!m) die(`no VmRSS in /proc/${SERVER_PID}/status`)
  return Number(m[1])
}

const pct = (sorted, p) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN
const ms = (v) => Number.isFinite(v) ? `${v.toFixed(2)} ms` : 'n/a'
const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`

// ---------- main ----------
async function main() {
  rssKb() // the server process must be readable before we start
  const started = performance.now()

  // a) accounts, an application
  log('signing in the demo employer, registering candidates')
  const employer = await login('employer', 'employer@example.com', 'Employer1!')
  const target = await newCandidate('target')
  const bystanders = []
  for (let i = 0; i < BYSTANDERS; i++) bystanders.push(await newCandidate(`bystander${i}`))

  const jobs = (await must('GET', '/api/employer/jobs', { token: employer.token })).json
  const job = Array.isArray(jobs) && jobs.find((j) => j.status === 'open')
  if (!job) die('the demo employer has no open job')
  const submitted = await must('POST', '/api/applications/submit', { token: target.token, body: { jobId: job.id } }, [201])
  let applicationId = null
  for (let attempt = 0; attempt < 20 && !applicationId; attempt++) {
    const apps = (await must('GET', '/api/employer/applications', { token: employer.token, consistency: submitted.consistency })).json
    const mine = Array.isArray(apps) && apps.find((a) => a.id === submitted.json.id || (a.job_id === job.id && a.candidate_email === target.user.email))
    if (mine) applicationId = mine.id
    else await sleep(250)
  }
  if (!applicationId) die('the application never showed up in GET /api/employer/applications')
  log(`target applied to "${job.title}" (application ${applicationId})`)

  // b) 499 bystander sockets + 1 target socket
  log(`opening ${BYSTANDER_SOCKETS} bystander sockets and 1 target socket`)
  const live = await openMany(BYSTANDER_SOCKETS, 100, (i) => bystanders[i % BYSTANDERS].token, 'bystander')
  let bystanderNotifications = 0
  for (const s of live) s.on('notification', () => { bystanderNotifications++ })
  let targetSocket
  try { targetSocket = await openSocket(target.token) } catch (e) { die(`target socket: ${e.message}`) }
  live.push(targetSocket)
  const connectedSockets = live.length
  log(`${connectedSockets} sockets connected`)

  // c) latency rounds
  let waiter = null // {suffix, resolve}
  const overdue = new Map() // suffix -> {round, t0} of rounds that timed out
  let lateArrivals = 0
  targetSocket.on('notification', (n) => {
    const now = performance.now()
    const message = typeof n?.message === 'string' ? n.message : ''
    if (waiter && message.endsWith(waiter.suffix)) { const w = waiter; waiter = null; w.resolve(now); return }
    for (const [suffix, { round, t0 }] of overdue) {
      if (message.endsWith(suffix)) {
        overdue.delete(suffix)
        lateArrivals++
        log(`round ${round}: its notification arrived late, ${(now - t0).toFixed(0)} ms after the request`)
        return
      }
    }
  })
  targetSocket.on('disconnect', (reason) => fail(`target socket disconnected: ${reason}`))

  log(`running ${ROUNDS} rounds`)
  const latencies = []
  let roundFailures = 0
  for (let i = 1; i <= ROUNDS; i++) {
    const status = i % 2 === 1 ? 'accepted' : 'rejected'
    const feedback = `round ${i}`
    let timer
    const notified = new Promise((resolve) => {
      waiter = { suffix: `Feedback from the employer: ${feedback}`, resolve }
      timer = setTimeout(() => resolve(null), ROUND_TIMEOUT_MS)
    })
    const t0 = performance.now()
    const request = http('PUT', `/api/employer/applications/${applicationId}/status`, { token: employer.token, body: { status, feedback } })
      .catch((e) => ({ status: 0, json: e.message }))
    const [res, t1] = await Promise.all([request, notified])
    clearTimeout(timer)
    waiter = null
    if (res.status !== 200 || res.json?.message !== 'Application updated') {
      roundFailures++
      fail(`round ${i}: PUT status -> ${res.status} ${JSON.stringify(res.json)}`)
    } else if (t1 === null) {
      roundFailures++
      overdue.set(`Feedback from the employer: ${feedback}`, { round: i, t0 })
      fail(`round ${i}: no notification within ${ROUND_TIMEOUT_MS} ms`)
    } else {
      latencies.push(t1 - t0)
    }
  }
  latencies.sort((a, b) => a - b)
  if (bystanderNotifications) fail(`bystander sockets received ${bystanderNotifications} notifications (expected 0)`)
  log(`rounds done: p50 ${ms(pct(latencies, 50))}, p99 ${ms(pct(latencies, 99))}, failures ${roundFailures}`)

  // d) memory
  const rss500 = rssKb()
  targetSocket.removeAllListeners('disconnect')
  closeAll(live)
  await sleep(3000)
  const rssIdle = rssKb()
  log(`opening ${IDLE_SOCKETS} idle sockets in batches of ${IDLE_BATCH}`)
  const tokens = [target.token, ...bystanders.map((b) => b.token)]
  const idle = await openMany(IDLE_SOCKETS, IDLE_BATCH, (i) => tokens[i % tokens.length], 'idle')
  await sleep(3000)
  const rss5000 = rssKb()
  const idleConnected = idle.length
  closeAll(idle)
  const perSocketKb = idleConnected ? (rss5000 - rssIdle) / idleConnected : NaN
  await sleep(500)

  // e) report
  const rows = [
    ['push latency rounds', `${ROUNDS}`],
    ['sockets connected during rounds', `${connectedSockets} (499 bystanders over ${BYSTANDERS} candidates + 1 target)`],
    ['latency p50', ms(pct(latencies, 50))],
    ['latency p90', ms(pct(latencies, 90))],
    ['latency p99', ms(pct(latencies, 99))],
    ['latency max', ms(latencies[latencies.length - 1])],
    ['round failures (HTTP error or no push within 5 s)', `${roundFailures}`],
    ['timed-out pushes that arrived later (by end of rounds)', `${lateArrivals}`],
    ['notifications leaked to bystanders', `${bystanderNotifications}`],
    ['server RSS, 500 sockets connected', mb(rss500)],
    ['server RSS, idle baseline (sockets closed)', mb(rssIdle)],
    [`server RSS, ${IDLE_SOCKETS} idle sockets`, `${mb(rss5000)} (${idleConnected} connected)`],
    ['server RSS per idle socket', Number.isFinite(perSocketKb) ? `${perSocketKb.toFixed(1)} KB` : 'n/a'],
    ['failures (all)', `${failures.length}`],
    ['wall time', `${((performance.now() - started) / 1000).toFixed(1)} s`],
  ]
  console.log()
  console.log('| realtime metric | value |')
  console.log('|---|---:|')
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`)
  console.log()
  if (failures.length) {
    console.log(`FAILED: ${failures.length} failure(s); first: ${failures[0]}`)
    return 1
  }
  return 0
}

// Never hang: a hard ceiling on the whole run.
const ceiling = setTimeout(() => die('gave up after 20 minutes'), 20 * 60 * 1000)
ceiling.unref()
main().then(
  (code) => process.exit(code),
  (e) => die(e?.stack || String(e)),
)
