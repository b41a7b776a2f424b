// The scenarios where a database goes away under load: the primary stopped
// and started with two servers on it, and the standby the reads use stopped
// and started with three servers behind HAProxy.
import { setTimeout as sleep } from 'node:timers/promises'
import { pgStart, pgStop, standbyStart, standbyStop, log } from './cluster.mjs'
import { http, summarise } from './load.mjs'
import { P, promise, ticker, finish, startAll, startLoad, startBehind, reportOverlap } from './scenario.mjs'

/// A request while the database is away must answer within this (the pool's
/// 1 s acquire timeout plus a debug build's slack).
const OUTAGE_ANSWER_MS = 2500
/// The servers are ready again by themselves within this of the start.
const RECOVERY_MS = 30_000
/// Reads leave a stopped standby within this (docs/DEPLOY.md: the watcher
/// looks every 250 ms, and a look that gets no answer in 500 ms is "down").
const STANDBY_LEFT_MS = 2000
/// ... and come back to it within this of its start (it must catch up first).
const STANDBY_BACK_MS = 15_000

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

export async function databaseRestart(a, b) {
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

export async function standbyRestart(a, b, c, balancer) {
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
