// The fault suite (run by .ci/faults, which creates the throwaway cluster and
// passes it in FAULTS_* variables). Six scenarios under load, each followed
// by the checks in check.mjs; prints a table and exits 1 when a command was
// lost or ran twice, a read model differs from a clean rebuild, or a
// scenario's promise failed. docs/FAULTS.md says what each promise is.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { Server, Balancer, psql, dbUrl, pgStart, pgStop, standbyStart, standbyStop, log, status, clearStatus } from './cluster.mjs'
import { Load, http, summarise } from './load.mjs'
import { s3Restart } from './scenario-s3.mjs'
import { waitCaughtUp, commandChecks, rowsDiffering, pushChecks, reconnectChecks } from './check.mjs'

const SHORT = process.env.FAULTS_MODE === 'short'
const BIN = process.env.FAULTS_BIN
const DB = 'faults'
const P = SHORT
  ? { writers: 6, kills: 1, killEveryMs: 6000, killTailMs: 14000, outages: 1, outageMs: 4000, phaseMs: 6000, tailMs: 6000, poisonMs: 8000 }
  : { writers: 16, kills: 3, killEveryMs: 20000, killTailMs: 20000, outages: 2, outageMs: 8000, phaseMs: 15000, tailMs: 15000, poisonMs: 20000 }
/// A request while the database is away must answer within this (the pool's
/// 1 s acquire timeout plus a debug build's slack).
const OUTAGE_ANSWER_MS = 2500
const TAKEOVER_MS = 10_000
const RECOVERY_MS = 30_000
/// Reads leave a stopped standby within this (docs/DEPLOY.md: the watcher
/// looks every 250 ms, and a look that gets no answer in 500 ms is "down").
const STANDBY_LEFT_MS = 2000
/// ... and come back to it within this of its start (it must catch up first).
const STANDBY_BACK_MS = 15_000

const rows = [] // the table
const broken = [] // promises that failed

function promise(scenario, ok, text) {
  if (ok) log(`  ok: ${text}`)
  else { broken.push(`${scenario}: ${text}`); log(`  FAILED: ${text}`) }
}

async function recruit(args, extraEnv = {}) {
  const { stdout } = await promisify(execFile)(BIN, args, {
    env: { ...process.env, DATABASE_URL: dbUrl(DB), APP_ENV: 'development', RUST_LOG: 'warn', ...extraEnv },
    maxBuffer: 64 * 1024 * 1024,
  })
  return stdout
}

async function ticker(load, label, ms) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    const s = summarise(load.commands)
    status(`${label}: ${s.acked} acknowledged, ${s.sent - s.acked - s.refused - s.gaveUp} in flight`)
    await sleep(Math.min(500, Math.max(0, end - Date.now())))
  }
  clearStatus()
}

