// Load for the fault suite: writers issuing real commands over HTTP (each
// with an Idempotency-Key and an X-Request-Id, retried with the same key on
// connection errors, 503 and "still being processed"), and socket.io clients
// that record every push. Everything that happened is kept for the checks.
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import path from 'node:path'
import { log } from './cluster.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(path.join(here, '../../../web/package.json'))
const { io } = require('socket.io-client')

const PASSWORD = 'Candidate1!'
const HTTP_TIMEOUT_MS = 15_000
/// Longer than the idempotency layer's "abandoned first try" (the request
/// timeout plus 5 s), so a key whose first try died with its process is
/// retried to the end.
const RETRY_DEADLINE_MS = 120_000
const IN_PROGRESS = 'still being processed'

/// One HTTP request; never throws: status 0 is a connection error or timeout.
/// Each command comes from its own client address (198.18.0.0/15, the
/// benchmarking range), through a proxy the servers trust: the load is many
/// people, so the per-client throttles (30 registrations, 5 contact messages
/// per address in 15 minutes) do not refuse it. Retries keep the address.
export function clientAddress(rid) {
  const hex = rid.replace(/-/g, '')
  const n = parseInt(hex.slice(-6), 16)
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`
}

export async function http(base, method, url, { token, body, headers = {}, timeoutMs = HTTP_TIMEOUT_MS } = {}) {
  const h = { accept: 'application/json', ...headers }
  if (body !== undefined) h['content-type'] = 'application/json'
  if (token) h.authorization = `Bearer ${token}`
  const t0 = Date.now()
  try {
    const res = await fetch(base + url, {
      method, headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const text = await res.text()
    let json = null
    try { json = text ? JSON.parse(text) : null } catch { json = text }
    return {
      status: res.status, json, ms: Date.now() - t0,
      position: res.headers.get('x-consistency-token'),
      replayed: res.headers.get('idempotency-replayed') === 'true',
    }
  } catch (e) {
    return { status: 0, json: String(e?.cause?.code || e?.name || e), ms: Date.now() - t0 }
  }
}

export class Load {
  /// servers(): the servers to send to (a writer sticks to one, moving on when it fails).
  constructor(servers, { writers }) {
    this.servers = servers
    this.writerCount = writers
    this.commands = [] // every command sent: {rid, kind, outcome, ...}
    this.sockets = []
    this.running = false
    this.slow = [] // requests that took over 5 s
    this.answers503 = []
  }

  liveUrls() { return this.servers().filter((s) => s.alive()).map((s) => s.url) }

  /// A command, retried with the same key until it is answered for good.
  async command(kind, method, url, { token, body, writer = 0, extra = {} }) {
    const rid = randomUUID()
    const record = { rid, kind, firstSentAt: Date.now(), attempts: 0, outcome: 'pending', ...extra }
    this.commands.push(record)
    let pause = 100
    let prefer = writer
    for (;;) {
      const urls = this.liveUrls()
      const base = urls.length ? urls[prefer % urls.length] : this.servers()[0].url
      record.attempts++
      const r = await http(base, method, url, { token, body, headers: { 'idempotency-key': rid, 'x-request-id': rid, 'x-forwarded-for': clientAddress(rid) } })
      if (r.status === 0) record.cutOff = (record.cutOff ?? 0) + 1
      if (r.ms > 5000) this.slow.push({ kind, status: r.status, ms: r.ms })
      if (r.status === 503) this.answers503.push({ kind, ms: r.ms, at: Date.now() - r.ms, error: r.json?.error })
      if (r.status >= 200 && r.status < 300) {
        Object.assign(record, { outcome: 'acked', status: r.status, ackAt: Date.now(), position: r.position, replayed: r.replayed, json: r.json })
        return record
      }
      const transient = r.status === 0 || r.status === 502 || r.status === 503 ||
        (r.status === 409 && typeof r.json?.error === 'string' && r.json.error.includes(IN_PROGRESS))
      if (!transient) {
        Object.assign(record, { outcome: 'refused', status: r.status, json: r.json })
        return record
      }
      if (Date.now() - record.firstSentAt > RETRY_DEADLINE_MS) {
        Object.assign(record, { outcome: 'gave_up', status: r.status, json: r.json })
        return record
      }
      if (r.status === 0) prefer++ // that server is gone: try another
      await sleep(pause)
      pause = Math.min(pause * 2, 1000)
    }
  }

  /// Sign-ins and set-up reads, retried through a fault like commands.
  async must(method, url, opts = {}) {
    for (let attempt = 0; ; attempt++) {
      const urls = this.liveUrls()
      const r = await http(urls[attempt % Math.max(urls.length, 1)] ?? this.servers()[0].url, method, url, opts)
      if (r.status >= 200 && r.status < 300) return r
      if (attempt > 200 || (r.status !== 0 && r.status !== 503)) throw new Error(`${method} ${url} -> ${r.status} ${JSON.stringify(r.json)}`)
      await sleep(300)
    }
  }

  async login(role, email, password) {
    const r = await this.must('POST', `/api/auth/${role}/login`, { body: { email, password } })
    return { token: r.json.token, user: r.json.user }
  }

  /// The demo employer, its open jobs, a location; one candidate per writer,
  /// each with an application whose status its writer toggles (the push goes
  /// to that candidate's sockets).
  async setup() {
    this.employer = await this.login('employer', 'employer@example.com', 'Employer1!')
    const jobs = (await this.must('GET', '/api/employer/jobs', { token: this.employer.token })).json
    this.openJobs = jobs.filter((j) => j.status === 'open')
    if (!this.openJobs.length) throw new Error('the demo employer has no open job')
    const locations = (await this.must('GET', '/api/reference/locations')).json
    this.locationId = (locations.data ?? locations)[0].id
    this.candidates = []
    for (let w = 0; w < this.writerCount; w++) {
      const email = `faults-${randomUUID()}@example.com`
      const reg = await this.command('register', 'POST', '/api/auth/candidate/register', { body: { name: `Fault Writer ${w}`, email, password: PASSWORD } })
      if (reg.outcome !== 'acked') throw new Error(`set-up registration: ${reg.status} ${JSON.stringify(reg.json)}`)
      const who = await this.login('candidate', email, PASSWORD)
      const job = this.openJobs[w % this.openJobs.length]
      const app = await this.command('apply', 'POST', '/api/applications/submit', { token: who.token, body: { jobId: job.id } })
      if (app.outcome !== 'acked') throw new Error(`set-up application: ${app.status} ${JSON.stringify(app.json)}`)
      this.candidates.push({ ...who, applicationId: app.json.id, nextStatus: 'accepted' })
    }
  }

  /// Sockets for every candidate on every server given.
  async connectSockets(servers) {
    for (const server of servers) {
      for (const c of this.candidates) this.sockets.push(openSocket(server, c))
    }
    const deadline = Date.now() + 30_000
    while (this.sockets.some((s) => !s.connected) && Date.now() < deadline) await sleep(100)
    const down = this.sockets.filter((s) => !s.connected).length
    if (down) throw new Error(`${down} of ${this.sockets.length} sockets did not connect`)
  }

  closeSockets() {
    for (const s of this.sockets) s.close()
  }

  start() {
    this.running = true
    this.loops = Array.from({ length: this.writerCount }, (_, w) => this.writer(w))
  }

  /// Stops the writers; each finishes the command in hand (with its retries).
  async stop() {
    this.running = false
    await Promise.all(this.loops)
  }

  async writer(w) {
    const me = this.candidates[w]
    let job = null
    while (this.running) {
      const status = me.nextStatus
      const feedback = `fault check ${randomUUID()}`
      const r = await this.command('status', 'PUT', `/api/employer/applications/${me.applicationId}/status`, {
        token: this.employer.token, writer: w, body: { status, feedback }, extra: { candidate: me.user.id, feedback },
      })
      // A try that committed but died unanswered is answered on retry with
      // its first answer (replayed): acknowledged like any other.
      if (r.outcome === 'acked') me.nextStatus = status === 'accepted' ? 'rejected' : 'accepted'
      if (!this.running) break
      await this.command('contact', 'POST', '/api/contact', {
        writer: w, body: { firstName: 'Fault', lastName: `Writer ${w}`, email: `writer${w}@example.com`, phone: '0400 000 000', message: `A fault-suite enquiry ${randomUUID()}` },
      })
      if (!this.running) break
      const posted = await this.command('post_job', 'POST', '/api/employer/jobs', {
        token: this.employer.token, writer: w,
        body: {
          title: `Fault Suite Engineer ${w}`, location_id: this.locationId, job_type: 'Full-time', specialisation: 'Development + Testing',
          description: 'A job posted by the fault suite to check that nothing acknowledged is lost and nothing happens twice.',
          responsibilities: ['Survive faults'], requirements: ['Patience'],
        },
      })
      if (posted.outcome === 'acked') job = posted.json?.id ?? job
      if (!this.running) break
      if (job) await this.command('apply', 'POST', '/api/applications/submit', { token: me.token, writer: w, body: { jobId: job } })
      if (!this.running) break
      await this.command('register', 'POST', '/api/auth/candidate/register', {
        writer: w, body: { name: `Fault Candidate ${w}`, email: `faults-${randomUUID()}@example.com`, password: PASSWORD },
      })
    }
  }
}

/// A socket.io client that reconnects by itself and records when it was
/// connected and every notification it received. After a reconnect it asks
/// for the notification list, as the web app's feed does, and keeps what
/// came (`caughtUp`): what was pushed while it was away is in there.
function openSocket(server, candidate) {
  const record = { server: server.name, candidate: candidate.user.id, connected: false, intervals: [], notifications: [], caughtUp: [] }
  const socket = io(server.url, {
    auth: { token: candidate.token, user_type: 'candidate' },
    transports: ['websocket'],
    // One person, one address (SOCKETS_PER_CLIENT counts per address).
    extraHeaders: { 'x-forwarded-for': clientAddress(candidate.user.id) },
    reconnection: true, reconnectionDelay: 200, reconnectionDelayMax: 1000,
    timeout: 10_000,
  })
  socket.on('connected', () => {
    if (record.intervals.length) socket.emit('get_notifications', { limit: 100 })
    record.connected = true
    record.intervals.push({ from: Date.now(), to: Infinity })
  })
  socket.on('disconnect', () => {
    if (record.connected) record.intervals[record.intervals.length - 1].to = Date.now()
    record.connected = false
  })
  socket.on('notifications_list', (page) => {
    for (const n of page?.notifications ?? []) record.caughtUp.push({ id: n?.id, message: String(n?.message ?? ''), at: Date.now() })
  })
  socket.on('notification', (n) => record.notifications.push({ id: n?.id, message: String(n?.message ?? ''), at: Date.now() }))
  record.close = () => { socket.removeAllListeners(); socket.close() }
  return record
}

export const summarise = (commands) => {
  const by = (o) => commands.filter((c) => c.outcome === o).length
  return { sent: commands.length, acked: by('acked'), refused: by('refused'), gaveUp: by('gave_up') }
}

export { log }
