// Realtime benchmark against a running `recruit serve` (see .ci/bench).
//   BASE_URL=http://127.0.0.1:8191 SERVER_PID=1234 [ROUNDS=300] [BENCH_SUMMARY=file] node bench/load/realtime.mjs
//
// 1. Server memory with no socket: VmRSS of SERVER_PID right after start, and
//    after the sign-ins the benchmark needs (argon2 runs then).
// 2. Push latency, twice in the same run: with 500 sockets connected (the
//    baseline) and with 5,000. Each round an employer changes the target
//    candidate's application status over HTTP and we time the request start ->
//    the target socket's `notification` for that round. Every other socket
//    belongs to one of 10 bystander candidates and must receive nothing.
// 3. Server memory with 10,000 idle authenticated sockets, read after they have
//    been open for longer than one engine.io ping interval (so every socket
//    has been through a heartbeat), and a check that all of them are still open.
//
// The bystander and idle sockets live in WORKERS child processes
// (realtime-worker.mjs; node is single-threaded; 10,000 socket.io clients in one
// process would slow the process that times the pushes). The target socket and the HTTP requests stay here. Memory
// is the server pid's own VmRSS: the clients are other processes.
// Prints a Markdown table; exits 1 when anything failed. Loopback only.
import { fileURLToPath } from 'node:url'
import { appendFileSync, readFileSync } from 'node:fs'
import { fork } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { BASE_URL, die, openSocket } from './realtime-socket.mjs'

await coordinator()