/// Stops the load, lets the read models and pushes settle, stops the
/// servers, and runs the three checks. Returns the table row.
async function finish(name, faults, load, servers, { poisoned = false, pushesPromised = true, killed = false, reconnects = false } = {}) {
  await load.stop()
  await waitCaughtUp(DB, { skip: poisoned ? ['reference'] : [] })
  await sleep(1500) // pushes in flight reach their sockets
  const end = Date.now()
  const pushes = pushChecks(load.commands, load.sockets, end)
  const caught = reconnectChecks(load.commands, load.sockets, end)
  load.closeSockets()
  for (const s of servers) await s.stop()
  const summary = summarise(load.commands)
  const checked = commandChecks(DB, load.commands)
  const rebuilt = poisoned
    ? rowsDiffering(DB, BIN, { skip: ['reference'], tables: ['locations', 'salary_ranges'] })
    : rowsDiffering(DB, BIN)
  log(`  ${summary.sent} commands sent: ${summary.acked} acknowledged, ${summary.refused} refused, ${summary.gaveUp} given up; ` +
    `${checked.committedUnacked} ran without their answer arriving; ${checked.noWrite} answered as changing nothing; ${load.slow.length} took over 5 s`)
  for (const r of load.commands.filter((c) => c.outcome === 'refused').slice(0, 5)) log(`  refused: ${r.kind} ${r.status} ${JSON.stringify(r.json)} (try ${r.attempts})`)
  for (const l of checked.lost.slice(0, 5)) log(`  LOST: ${l.kind} ${l.rid}`)
  for (const d of checked.duplicated.slice(0, 5)) log(`  TWICE: ${d.kind} ${d.rid} (${d.appends} appends)`)
  log(`  pushes: ${pushes.expected} expected on steady sockets, ${pushes.missed} missed, ${pushes.twice} received twice; ` +
    `read models: ${rebuilt.tables} tables, ${rebuilt.rows} rows, ${rebuilt.differing} differing from a rebuild`)
  promise(name, summary.gaveUp === 0, `no command was still unanswered after ${120} s of retries (${summary.gaveUp})`)
  if (killed) {
    // A try cut off by the kill, before or after its commit, leaves its
    // retry the first answer or a clean run: never a refusal.
    const cut = load.commands.filter((c) => c.cutOff)
    const replayed = cut.filter((c) => c.outcome === 'acked' && c.replayed).length
    log(`  ${cut.length} commands lost a try to the kill: ${replayed} got their first answer replayed, ${cut.filter((c) => c.outcome === 'acked').length - replayed} ran on retry`)
    promise(name, summary.refused === 0, `no command was refused (${summary.refused}): each retry got the first answer or ran`)
  }
  if (pushesPromised) promise(name, pushes.missed === 0 && pushes.twice === 0, `every steady socket got each push once (${pushes.missed} missed, ${pushes.twice} twice)`)
  if (reconnects) {
    log(`  ${caught.sockets} sockets reconnected through the balancer; ${caught.owed} notifications owed to them, ${caught.missed} neither pushed nor in the list they caught up from`)
    promise(name, caught.sockets > 0 && caught.missed === 0, `every reconnected socket had each notification it was owed (${caught.missed} missed of ${caught.owed})`)
  }
  const row = {
    name, faults, acked: checked.acked, events: checked.events,
    lost: checked.lost.length + checked.notices.missing.length,
    duplicated: checked.duplicated.length + checked.notices.twice.length,
    differing: rebuilt.differing,
    pushes: `${pushes.expected - pushes.missed}/${pushes.expected}${pushes.twice ? ` (+${pushes.twice} twice)` : ''}` +
      (reconnects ? `; reconnected ${caught.owed - caught.missed}/${caught.owed}` : ''),
  }
  rows.push(row)
  return row
}

async function startAll(servers) {
  for (const s of servers) if (!s.alive()) s.start()
  await Promise.all(servers.map((s) => s.ready()))
}

async function startLoad(servers, socketServers = servers) {
  const load = new Load(() => servers, { writers: P.writers })
  await load.setup()
  await load.connectSockets(socketServers)
  load.start()
  return load
}

// ---------------------------------------------------------------------------

