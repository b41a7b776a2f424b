// Query and read-your-writes benchmark against running servers (see .ci/bench).
//   BASE_URL=http://127.0.0.1:8191 SECOND_URL=http://127.0.0.1:8193 BARE_URL=http://127.0.0.1:8192 \
//     JOB_ID=<uuid> [DURATION=10] [CONNECTIONS=32] [ROUNDS=2] [RYW_TRIALS=200] node bench/load/http.mjs
//
// 1. Queries (issue 13, target 5): wrk against GET /api/admin/jobs/job-board
//    and GET /api/jobs/{id} on the real server, and against a bare axum
//    handler (`recruit bench --bare-http`) answering the same bytes, side by
//    side: bare and real alternate for ROUNDS rounds and the totals are
//    compared (the machine's drift hits both alike).
// 2. Read your writes (target 6): the demo candidate saves their profile on
//    process A (BASE_URL) and at once reads it on process B (SECOND_URL, no
//    projectors of its own) without echoing the consistency token; every read
//    must show its own write. Baseline, same run: the same reads sending a
//    stale token (`X-Consistency-Token: 1`), which turns the server's own
//    bookkeeping off, so a read answers whatever the read model has.
// Prints Markdown tables; appends the figures to $BENCH_SUMMARY when set.
// Exits 1 when a target is missed by a failure (a stale read), 2 on errors.
import { execFileSync } from 'node:child_process'
import { appendFileSync } from 'node:fs'

const BASE_URL = (process.env.BASE_URL || '').replace(/\/+$/, '')
const SECOND_URL = (process.env.SECOND_URL || '').replace(/\/+$/, '')
const BARE_URL = (process.env.BARE_URL || '').replace(/\/+$/, '')
const JOB_ID = process.env.JOB_ID || ''
const DURATION = Number(process.env.DURATION || 10)
const CONNECTIONS = Number(process.env.CONNECTIONS || 32)
const ROUNDS = Number(process.env.ROUNDS || 2)
const RYW_TRIALS = Number(process.env.RYW_TRIALS || 200)
const SUMMARY = process.env.BENCH_SUMMARY

function die(msg) {
  console.error(`http bench: ${msg}`)
  process.exit(2)
}
for (const [name, value] of Object.entries({ BASE_URL, SECOND_URL, BARE_URL, JOB_ID })) if (!value) die(`${name} is required`)

// ---------- wrk ----------
function wrk(url) {
  const out = execFileSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, '--latency', url], { encoding: 'utf8' })
  const requests = Number(/(\d+) requests in/.exec(out)?.[1])
  const seconds = parseDuration(/requests in ([\d.]+\w+),/.exec(out)?.[1])
  const p99 = parseDuration(/^\s*99%\s+([\d.]+\w+)/m.exec(out)?.[1])
  const p50 = parseDuration(/^\s*50%\s+([\d.]+\w+)/m.exec(out)?.[1])
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] || 0)
  const errors = /Socket errors: (.*)/.exec(out)?.[1]
  if (!requests || !seconds) die(`could not read wrk's output for ${url}:\n${out}`)
  if (non2xx > 0) die(`${url}: ${non2xx} responses were not 2xx`)
  return { requests, seconds, p50, p99, errors }
}

// wrk prints "1.23ms", "850.00us", "1.02s", "10.01s", "2.00m"
function parseDuration(text) {
  if (!text) return NaN
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text)
  if (!m) return NaN
  const scale = { us: 1e-3, ms: 1, s: 1e3, m: 60e3 }[m[2]]
  return Number(m[1]) * scale // milliseconds
}

const targets = [
  { name: 'GET /api/admin/jobs/job-board', real: `${BASE_URL}/api/admin/jobs/job-board`, bare: `${BARE_URL}/job-board` },
  { name: 'GET /api/jobs/{id}', real: `${BASE_URL}/api/jobs/${JOB_ID}`, bare: `${BARE_URL}/job` },
]

// A keep-alive connection left idle while wrk ran may have been closed by the
// server (its header-read timeout): such a fetch fails at once; ask again.
async function fetchOnce(url, init) {
  try {
    return await fetch(url, init)
  } catch (e) {
    if (e?.cause?.code !== 'UND_ERR_SOCKET') throw e
    return fetch(url, init)
  }
}

async function bodySize(url) {
  const res = await fetchOnce(url)
  if (res.status !== 200) die(`${url} -> ${res.status}`)
  return (await res.arrayBuffer()).byteLength
}

