// What every fault scenario shares (suite.mjs runs them): the run's size
// (FAULTS_MODE=short or full), the promises kept or broken, the table's rows,
// starting servers and load, and `finish`, which stops a scenario and runs the
// checks in check.mjs on what it left.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { dbUrl, log, status, clearStatus } from './cluster.mjs'
import { Load, summarise } from './load.mjs'
import { waitCaughtUp, commandChecks, rowsDiffering, pushChecks, reconnectChecks } from './check.mjs'

export const SHORT = process.env.FAULTS_MODE === 'short'
export const BIN = process.env.FAULTS_BIN
export const DB = 'faults'
export const P = SHORT
  ? { writers: 6, kills: 1, killEveryMs: 6000, killTailMs: 14000, outages: 1, outageMs: 4000, phaseMs: 6000, tailMs: 6000, poisonMs: 8000 }
  : { writers: 16, kills: 3, killEveryMs: 20000, killTailMs: 20000, outages: 2, outageMs: 8000, phaseMs: 15000, tailMs: 15000, poisonMs: 20000 }

export const rows = [] // the table
export const broken = [] // promises that failed

export function promise(scenario, ok, text) {
  if (ok) log(`  ok: ${text}`)
  else { broken.push(`${scenario}: ${text}`); log(`  FAILED: ${text}`) }
}

/// `recruit` on the suite's database; `extraEnv` adds to its environment.
export async function recruit(args, extraEnv = {}) {
  const { stdout } = await promisify(execFile)(BIN, args, {
    env: { ...process.env, DATABASE_URL: dbUrl(DB), APP_ENV: 'development', RUST_LOG: 'warn', ...extraEnv },
    maxBuffer: 64 * 1024 * 1024,
  })
  return stdout
}

export async function ticker(load, label, ms) {
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
export async function finish(name, faults, load, servers, { poisoned = false, pushesPromised = true, killed = false, reconnects = false } = {}) {
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

export async function startAll(servers) {
  for (const s of servers) if (!s.alive()) s.start()
  await Promise.all(servers.map((s) => s.ready()))
}

export async function startLoad(servers, socketServers = servers) {
  const load = new Load(() => servers, { writers: P.writers })
  await load.setup()
  await load.connectSockets(socketServers)
  load.start()
  return load
}

/// Three servers reading from the standby, behind HAProxy
/// (deploy/haproxy.cfg): the writers and the sockets go through it.
export async function startBehind(balancer, servers) {
  for (const s of servers) s.readFromStandby = true
  await startAll(servers)
  await balancer.ready()
  return startLoad([balancer])
}

/// Two processes claiming one projector at once (from their logs): a
/// process whose lock connection died may go on running batches until its
/// next idle check. Reported, not promised (being fixed in runtime.rs).
export function reportOverlap(servers, since) {
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