async function killNine(a) {
  const name = 'kill -9 of the server'
  log(`${name}: ${P.kills} kill(s) under load, ${P.writers} writers`)
  await startAll([a])
  const load = await startLoad([a])
  for (let k = 1; k <= P.kills; k++) {
    await ticker(load, `kill ${k}/${P.kills} in`, P.killEveryMs)
    a.kill9()
    log(`  killed ${a.name} (SIGKILL) with ${summarise(load.commands).acked} commands acknowledged`)
    await sleep(1000)
    a.start()
    const t0 = Date.now()
    await a.ready()
    log(`  restarted: ready after ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  }
  // Long enough for commands first sent after the restart (writers whose
  // try was cut off wait for its key to be abandoned) to reach the sockets.
  await ticker(load, 'load after the last kill', P.killTailMs)
  await finish(name, `${P.kills} x SIGKILL`, load, [a], { killed: true })
}

/// Probes both servers every 250 ms: /readyz and a read that needs the
/// database (reference data: the job board would not do, since anonymous
/// readers get it from the public cache, up to a second old, and may get it
/// with the database away). Returns [{server, path, at, ms, status}].
function probe(servers, stopSignal) {
  const seen = []
  const loop = async (s, path) => {
    while (!stopSignal.stopped) {
      const at = Date.now()
      const r = await http(s.url, 'GET', path, { timeoutMs: 20_000 })
      seen.push({ server: s.name, path, at, ms: r.ms, status: r.status })
      await sleep(250)
    }
  }
  const done = Promise.all(servers.flatMap((s) => [loop(s, '/readyz'), loop(s, '/api/reference/locations')]))
  return { seen, done }
}

async function databaseRestart(a, b) {
  const name = 'PostgreSQL stopped and started'
  log(`${name}: ${P.outages} outage(s) of ${P.outageMs / 1000} s under load, two servers`)
  await startAll([a, b])
  const load = await startLoad([a, b])
  const scenarioStart = Date.now()
  const outageStarts = []
  for (let k = 1; k <= P.outages; k++) {
    await ticker(load, `outage ${k}/${P.outages} in`, P.phaseMs)
    const signal = { stopped: false }
    const probes = probe([a, b], signal)
    const stopRequestedAt = Date.now()
    outageStarts.push(stopRequestedAt)
    await pgStop('fast')
    const stoppedAt = Date.now()
    log(`  PostgreSQL stopped (pg_ctl stop -m fast took ${stoppedAt - stopRequestedAt} ms) with ${summarise(load.commands).acked} commands acknowledged`)
    await ticker(load, 'database away', P.outageMs)
    const startingAt = Date.now()
    await pgStart()
    const startedAt = Date.now()
    let recoveredAt = null
    while (Date.now() - startedAt < RECOVERY_MS * 2) {
      const ready = await Promise.all([a, b].map((s) => http(s.url, 'GET', '/readyz', { timeoutMs: 5000 })))
      if (ready.every((r) => r.status === 200)) { recoveredAt = Date.now(); break }
      await sleep(100)
    }
    signal.stopped = true
    await probes.done
    const during = probes.seen.filter((p) => p.at >= stoppedAt && p.at + p.ms <= startingAt)
    const slowest = Math.max(0, ...during.map((p) => p.ms))
    const firstReady = during.filter((p) => p.path === '/readyz').sort((x, y) => x.at - y.at)[0]
    log(`  while away: ${during.length} probes, statuses ${[...new Set(during.map((p) => p.status))].join('/')}, slowest ${slowest} ms; ` +
      `ready again ${recoveredAt ? ((recoveredAt - startedAt) / 1000).toFixed(1) + ' s' : 'never'} after the start`)
    promise(name, a.alive() && b.alive(), 'both servers kept running')
    promise(name, during.length > 0 && during.every((p) => p.status === 503), 'every request while the database was away answered 503 (no hang, no crash)')
    promise(name, slowest <= OUTAGE_ANSWER_MS, `each answered within ${OUTAGE_ANSWER_MS} ms (slowest ${slowest} ms)`)
    promise(name, firstReady && firstReady.status === 503 && firstReady.ms <= OUTAGE_ANSWER_MS, '/readyz said 503 at once')
    promise(name, recoveredAt !== null && recoveredAt - startedAt <= RECOVERY_MS, `ready again by itself within ${RECOVERY_MS / 1000} s`)
  }
  await ticker(load, 'load after the last outage', P.tailMs)
  // A command already running when the database went away (a sign-up
  // hashing its password) had work of its own: measure from the later of
  // its sending and the stop.
  const waited = (a) => {
    const outage = outageStarts.filter((t) => t <= a.at + a.ms).pop() ?? a.at
    return a.at + a.ms - Math.max(a.at, outage)
  }
  const worst503 = Math.max(0, ...load.answers503.map(waited))
  log(`  writers got ${load.answers503.length} answers of 503, the slowest ${worst503} ms after the later of its sending and the stop`)
  for (const a of load.answers503.filter((x) => waited(x) > OUTAGE_ANSWER_MS).slice(0, 5)) {
    log(`  slow 503: ${a.kind} sent ${((a.at - outageStarts[0]) / 1000).toFixed(1)} s after the stop, answered in ${a.ms} ms: ${a.error}`)
  }
  promise(name, worst503 <= OUTAGE_ANSWER_MS, `writers' 503s came within ${OUTAGE_ANSWER_MS} ms`)
  reportOverlap([a, b], scenarioStart)
  await finish(name, `${P.outages} x pg_ctl stop -m fast + start`, load, [a, b], { pushesPromised: false })
}

/// Two processes claiming one projector at once (from their logs): a
/// process whose lock connection died may go on running batches until its
/// next idle check. Reported, not promised (being fixed in runtime.rs).
function reportOverlap(servers, since) {
  const intervals = servers.flatMap((s) => s.leadership()).filter((i) => i.to > since)
  const overlaps = []
  for (const x of intervals) for (const y of intervals) {
    if (x.server >= y.server || x.projector !== y.projector) continue
    const from = Math.max(x.from, y.from)
    const to = Math.min(x.to === Infinity ? Date.now() : x.to, y.to === Infinity ? Date.now() : y.to)
    if (to > from) overlaps.push({ projector: x.projector, servers: `${x.server}+${y.server}`, ms: to - from })
  }
  if (!overlaps.length) log('  leadership: no projector was claimed by two processes at once')
  for (const o of overlaps) log(`  LEADERSHIP OVERLAP: ${o.projector} claimed by ${o.servers} for ${o.ms} ms`)
  rows.overlaps = (rows.overlaps ?? 0) + overlaps.length
  return overlaps
}

/// Three servers reading from the standby, behind HAProxy
/// (deploy/haproxy.cfg): the writers and the sockets go through it.
async function startBehind(balancer, servers) {
  for (const s of servers) s.readFromStandby = true
  await startAll(servers)
  await balancer.ready()
  return startLoad([balancer])
}

async function threeBehindBalancer(a, b, c, balancer) {
  const name = 'three servers behind HAProxy, one killed'
  log(`${name}: load and sockets through HAProxy, reads from the standby`)
  const servers = [a, b, c]
  const load = await startBehind(balancer, servers)
  const scenarioStart = Date.now()
  await ticker(load, 'kill in', P.phaseMs)
  const leadsNow = (s) => s.leadership().filter((i) => i.to === Infinity).map((i) => i.projector)
  const victim = servers.reduce((best, s) => (leadsNow(s).length > leadsNow(best).length ? s : best))
  const itsProjectors = leadsNow(victim)
  const survivors = servers.filter((s) => s !== victim)
  victim.kill9()
  const killedAt = Date.now()
  log(`  killed ${victim.name} (SIGKILL), which led ${itsProjectors.length} projectors: ${itsProjectors.join(', ')}`)
  let takeover = null
  while (Date.now() - killedAt < TAKEOVER_MS * 3) {
    const held = new Set(survivors.flatMap(leadsNow))
    if (itsProjectors.every((p) => held.has(p))) {
      const starts = survivors.flatMap((s) => s.leadership()).filter((i) => itsProjectors.includes(i.projector) && i.from >= killedAt - 100)
      takeover = Math.max(0, ...starts.map((i) => i.from - killedAt))
      break
    }
    await sleep(100)
  }
  log(`  every projector led by a survivor ${takeover === null ? 'never' : `${(takeover / 1000).toFixed(1)} s after the kill`}`)
  promise(name, takeover !== null && takeover <= TAKEOVER_MS, `its projectors moved to a survivor within ${TAKEOVER_MS / 1000} s`)
  await ticker(load, 'load after the kill', P.tailMs)
  const counts = new Map()
  for (const s of survivors) for (const p of leadsNow(s)) counts.set(p, (counts.get(p) ?? 0) + 1)
  promise(name, [...counts.values()].every((n) => n === 1), 'each projector has exactly one leader among the survivors')
  promise(name, await balancer.serversUp() === 2, 'HAProxy took the killed server out (health checks on /readyz)')
  const failed = load.commands.filter((c) => c.attempts > 1 && c.outcome === 'acked').length
  log(`  ${failed} commands needed a retry (in flight at the kill, or sent before HAProxy saw it gone)`)
  reportOverlap(servers, scenarioStart)
  await finish(name, '1 x SIGKILL of 3, through HAProxy', load, survivors.concat(victim), { killed: true, reconnects: true })
}

/// Probes through the balancer every 100 ms: an anonymous read and a
/// signed-in one, both read-model queries the standby answers while in use.
function readProbes(balancer, token, stopSignal) {
  const seen = []
  const loop = async (path, auth) => {
    while (!stopSignal.stopped) {
      const at = Date.now()
      const r = await http(balancer.url, 'GET', path, { token: auth, timeoutMs: 10_000 })
      seen.push({ path, at, ms: r.ms, status: r.status })
      await sleep(100)
    }
  }
  const done = Promise.all([loop('/api/reference/locations'), loop('/api/applications/my-applications', token)])
  return { seen, done }
}

/// Polls every server's /metrics until each reads the standby (`want`) or
/// not; the moment they all do, or null after `ms`.
async function allReadStandby(servers, want, ms) {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    const now = await Promise.all(servers.map((s) => s.readsStandby()))
    if (now.every((x) => x === want)) return Date.now()
    await sleep(50)
  }
  return null
}

async function standbyRestart(a, b, c, balancer) {
  const name = 'the standby stopped and started'
  log(`${name}: ${P.outageMs / 1000} s without the standby, three servers behind HAProxy`)
  const servers = [a, b, c]
  const load = await startBehind(balancer, servers)
  promise(name, await allReadStandby(servers, true, RECOVERY_MS) !== null, 'every server reads from the standby before it stops')
  await ticker(load, 'standby stop in', P.phaseMs)
  const signal = { stopped: false }
  const probes = readProbes(balancer, load.candidates[0].token, signal)
  await sleep(500)
  const stopAt = Date.now()
  await standbyStop()
  // pg_ctl returns once the standby has shut down (a restartpoint first,
  // which takes seconds under load); it refuses connections from the start.
  const stoppedAt = Date.now()
  log(`  standby stopped (pg_ctl stop -m fast took ${stoppedAt - stopAt} ms) with ${summarise(load.commands).acked} commands acknowledged`)
  const left = await allReadStandby(servers, false, 10_000)
  log(`  every server read the primary ${left === null ? 'never' : `${left - stopAt} ms after pg_ctl stop began, ${Math.max(0, left - stoppedAt)} ms after it returned`}`)
  promise(name, left !== null && left - stoppedAt <= STANDBY_LEFT_MS, `every server read the primary within ${STANDBY_LEFT_MS} ms of the standby being gone`)
  await ticker(load, 'standby away', P.outageMs)
  const startAt = Date.now()
  await standbyStart()
  const back = await allReadStandby(servers, true, STANDBY_BACK_MS * 2)
  log(`  reads back on the standby ${back === null ? 'never' : `${back - startAt} ms after pg_ctl start`}`)
  promise(name, back !== null && back - startAt <= STANDBY_BACK_MS, `every server read the standby again within ${STANDBY_BACK_MS / 1000} s of its start`)
  await sleep(1000)
  signal.stopped = true
  await probes.done
  const failed = probes.seen.filter((p) => p.status !== 200)
  const lastFailure = Math.max(stopAt, ...failed.map((p) => p.at + p.ms))
  log(`  ${probes.seen.length} read probes, ${failed.length} failed (${[...new Set(failed.map((p) => p.status))].join('/') || 'none'}), ` +
    `the last one ${failed.length ? `${lastFailure - stopAt} ms after the stop` : '-'}`)
  for (const p of failed.slice(0, 8)) log(`  failed probe: ${p.path} ${p.status} sent ${p.at - stopAt} ms after the stop, answered in ${p.ms} ms`)
  // A read in flight on the standby when it went away fails; nothing after.
  promise(name, failed.every((p) => p.at + p.ms >= stopAt && p.at + p.ms - stopAt <= STANDBY_LEFT_MS), `failed reads were all answered within ${STANDBY_LEFT_MS} ms of the stop`)
  const writes5xx = load.commands.filter((c) => c.attempts > 1 && c.firstSentAt >= stopAt).length
  promise(name, writes5xx === 0, `no command needed a retry: writes never touch the standby (${writes5xx})`)
  await ticker(load, 'load after the standby returned', P.tailMs)
  await finish(name, 'pg_ctl stop -m fast of the standby + start', load, servers)
}

async function poisonedEvent(a) {
  const name = 'a poisoned event'
  log(`${name}: one event the reference projector cannot apply, under load`)
  await startAll([a])
  const load = await startLoad([a])
  // A second LocationAdded for a location that exists, on a stream the
  // commands never write: decodable, but the reference projector's insert
  // fails on it, every time. Only that projector reads reference events.
  // language=PostgreSQL
  psql(DB, `INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata)
    SELECT gen_random_uuid(), 'reference-poisoned', 1, event_type, schema_version, payload,
           '{"correlation_id": "00000000-0000-0000-0000-000000000000", "request_id": "fault-suite-poison"}'
      FROM events WHERE event_type = 'LocationAdded' ORDER BY position LIMIT 1`)
  const poisonedAt = Date.now()
  log('  poisoned event appended')
  await ticker(load, 'load with the poison in the log', P.poisonMs)
  const statusText = await recruit(['projections', 'status'])
  const elapsed = Date.now() - poisonedAt
  const lines = statusText.split('\n').filter((l) => l.trim())
  const reference = lines.find((l) => l.startsWith('reference '))
  const attempts = reference ? Number(reference.split(/\s+/)[4]) : 0
  const metrics = (await http(a.url, 'GET', '/metrics')).json ?? ''
  const failing = [...String(metrics).matchAll(/^recruit_projector_failing\{projector="([^"]+)"\} 1$/gm)].map((m) => m[1])
  log(`  after ${(elapsed / 1000).toFixed(1)} s: ${reference?.replace(/\s+/g, ' ')}`)
  log(`  /metrics: failing = ${failing.join(', ') || 'none'}`)
  promise(name, reference?.includes('failing'), 'projections status shows reference failing with its error')
  // Fixed 250 ms retries would have made elapsed/250 attempts; doubling backoff makes about log2 of that.
  const ceiling = Math.ceil(Math.log2(elapsed / 250)) + 2
  promise(name, attempts >= 3 && attempts <= ceiling, `it retried with backoff (${attempts} attempts in ${(elapsed / 1000).toFixed(0)} s, at most ${ceiling})`)
  promise(name, failing.length === 1 && failing[0] === 'reference', '/metrics reports reference, and only it, failing')
  const row = await finish(name, '1 poisoned event', load, [a], { poisoned: true })
  promise(name, row.acked > 0, 'the other projectors went on (every other read model caught up and matches a rebuild)')
}

// ---------------------------------------------------------------------------

function printTable() {
  const header = ['scenario', 'faults injected', 'commands acknowledged', 'events found', 'lost', 'duplicated', 'read-model rows differing', 'pushes on steady sockets']
  const body = rows.map((r) => [r.name, r.faults, r.acked, r.events, r.lost, r.duplicated, r.differing, r.pushes])
  const sum = (k) => rows.reduce((n, r) => n + r[k], 0)
  body.push(['total', '', sum('acked'), sum('events'), sum('lost'), sum('duplicated'), sum('differing'), ''])
  console.log()
  console.log(`| ${header.join(' | ')} |`)
  console.log(`|${header.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`)
  for (const r of body) console.log(`| ${r.join(' | ')} |`)
  console.log()
}

async function main() {
  const t0 = Date.now()
  psql('postgres', `CREATE DATABASE ${DB}`)
  await recruit(['migrate'])
  log('seeding the demo data (recruit seed)')
  await recruit(['seed'])
  log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  const [a, b, c] = ['a', 'b', 'c'].map((n) => new Server(n, DB))
  const balancer = new Balancer([a, b, c])
  try {
    await killNine(a)
    await databaseRestart(a, b)
    balancer.start()
    await threeBehindBalancer(a, b, c, balancer)
    await standbyRestart(a, b, c, balancer)
    await s3Restart({ servers: [a, b, c], balancer, P, SHORT, DB, rows, promise, ticker, startBehind, finish, recruit })
    for (const s of [a, b, c]) s.readFromStandby = false
    await poisonedEvent(a)
  } finally {
    for (const s of [a, b, c]) await s.stop().catch(() => {})
    await balancer.stop().catch(() => {})
  }
  printTable()
  if (rows.overlaps) console.log(`Projector leadership overlaps seen: ${rows.overlaps} (see the log; reported, not promised)`)
  const totals = rows.reduce((n, r) => n + r.lost + r.duplicated + r.differing, 0)
  console.log(`Wall time ${((Date.now() - t0) / 1000).toFixed(0)} s (${SHORT ? 'short' : 'full'} form).`)
  if (totals || broken.length) {
    console.log(`FAILED: ${totals} lost/duplicated/differing; ${broken.length} promise(s) broken:`)
    for (const b of broken) console.log(`  - ${b}`)
    return 1
  }
  console.log('Nothing acknowledged was lost, nothing happened twice, every read model equals a clean rebuild.')
  return 0
}

const ceiling = setTimeout(() => { console.error('fault suite: gave up after 40 minutes'); process.exit(2) }, 40 * 60 * 1000)
ceiling.unref()
main().then((code) => process.exit(code), (e) => { console.error(`fault suite: ${e?.stack || e}`); process.exit(2) })