const rows = []
for (const t of targets) {
  const [realBytes, bareBytes] = [await bodySize(t.real), await bodySize(t.bare)]
  if (realBytes !== bareBytes) die(`${t.name}: the bare body is ${bareBytes} bytes, the real one ${realBytes}`)
  const totals = { real: { requests: 0, seconds: 0, p99: [], p50: [] }, bare: { requests: 0, seconds: 0, p99: [], p50: [] } }
  for (let round = 1; round <= ROUNDS; round++) {
    for (const kind of ['bare', 'real']) {
      const r = wrk(t[kind])
      totals[kind].requests += r.requests
      totals[kind].seconds += r.seconds / 1000
      totals[kind].p99.push(r.p99)
      totals[kind].p50.push(r.p50)
      console.error(`  round ${round}/${ROUNDS} ${kind.padEnd(4)} ${t.name}: ${Math.round(r.requests / (r.seconds / 1000))} req/s, p99 ${r.p99.toFixed(2)} ms${r.errors ? `, socket errors: ${r.errors}` : ''}`)
    }
  }
  const rps = (k) => totals[k].requests / totals[k].seconds
  rows.push({ name: t.name, bytes: realBytes, real: rps('real'), bare: rps('bare'), p99: Math.max(...totals.real.p99), bareP99: Math.max(...totals.bare.p99), p50: Math.max(...totals.real.p50) })
}

// ---------- read your writes ----------
async function http(base, method, path, { token, body, headers = {} } = {}) {
  const res = await fetchOnce(`${base}${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(10_000),
  })
  const text = await res.text()
  let json = null
  try { json = text ? JSON.parse(text) : null } catch { json = text }
  if (res.status >= 300) die(`${method} ${base}${path} -> ${res.status} ${text}`)
  return json
}

const login = await http(BASE_URL, 'POST', '/api/auth/candidate/login', { body: { email: 'candidate@example.com', password: 'Candidate1!' } })
const token = login.token
const profile = await http(BASE_URL, 'GET', '/api/candidate/profile', { token })
async function trials(label, readHeaders) {
  let fresh = 0
  for (let i = 1; i <= RYW_TRIALS; i++) {
    const summary = `Read-your-writes ${label} ${process.pid} ${i}`
    await http(BASE_URL, 'PUT', '/api/candidate/profile', { token, body: { ...profile, summary } })
    const read = await http(SECOND_URL, 'GET', '/api/candidate/profile', { token, headers: readHeaders })
    if (read.summary === summary) fresh++
  }
  return fresh
}
// The baseline first: its stale token is older than every write, so it waits for nothing.
const staleBaseline = await trials('baseline', { 'X-Consistency-Token': '1' })
const ownWrites = await trials('no token', {})
await http(BASE_URL, 'PUT', '/api/candidate/profile', { token, body: profile })

// ---------- report ----------
const fmt = (n) => Math.round(n).toLocaleString('en-AU')
console.log()
console.log(`| query (wrk -t1 -c${CONNECTIONS}, ${ROUNDS} x ${DURATION} s each, alternating) | body | real req/s | bare axum req/s | real vs bare | p50 | p99 (bare p99) |`)
console.log('|---|---:|---:|---:|---:|---:|---:|')
for (const r of rows) {
  console.log(`| ${r.name} | ${fmt(r.bytes)} B | ${fmt(r.real)} | ${fmt(r.bare)} | ${Math.round((100 * r.real) / r.bare)} % | ${r.p50.toFixed(2)} ms | ${r.p99.toFixed(2)} ms (${r.bareP99.toFixed(2)} ms) |`)
}
console.log()
console.log('| read your writes (write on process A, read at once on process B) | reads that saw their own write |')
console.log('|---|---:|')
console.log(`| client sends no token (the server's own bookkeeping) | ${ownWrites} of ${RYW_TRIALS} |`)
console.log(`| baseline: a stale token, so nothing is waited for | ${staleBaseline} of ${RYW_TRIALS} |`)

if (SUMMARY) {
  for (const r of rows) {
    const ratio = (100 * r.real) / r.bare
    appendFileSync(SUMMARY, JSON.stringify({
      target: 5, figure: `${r.name} (wrk, ${CONNECTIONS} connections), p99 ${r.p99.toFixed(1)} ms`, value: `${fmt(r.real)} req/s`,
      baseline: `bare axum, same ${fmt(r.bytes)}-byte body: ${fmt(r.bare)} req/s`, ratio: `${Math.round(ratio)} %`, goal: '>= 50 % of baseline', met: ratio >= 50,
    }) + '\n')
  }
  appendFileSync(SUMMARY, JSON.stringify({
    target: 6, figure: 'own write seen on the next read, no token, across two processes', value: `${ownWrites} of ${RYW_TRIALS}`,
    baseline: `stale token (no server bookkeeping): ${staleBaseline} of ${RYW_TRIALS}`, ratio: '', goal: `all ${RYW_TRIALS}`, met: ownWrites === RYW_TRIALS,
  }) + '\n')
}
process.exit(ownWrites === RYW_TRIALS ? 0 : 1)
