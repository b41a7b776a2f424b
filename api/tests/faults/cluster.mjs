// The processes the fault suite plays with: the throwaway PostgreSQL cluster
// and its streaming standby (.ci/faults created them; we stop and start
// them), `recruit serve` processes (started, killed with SIGKILL, restarted),
// HAProxy in front of three of them (deploy/haproxy.cfg, the operators'
// file), the S3 endpoint the servers store uploads at (taken away and
// brought back), plus psql for the checks.
import { spawn, execFile, execFileSync } from 'node:child_process'
import net from 'node:net'
import { promisify } from 'node:util'
import { appendFileSync, openSync, readFileSync, existsSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import path from 'node:path'

const env = process.env
export const TMP = env.FAULTS_TMP
const PG_BIN = env.FAULTS_PG_BIN
const PG_DATA = env.FAULTS_PG_DATA
const PG_OWNER = env.FAULTS_PG_OWNER
const asOwner = (cmd, args) =>
  PG_OWNER === (env.USER || execFileSync('id', ['-un']).toString().trim()) ? [cmd, args] : ['runuser', ['-u', PG_OWNER, '--', cmd, ...args]]

export const serverUrl = `postgres://postgres@127.0.0.1:${env.FAULTS_PG_PORT}`
export const dbUrl = (db) => `${serverUrl}/${db}`

// ---------- logging: progress on a terminal, plain lines in a log ----------
const started = Date.now()
const stamp = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s`
let statusLine = ''
export function log(msg) {
  if (process.stderr.isTTY && statusLine) process.stderr.write('\r\x1b[K')
  process.stderr.write(`[faults ${stamp()}] ${msg}\n`)
  if (process.stderr.isTTY && statusLine) process.stderr.write(statusLine)
}
/// A live status line on a terminal; nothing in a log (the summary lines say it).
export function status(text) {
  if (!process.stderr.isTTY) return
  statusLine = `[faults ${stamp()}] ${text}`
  process.stderr.write(`\r\x1b[K${statusLine}`)
}
export function clearStatus() {
  if (process.stderr.isTTY && statusLine) process.stderr.write('\r\x1b[K')
  statusLine = ''
}

// ---------- PostgreSQL ----------
export function psql(db, sql, { file } = {}) {
  const args = ['-X', '-q', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-d', dbUrl(db)]
  if (file) args.push('-f', file)
  else args.push('-c', sql)
  const out = execFileSync(env.FAULTS_PSQL, args, { maxBuffer: 256 * 1024 * 1024, env: { ...env, PGOPTIONS: '-c client_min_messages=warning' } })
  return out.toString().split('\n').filter((l) => l !== '').map((l) => l.split('\t'))
}

// Asynchronous, so writers, sockets and probes keep running while it waits.
async function pgCtl(args) {
  const [cmd, argv] = asOwner(path.join(PG_BIN, 'pg_ctl'), ['-D', PG_DATA, ...args])
  await promisify(execFile)(cmd, argv)
}
export const pgStop = (mode = 'fast') => pgCtl(['-m', mode, '-w', 'stop'])
export const pgStart = () => pgCtl(['-l', path.join(TMP, 'pg.log'), '-w', '-o', env.FAULTS_PG_OPTS, 'start'])

// The streaming hot standby (pg_basebackup -R of the cluster above).
const standbyCtl = async (args) => {
  const [cmd, argv] = asOwner(path.join(PG_BIN, 'pg_ctl'), ['-D', env.FAULTS_STANDBY_DATA, ...args])
  await promisify(execFile)(cmd, argv)
}
export const standbyUrl = (db) => `postgres://postgres@127.0.0.1:${env.FAULTS_STANDBY_PORT}/${db}`
export const standbyStop = () => standbyCtl(['-m', 'fast', '-w', 'stop'])
export const standbyStart = () => standbyCtl(['-l', `${env.FAULTS_STANDBY_DATA}.log`, '-w', '-o', env.FAULTS_STANDBY_OPTS, 'start'])

// ---------- recruit serve ----------
const JWT_SECRET = 'fault-suite-secret-' + 'x'.repeat(40)
let nextPort = 18300 + (process.pid % 500) * 8

export class Server {
  constructor(name, db) {
    this.name = name
    this.db = db
    this.port = nextPort++
    this.url = `http://127.0.0.1:${this.port}`
    this.logFile = path.join(TMP, 'logs', `${name}.log`)
    this.child = null
    this.kills = []
    /// Whether queries read from the standby (READ_DATABASE_URL), from its next start.
    this.readFromStandby = false
    /// Where uploads go from its next start: an S3Endpoint, or null for STORAGE_DIR.
    this.s3 = null
  }

  env() {
    return {
      PATH: env.PATH,
      HOME: env.HOME,
      DATABASE_URL: dbUrl(this.db),
      // Its sessions carry its name, so pg_stat_activity says whose they are.
      PGAPPNAME: `recruit-${this.name}`,
      BIND_ADDR: `127.0.0.1:${this.port}`,
      PUBLIC_URL: this.url,
      APP_ENV: 'development',
      JWT_SECRET,
      WEB_DIST: path.join(env.FAULTS_ROOT, 'web/dist'),
      MAIL_DIR: path.join(TMP, 'mail'),
      STORAGE_DIR: path.join(TMP, 'storage'),
      DATABASE_ACQUIRE_TIMEOUT_MS: '1000',
      // A first try cut off by a kill holds its Idempotency-Key until 5 s
      // after this; the default 30 s would stall every writer that long.
      REQUEST_TIMEOUT_SECS: '5',
      // The load generator stands in for a proxy in front of many clients.
      TRUSTED_PROXIES: '127.0.0.1/32',
      LOG_JSON: 'true',
      RUST_LOG: 'warn,projections=info,api=info,tower_http=warn',
      ...(this.readFromStandby ? { READ_DATABASE_URL: standbyUrl(this.db) } : {}),
      ...(this.s3 ? this.s3.serverEnv() : {}),
    }
  }

  /// Whether this process reads from the standby now (its /metrics gauge).
  async readsStandby() {
    try {
      const r = await fetch(`${this.url}/metrics`, { signal: AbortSignal.timeout(3000) })
      return /^recruit_read_replica_in_use 1$/m.test(await r.text())
    } catch { return false }
  }

  start() {
    const fd = openSync(this.logFile, 'a')
    const child = spawn(env.FAULTS_BIN, ['serve'], { env: this.env(), stdio: ['ignore', fd, fd] })
    child.on('exit', () => { if (this.child === child) this.child = null })
    this.child = child
    appendFileSync(path.join(TMP, 'servers.pids'), `${this.child.pid}\n`)
    this.startedAt = Date.now()
    return this
  }

  alive() { return this.child !== null && this.child.exitCode === null && this.child.signalCode === null }

  async ready(timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (!this.alive()) throw new Error(`${this.name} exited while starting; see ${this.logFile}`)
      try {
        const r = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(3000) })
        if (r.status === 200) return Date.now()
      } catch { /* not listening yet */ }
      await sleep(100)
    }
    throw new Error(`${this.name} was not ready within ${timeoutMs / 1000} s; see ${this.logFile}`)
  }

  kill9() {
    if (!this.alive()) return
    this.kills.push(Date.now())
    this.child.kill('SIGKILL')
  }

  /// A graceful stop (SIGTERM, then SIGKILL after 10 s).
  async stop() {
    if (!this.alive()) return
    this.kills.push(Date.now()) // ends its leadership intervals
    const child = this.child
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await exited
    clearTimeout(timer)
  }

  /// Which projectors this process says it leads, from its log: intervals
  /// [{projector, from, to}] ("leading projector" .. "lost the leadership
  /// connection", or the process's death).
  leadership() {
    if (!existsSync(this.logFile)) return []
    const open = new Map()
    const intervals = []
    let deaths = [...this.kills]
    for (const line of readFileSync(this.logFile, 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue
      let entry
      try { entry = JSON.parse(line) } catch { continue }
      const at = Date.parse(entry.timestamp)
      // A start after a kill: everything the previous run held ended at the kill.
      while (deaths.length && deaths[0] < at) {
        for (const [p, from] of open) intervals.push({ projector: p, from, to: deaths[0], server: this.name })
        open.clear()
        deaths = deaths.slice(1)
      }
      const message = entry.fields?.message
      const projector = entry.fields?.projector
      if (!projector) continue
      if (message === 'leading projector') open.set(projector, at)
      else if (message === 'lost the leadership connection' && open.has(projector)) {
        intervals.push({ projector, from: open.get(projector), to: at, server: this.name })
        open.delete(projector)
      }
    }
    const end = deaths.length ? deaths[0] : Infinity
    for (const [p, from] of open) intervals.push({ projector: p, from, to: end, server: this.name })
    return intervals
  }
}

