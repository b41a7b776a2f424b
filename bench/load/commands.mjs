// The command path through HAProxy for .ci/bench-cluster: CLIENTS clients at
// once, each signing up a candidate (POST /api/auth/candidate/register) and
// then (signed in, untimed) applying with it to the open jobs one after another (POST
// /api/applications/submit), for SECONDS. Prints one JSON line: per command,
// how many were answered 2xx, p50 and p99 in ms, and anything else answered.
//   node commands.mjs BASE_URL [clients=16] [seconds=20]
import { randomUUID } from 'node:crypto'

const [base, clientsArg = '16', secondsArg = '20'] = process.argv.slice(2)
const CLIENTS = Number(clientsArg)
const END = Date.now() + Number(secondsArg) * 1000
const PASSWORD = 'Candidate1!'
const times = { signup: [], apply: [] }
const other = {}

// Each client its own address through the trusted proxy (as the fault
// suite does): the per-address sign-up throttle is for people, not this.
const address = (n) => `198.18.${(n >> 8) & 255}.${n & 255}`

async function call(kind, method, path, { token, body, client }) {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': address(client), 'idempotency-key': randomUUID() }
  if (token) headers.authorization = `Bearer ${token}`
  const t0 = performance.now()
  const res = await fetch(base + path, { method, headers, body: JSON.stringify(body) })
  const json = await res.json().catch(() => null)
  const ms = performance.now() - t0
  if (res.status >= 200 && res.status < 300) times[kind].push(ms)
  else other[`${kind} ${res.status}`] = (other[`${kind} ${res.status}`] ?? 0) + 1
  return { status: res.status, json }
}

const jobs = (await (await fetch(`${base}/api/admin/jobs/job-board`)).json()).map((j) => j.id)

async function client(n) {
  let serial = 0
  while (Date.now() < END) {
    const email = `bench-${randomUUID()}@example.com`
    const signup = await call('signup', 'POST', '/api/auth/candidate/register', {
      client: n * 64 + (serial++ % 64), body: { name: `Bench Candidate ${n}`, email, password: PASSWORD },
    })
    if (signup.status !== 201) continue
    const login = await fetch(`${base}/api/auth/candidate/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': address(n * 64) },
      body: JSON.stringify({ email, password: PASSWORD }),
    })
    const token = (await login.json().catch(() => null))?.token
    if (!token) continue
    for (const job of jobs) {
      if (Date.now() >= END) break
      await call('apply', 'POST', '/api/applications/submit', { client: n * 64, token, body: { jobId: job } })
    }
  }
}

await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)))
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]) : null
}
const seconds = Number(secondsArg)
const summary = {}
for (const [kind, xs] of Object.entries(times)) {
  summary[kind] = { ok: xs.length, perSecond: +(xs.length / seconds).toFixed(1), p50: pct(xs, 50), p99: pct(xs, 99) }
}
console.log(JSON.stringify({ ...summary, other }))