async function coordinator() {
  // Never hang: a hard ceiling on the whole run.
  const ceiling = setTimeout(() => die('gave up after 30 minutes'), 30 * 60 * 1000)
  ceiling.unref()
  const SERVER_PID = Number(process.env.SERVER_PID)
  const ROUNDS = Number(process.env.ROUNDS || 300)
  const WORKERS = Number(process.env.WORKERS || 4)
  const BASELINE_SOCKETS = Number(process.env.BASELINE_SOCKETS || 500)
  const LATENCY_SOCKETS = Number(process.env.LATENCY_SOCKETS || 5000)
  const IDLE_SOCKETS = Number(process.env.IDLE_SOCKETS || 10000)
  // Longer than engine.io's ping interval (25 s): every idle socket has had a heartbeat.
  const IDLE_SETTLE_MS = Number(process.env.IDLE_SETTLE_MS || 30000)
  const RSS_GOAL_MB = 300
  const P99_GOAL_MS = 50
  const BYSTANDERS = 10
  const BATCH = 250
  const ROUND_TIMEOUT_MS = 5000
  const HTTP_TIMEOUT_MS = 10000
  const PASSWORD = 'Candidate1!'

  if (!BASE_URL) die('BASE_URL is required')
  {
    const host = new URL(BASE_URL).hostname
    if (host !== '127.0.0.1') die(`BASE_URL must point at 127.0.0.1 (got ${host})`)
  }
  if (!Number.isInteger(SERVER_PID) || SERVER_PID <= 0) die('SERVER_PID is required')
  if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 100000) die('ROUNDS must be 1..100000')
  if (!(BASELINE_SOCKETS >= 1 && BASELINE_SOCKETS <= LATENCY_SOCKETS && LATENCY_SOCKETS <= IDLE_SOCKETS)) {
    die('need 1 <= BASELINE_SOCKETS <= LATENCY_SOCKETS <= IDLE_SOCKETS')
  }
  if (!Number.isInteger(WORKERS) || WORKERS < 1 || WORKERS > 32) die('WORKERS must be 1..32')

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

  // ---------- workers ----------
  const workers = []
  let shuttingDown = false
  let nextId = 1
  const pending = new Map()
  for (let w = 0; w < WORKERS; w++) {
    const child = fork(fileURLToPath(new URL('./realtime-worker.mjs', import.meta.url)), [], { env: process.env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    child.on('message', (msg) => {
      const p = pending.get(msg.id)
      if (!p) return
      pending.delete(msg.id)
      if (msg.ok) p.resolve(msg)
      else p.reject(new Error(msg.error))
    })
    child.on('exit', (code) => { if (code && !shuttingDown) die(`worker ${w} exited with ${code}`) })
    workers.push(child)
  }
  const ask = (child, msg) => new Promise((resolve, reject) => {
    const id = nextId++
    pending.set(id, { resolve, reject })
    child.send({ id, ...msg })
  })
  const askAll = (msg) => Promise.all(workers.map((w) => ask(w, msg)))

  // Opens `count` more bystander sockets spread over the workers.
  let held = 0
  async function openBystanders(count, tokens, what) {
    const share = workers.map((_, w) => Math.floor(count / WORKERS) + (w < count % WORKERS ? 1 : 0))
    const results = await Promise.all(workers.map((w, i) => ask(w, { op: 'open', tokens, count: share[i], batch: Math.ceil(BATCH / WORKERS) })))
    const opened = results.reduce((a, r) => a + r.opened, 0)
    held += opened
    const errors = results.flatMap((r) => r.errors)
    if (opened < count) fail(`${count - opened} of ${count} ${what} sockets did not connect (first: ${errors[0]})`)
    return opened
  }
  async function workerStats() {
    const all = await askAll({ op: 'stats' })
    return {
      open: all.reduce((a, s) => a + s.open, 0),
      notifications: all.reduce((a, s) => a + s.notifications, 0),
      disconnects: all.reduce((a, s) => a + s.disconnects, 0),
      reasons: all.flatMap((s) => s.reasons),
    }
  }

  // ---------- server memory ----------
  function memory() {
    const status = readFileSync(`/proc/${SERVER_PID}/status`, 'utf8')
    const field = (name) => {
      const m = status.match(new RegExp(`^${name}:\\s+(\\d+)`, 'm'))
      return m ? Number(m[1]) : NaN
    }
    const rss = field('VmRSS')
    if (!Number.isFinite(rss)) die(`no VmRSS in /proc/${SERVER_PID}/status`)
    return { rss, anon: field('RssAnon'), file: field('RssFile'), threads: field('Threads') }
  }

  const pct = (sorted, p) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN
  const ms = (v) => Number.isFinite(v) ? `${v.toFixed(2)} ms` : 'n/a'
  const mb = (kb) => `${(kb / 1024).toFixed(1)} MB`
  const memText = (m) => `${mb(m.rss)} (anon ${mb(m.anon)}, file ${mb(m.file)}, ${m.threads} threads)`
  const thousands = (n) => n.toLocaleString('en-GB')

  // ---------- main ----------
  const started = performance.now()
  const memFresh = memory() // before any request of ours

  log('signing in the demo employer, registering candidates')
  const employer = await login('employer', 'employer@example.com', 'Employer1!')
  const target = await newCandidate('target')
  const bystanders = []
  for (let i = 0; i < BYSTANDERS; i++) bystanders.push(await newCandidate(`bystander${i}`))
  const bystanderTokens = bystanders.map((b) => b.token)

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
  await sleep(1000)
  const memNoSockets = memory()

  // The target socket, here; every other socket is in a worker.
  let targetSocket
  try { targetSocket = await openSocket(target.token) } catch (e) { die(`target socket: ${e.message}`) }
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

  let statusToggle = 0
  async function rounds(label) {
    const latencies = []
    let lost = 0
    for (let i = 1; i <= ROUNDS; i++) {
      const status = statusToggle++ % 2 === 0 ? 'accepted' : 'rejected'
      const feedback = `round ${label}-${i}`
      const suffix = `Feedback from the employer: ${feedback}`
      let timer
      const notified = new Promise((resolve) => {
        waiter = { suffix, resolve }
        timer = setTimeout(() => resolve(null), ROUND_TIMEOUT_MS)
      })
      const t0 = performance.now()
      const request = http('PUT', `/api/employer/applications/${applicationId}/status`, { token: employer.token, body: { status, feedback } })
        .catch((e) => ({ status: 0, json: e.message }))
      const [res, t1] = await Promise.all([request, notified])
      clearTimeout(timer)
      waiter = null
      if (res.status !== 200 || res.json?.message !== 'Application updated') {
        lost++
        fail(`round ${label}-${i}: PUT status -> ${res.status} ${JSON.stringify(res.json)}`)
      } else if (t1 === null) {
        lost++
        overdue.set(suffix, { round: `${label}-${i}`, t0 })
        fail(`round ${label}-${i}: no notification within ${ROUND_TIMEOUT_MS} ms`)
      } else {
        latencies.push(t1 - t0)
      }
    }
    latencies.sort((a, b) => a - b)
    const r = { lost, p50: pct(latencies, 50), p90: pct(latencies, 90), p99: pct(latencies, 99), max: latencies[latencies.length - 1] }
    log(`${label} sockets: p50 ${ms(r.p50)}, p90 ${ms(r.p90)}, p99 ${ms(r.p99)}, max ${ms(r.max)}, lost ${lost}`)
    return r
  }

  // a) the baseline: latency with BASELINE_SOCKETS connected
  log(`opening ${BASELINE_SOCKETS - 1} bystander sockets in ${WORKERS} worker processes`)
  await openBystanders(BASELINE_SOCKETS - 1, bystanderTokens, 'bystander')
  const connectedBaseline = held + 1
  const latBaseline = await rounds(`${connectedBaseline}`)

  // b) latency with LATENCY_SOCKETS connected
  log(`opening ${LATENCY_SOCKETS - BASELINE_SOCKETS} more bystander sockets`)
  await openBystanders(LATENCY_SOCKETS - BASELINE_SOCKETS, bystanderTokens, 'bystander')
  const connectedLatency = held + 1
  await sleep(1000)
  const latLoaded = await rounds(`${connectedLatency}`)
  const memLatency = memory()

  // c) memory with IDLE_SOCKETS idle authenticated sockets
  log(`opening ${IDLE_SOCKETS - LATENCY_SOCKETS} more sockets, then ${IDLE_SETTLE_MS / 1000} s idle`)
  await openBystanders(IDLE_SOCKETS - LATENCY_SOCKETS, [target.token, ...bystanderTokens], 'idle')
  const connectedIdle = held + 1
  await sleep(IDLE_SETTLE_MS)
  const memIdle = memory()
  const stats = await workerStats()
  const openAtEnd = stats.open + (targetSocket.connected ? 1 : 0)
  if (openAtEnd !== connectedIdle) fail(`${connectedIdle - openAtEnd} of ${connectedIdle} sockets closed while idle (${stats.reasons.join(', ')})`)
  if (stats.notifications) fail(`bystander sockets received ${stats.notifications} notifications (expected 0)`)
  const perSocketKb = (memIdle.rss - memNoSockets.rss) / connectedIdle

  shuttingDown = true
  targetSocket.removeAllListeners('disconnect')
  targetSocket.close()
  await askAll({ op: 'close' })
  for (const w of workers) w.disconnect()

  // d) report
  const rows = [
    ['push latency rounds per phase', `${ROUNDS}`],
    [`sockets connected, baseline phase`, `${connectedBaseline} (bystanders over ${BYSTANDERS} candidates + 1 target)`],
    ['latency p50 / p90 / p99 / max, baseline', [latBaseline.p50, latBaseline.p90, latBaseline.p99, latBaseline.max].map(ms).join(' / ')],
    [`sockets connected, loaded phase`, `${connectedLatency}`],
    ['latency p50 / p90 / p99 / max, loaded', [latLoaded.p50, latLoaded.p90, latLoaded.p99, latLoaded.max].map(ms).join(' / ')],
    ['lost pushes (HTTP error or no push within 5 s), both phases', `${latBaseline.lost + latLoaded.lost}`],
    ['timed-out pushes that arrived later', `${lateArrivals}`],
    ['notifications delivered to bystanders', `${stats.notifications}`],
    ['server RSS, fresh (no request yet)', memText(memFresh)],
    ['server RSS, 0 sockets (after the sign-ins)', memText(memNoSockets)],
    [`server RSS, ${thousands(connectedLatency)} sockets after the rounds`, memText(memLatency)],
    [`server RSS, ${thousands(connectedIdle)} idle sockets (${IDLE_SETTLE_MS / 1000} s idle)`, memText(memIdle)],
    ['sockets still open at that reading', `${openAtEnd} of ${connectedIdle}`],
    ['server RSS per idle socket (above 0 sockets)', `${perSocketKb.toFixed(1)} KB`],
    ['failures (all)', `${failures.length}`],
    ['wall time', `${((performance.now() - started) / 1000).toFixed(1)} s`],
  ]
  console.log()
  console.log('| realtime metric | value |')
  console.log('|---|---:|')
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`)
  console.log()

  if (process.env.BENCH_SUMMARY) {
    const rssMb = memIdle.rss / 1024
    const lines = [
      {
        target: 4,
        figure: `server RSS, ${thousands(connectedIdle)} idle authenticated sockets`,
        value: `${rssMb.toFixed(0)} MB`,
        baseline: `0 sockets: ${(memNoSockets.rss / 1024).toFixed(0)} MB (fresh ${(memFresh.rss / 1024).toFixed(0)} MB)`,
        ratio: `${(memIdle.rss / memNoSockets.rss * 100).toFixed(0)} %`,
        goal: `<= ${RSS_GOAL_MB} MB`,
        met: rssMb <= RSS_GOAL_MB && openAtEnd === connectedIdle && connectedIdle >= 10000,
        note: `${perSocketKb.toFixed(1)} KB per socket; ${openAtEnd} of ${connectedIdle} still open after ${IDLE_SETTLE_MS / 1000} s`,
      },
      {
        target: 4,
        figure: `push p99, ${thousands(connectedLatency)} sockets connected, ${ROUNDS} rounds`,
        value: ms(latLoaded.p99),
        baseline: `${connectedBaseline} sockets: ${ms(latBaseline.p99)}`,
        ratio: `${(latLoaded.p99 / latBaseline.p99 * 100).toFixed(0)} %`,
        goal: `< ${P99_GOAL_MS} ms, 0 lost, 0 to bystanders`,
        met: latLoaded.p99 < P99_GOAL_MS && latLoaded.lost + latBaseline.lost === 0 && stats.notifications === 0 && connectedLatency >= 5000,
        note: `p50 ${ms(latLoaded.p50)}, p90 ${ms(latLoaded.p90)}, max ${ms(latLoaded.max)}; lost ${latBaseline.lost + latLoaded.lost}; bystander deliveries ${stats.notifications}`,
      },
    ]
    appendFileSync(process.env.BENCH_SUMMARY, lines.map((l) => JSON.stringify(l) + '\n').join(''))
  }

  if (failures.length) {
    console.log(`FAILED: ${failures.length} failure(s); first: ${failures[0]}`)
    process.exit(1)
  }
  process.exit(0)
}
