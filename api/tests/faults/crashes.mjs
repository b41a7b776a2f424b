// The scenarios where a server crashes or cannot apply an event: kill -9 of
// one server and restarts, one of three servers behind HAProxy killed, and a
// poisoned event the reference projector fails on.
import { setTimeout as sleep } from 'node:timers/promises'
import { psql, log } from './cluster.mjs'
import { http, summarise } from './load.mjs'
import { DB, P, promise, recruit, ticker, finish, startAll, startLoad, startBehind, reportOverlap } from './scenario.mjs'

/// A killed leader's projectors are led by a survivor within this.
const TAKEOVER_MS = 10_000

export async function killNine(a) {
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

export async function threeBehindBalancer(a, b, c, balancer) {
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

export async function poisonedEvent(a) {
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