// ---------- HAProxy ----------
/// HAProxy with deploy/haproxy.cfg in front of three servers. To the load it
/// is one more server (url, name, alive), which never goes away.
export class Balancer {
  constructor(servers) {
    if (servers.length !== 3) throw new Error('deploy/haproxy.cfg names three servers')
    this.servers = servers
    this.name = 'haproxy'
    this.port = nextPort++
    this.statsPort = nextPort++
    this.url = `http://127.0.0.1:${this.port}`
    this.logFile = path.join(TMP, 'logs', 'haproxy.log')
    this.child = null
  }

  start() {
    const fd = openSync(this.logFile, 'a')
    const vars = { RECRUIT_LISTEN: `127.0.0.1:${this.port}`, RECRUIT_STATS: `127.0.0.1:${this.statsPort}` }
    this.servers.forEach((s, i) => { vars[`RECRUIT_SERVER_${i + 1}`] = `127.0.0.1:${s.port}` })
    this.child = spawn(env.FAULTS_HAPROXY, ['-db', '-f', path.join(env.FAULTS_ROOT, 'deploy/haproxy.cfg')], {
      env: { PATH: env.PATH, ...vars }, stdio: ['ignore', fd, fd],
    })
    appendFileSync(path.join(TMP, 'servers.pids'), `${this.child.pid}\n`)
    return this
  }

