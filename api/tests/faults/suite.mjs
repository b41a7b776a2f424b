// The fault suite (run by .ci/faults, which creates the throwaway cluster and
// passes it in FAULTS_* variables). Six scenarios under load (crashes.mjs,
// outages.mjs, scenario-s3.mjs), each followed by the checks in check.mjs (through
// scenario.mjs's `finish`); prints a table and exits 1 when a command was lost
// or ran twice, a read model differs from a clean rebuild, or a scenario's
// promise failed. docs/FAULTS.md says what each promise is.
import { Server, Balancer, psql, log } from './cluster.mjs'
import { databaseRestart, standbyRestart } from './outages.mjs'
import { killNine, threeBehindBalancer, poisonedEvent } from './crashes.mjs'
import { s3Restart } from './scenario-s3.mjs'
import { SHORT, DB, rows, broken, recruit } from './scenario.mjs'

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
    await s3Restart(a, b, c, balancer)
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