  alive() { return true }

  /// How many servers HAProxy's health checks (/readyz) find up.
  async serversUp() {
    try {
      const r = await fetch(`http://127.0.0.1:${this.statsPort}/;csv`, { signal: AbortSignal.timeout(2000) })
      return (await r.text()).split('\n').filter((l) => l.startsWith('servers,recruit') && l.split(',')[17] === 'UP').length
    } catch { return 0 }
  }

  async ready(timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      if (await this.serversUp() === this.servers.length) return
      await sleep(200)
    }
    throw new Error(`HAProxy did not see ${this.servers.length} servers up within ${timeoutMs / 1000} s; see ${this.logFile}`)
  }

  async stop() {
    if (!this.child || this.child.exitCode !== null) return
    const child = this.child
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
}

// ---------- S3 ----------
/// The S3 endpoint the servers use: a TCP front on a port of its own before
/// the S3 server .ci/faults started (moto, FAULTS_S3_URL). Taking the front
/// away is what a restarting S3 server looks like from the servers (open
/// connections reset, new ones refused) without losing the objects, which
/// moto keeps only in memory while a real S3 keeps them through a restart.
export class S3Endpoint {
  constructor(bucket) {
    const upstream = new URL(env.FAULTS_S3_URL)
    this.upstream = { host: upstream.hostname, port: Number(upstream.port) }
    this.bucket = bucket
    this.port = nextPort++
    this.url = `http://127.0.0.1:${this.port}`
    this.server = null
    this.sockets = new Set()
  }

  serverEnv() {
    return {
      S3_BUCKET: this.bucket,
      AWS_ENDPOINT_URL: this.url,
      AWS_REGION: 'ap-southeast-2',
      AWS_ACCESS_KEY_ID: 'faults',
      AWS_SECRET_ACCESS_KEY: 'faults',
    }
  }

  /// Makes the bucket on the S3 server (moto takes unsigned requests).
  async createBucket() {
    const r = await fetch(`${env.FAULTS_S3_URL}/${this.bucket}`, { method: 'PUT', signal: AbortSignal.timeout(5000) })
    if (!r.ok) throw new Error(`creating the bucket ${this.bucket}: ${r.status} ${await r.text()}`)
  }

  /// Every key in the bucket, straight from the S3 server (ListObjectsV2, in pages).
  async keys() {
    const keys = []
    let token = ''
    for (;;) {
      const q = `list-type=2&max-keys=1000${token ? `&continuation-token=${encodeURIComponent(token)}` : ''}`
      const xml = await (await fetch(`${env.FAULTS_S3_URL}/${this.bucket}?${q}`, { signal: AbortSignal.timeout(10_000) })).text()
      for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(m[1])
      const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)
      if (!next) return keys
      token = next[1]
    }
  }

  async start() {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.upstream)
      this.sockets.add(client)
      this.sockets.add(upstream)
      const drop = () => { client.destroy(); upstream.destroy(); this.sockets.delete(client); this.sockets.delete(upstream) }
      client.on('error', drop).on('close', drop)
      upstream.on('error', drop).on('close', drop)
      client.pipe(upstream)
      upstream.pipe(client)
    })
    await new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(this.port, '127.0.0.1', resolve)
    })
  }

  /// Goes away at once: refuses new connections and resets the open ones.
  /// Stopping a stopped endpoint does nothing (a scenario's clean-up may
  /// stop what its body already stopped).
  async stop() {
    const server = this.server
    if (!server) return
    this.server = null
    const closed = new Promise((resolve) => server.close(resolve))
    for (const s of this.sockets) s.destroy()
    this.sockets.clear()
    await closed
  }
}
