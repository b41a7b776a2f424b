// The fault suite's checks, read from the database after a scenario:
// every acknowledged command is in the log exactly once (found by the
// X-Request-Id it sent on every try), no notification was raised twice, and
// every read model equals a clean rebuild, row for row.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import path from 'node:path'
import { TMP, psql, dbUrl, log } from './cluster.mjs'

/// Tables that are not read models: the store, delivery state, bookkeeping.
const NOT_READ_MODELS = new Set([
  'events', 'data_subject_keys', 'unique_claims', 'mail_outbox', 'login_throttle',
  'known_sign_in_clients', 'projector_checkpoints', 'idempotency_keys', '_sqlx_migrations',
])

/// Waits until every projector (but `skip`) has handled every committed event.
export async function waitCaughtUp(db, { skip = [], timeoutMs = 120_000 } = {}) {
  const deadline = Date.now() + timeoutMs
  const skipList = skip.map((s) => `'${s}'`).join(',') || "''"
  for (;;) {
    // language=PostgreSQL
    const rows = psql(db, `SELECT c.name FROM projector_checkpoints c
       WHERE c.name NOT IN (${skipList}) AND EXISTS (SELECT 1 FROM events e
         WHERE (e.transaction_id, e.position) > (c.last_transaction_id::text::xid8, c.last_position))`)
    if (!rows.length) return
    if (Date.now() > deadline) {
      const names = rows.map((r) => r[0])
      explainStuck(db, names)
      throw new Error(`projectors never caught up: ${names.join(', ')}`)
    }
    await sleep(250)
  }
}

/// What a stuck projector is doing, logged before the suite gives up: its
/// checkpoint row (a failing batch records its error there), the session
/// holding its leadership lock (servers name their connections after
/// themselves, PGAPPNAME), and every session in a transaction or waiting,
/// with what it waits on. A hang that CI alone sees is explained by its log.
export function explainStuck(db, names) {
  const list = names.map(quote).join(',')
  try {
    // language=PostgreSQL
    for (const [name, position, status, attempts, error, updated] of psql(db, `SELECT name, last_position, status, attempts,
         coalesce(left(last_error, 300), ''), to_char(updated_at, 'HH24:MI:SS.MS')
         FROM projector_checkpoints WHERE name IN (${list}) ORDER BY name`)) {
      log(`  stuck ${name}: checkpoint at position ${position}, ${status}, ${attempts} attempts, updated ${updated}${error ? `, last error: ${error}` : ''}`)
    }
    // A log still growing means a load still running: projectors that chase
    // it are busy, not stuck, and the caller waited too early.
    // language=PostgreSQL
    const head = psql(db, `SELECT max(position), count(*), count(*) FILTER (WHERE recorded_at > now() - interval '5 seconds'),
         coalesce(to_char(max(recorded_at), 'HH24:MI:SS.MS'), '') FROM events`)[0]
    log(`  the log: ${head[1]} events, the highest position ${head[0]}, the newest recorded ${head[3]}; ${head[2]} recorded in the last 5 s` +
      `${Number(head[2]) > 0 ? ' (still growing: is a load still running?)' : ''}`)
    // pg_locks splits an advisory lock's bigint key: objid is its low half.
    // language=PostgreSQL
    const holders = psql(db, `SELECT c.name, coalesce(a.application_name, '?'), a.pid, a.state, coalesce(a.wait_event_type || ':' || a.wait_event, ''),
         coalesce(round(extract(epoch FROM now() - a.xact_start)::numeric, 1)::text, ''), left(regexp_replace(coalesce(a.query, ''), '\\s+', ' ', 'g'), 160)
         FROM projector_checkpoints c
         LEFT JOIN pg_locks l ON l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
              AND l.objid = ((hashtext('projector:' || c.name)::bigint) & 4294967295)::oid
         LEFT JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE c.name IN (${list}) ORDER BY c.name`)
    for (const [name, app, pid, state, wait, xact, query] of holders) {
      log(pid ? `  ${name} is led by ${app} (pid ${pid}, ${state}${wait ? `, waiting on ${wait}` : ''}${xact ? `, in a transaction for ${xact} s` : ''}): ${query}`
        : `  ${name} is led by no one`)
    }
    // language=PostgreSQL
    const busy = psql(db, `SELECT pid, coalesce(application_name, ''), state, coalesce(wait_event_type || ':' || wait_event, ''),
         coalesce(round(extract(epoch FROM now() - xact_start)::numeric, 1)::text, ''), coalesce(array_to_string(pg_blocking_pids(pid), ' '), ''),
         left(regexp_replace(coalesce(query, ''), '\\s+', ' ', 'g'), 160)
         FROM pg_stat_activity
         WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()
           AND (xact_start IS NOT NULL OR wait_event_type = 'Lock')
         ORDER BY xact_start NULLS LAST LIMIT 30`)
    log(`  ${busy.length} sessions in a transaction or waiting on a lock`)
    for (const [pid, app, state, wait, xact, blockers, query] of busy) {
      log(`    pid ${pid} ${app || '(no name)'} ${state}${wait ? ` waiting on ${wait}` : ''}${blockers ? ` behind ${blockers}` : ''}, in a transaction for ${xact} s: ${query}`)
    }
    // language=PostgreSQL
    const perApp = psql(db, `SELECT coalesce(nullif(application_name, ''), '(no name)'), count(*) FROM pg_stat_activity
         WHERE backend_type = 'client backend' GROUP BY 1 ORDER BY 1`)
    log(`  connections: ${perApp.map(([app, n]) => `${app} ${n}`).join(', ')}`)
  } catch (e) {
    log(`  could not explain the stuck projectors: ${e.message}`)
  }
  // What each server last said about them (servers log JSON lines).
  const dir = path.join(TMP, 'logs')
  if (!existsSync(dir)) return
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.log') && f !== 'haproxy.log' && f !== 's3.log')) {
    const said = []
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line.startsWith('{')) continue
      try {
        const entry = JSON.parse(line)
        const f = entry.fields ?? {}
        if (names.includes(f.projector) || f.message === 'listening' || f.message === 'shutting down') {
          said.push(`${entry.timestamp.slice(11, 23)} ${entry.level} ${f.projector ?? ''} ${f.message}${f.error ? `: ${String(f.error).slice(0, 200)}` : ''}`)
        }
      } catch { /* a partial line */ }
    }
    log(`  ${file}, its last ${Math.min(said.length, 12)} lines about them:`)
    for (const l of said.slice(-12)) log(`    ${l}`)
  }
}

const quote = (s) => `'${String(s).replaceAll("'", "''")}'`

/// Per command sent: how many appends carry its request id (the command's
/// own, and the notifications a policy raised because of it).
export function commandChecks(db, commands) {
  if (!commands.length) return { acked: 0, events: 0, lost: [], duplicated: [], committedUnacked: 0, noWrite: 0, notices: { missing: [], twice: [] } }
  const file = path.join(TMP, `check-${db}-${Date.now()}.sql`)
  const values = commands.map((c) => `(${quote(c.rid)}, ${quote(c.kind)}, ${c.outcome === 'acked'}, ${c.outcome === 'acked' && !c.position})`).join(',\n')
  // language=PostgreSQL
  writeFileSync(file, `
-- no_write: answered 2xx without a consistency token, i.e. by its own
-- account it changed nothing (a status set to what it already was).
CREATE TEMP TABLE sent (rid text PRIMARY KEY, kind text NOT NULL, acked boolean NOT NULL, no_write boolean NOT NULL);
INSERT INTO sent VALUES ${values};
-- A notice is per recipient: an application notifies the candidate and the
-- employer, so "twice" is two notices for one person from one command.
SELECT s.rid, s.kind, s.acked, s.no_write,
       count(e.position) FILTER (WHERE NOT e.by_policy),
       count(DISTINCT e.transaction_id::text) FILTER (WHERE NOT e.by_policy),
       coalesce((SELECT max(n) FROM (SELECT count(*) AS n FROM events p
                  WHERE p.metadata->>'request_id' = s.rid AND p.metadata->>'actor_role' = 'policy'
                    AND p.event_type = 'NotificationRaised'
                  GROUP BY p.payload->>'user_id') per_recipient), 0)
  FROM sent s
  LEFT JOIN (SELECT position, transaction_id, event_type, metadata->>'request_id' AS rid,
                    coalesce(metadata->>'actor_role', '') = 'policy' AS by_policy
               FROM events) e ON e.rid = s.rid
 GROUP BY s.rid, s.kind, s.acked, s.no_write;
`)
  const rows = psql(db, null, { file })
  const result = { acked: 0, events: 0, lost: [], duplicated: [], committedUnacked: 0, noWrite: 0, notices: { missing: [], twice: [] } }
  for (const [rid, kind, ackedText, noWriteText, eventsText, appendsText, noticesText] of rows) {
    const acked = ackedText === 't'
    const noWrite = noWriteText === 't'
    const events = Number(eventsText)
    const appends = Number(appendsText)
    const notices = Number(noticesText)
    if (acked) {
      result.acked++
      result.events += events
      // Only a status change may be a no-op; any other 2xx without a write is lost.
      if (noWrite) result.noWrite++
      if (appends === 0 && !(noWrite && kind === 'status')) result.lost.push({ rid, kind })
    } else if (appends > 0) {
      result.committedUnacked++ // ran, but its answer never arrived: allowed
    }
    // One command is one append; a second one means it ran twice.
    if (appends > 1) result.duplicated.push({ rid, kind, appends })
    // A status change with feedback raises exactly one notification.
    if (kind === 'status' && acked && appends === 1 && notices === 0) result.notices.missing.push(rid)
    if (notices > 1) result.notices.twice.push({ rid, notices })
  }
  return result
}

function readModelTables(db) {
  return psql(db, `SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`)
    .map((r) => r[0]).filter((t) => !NOT_READ_MODELS.has(t))
}

/// Snapshots every read model, rebuilds them from the log with `recruit
/// projections rebuild` (all of them, or every one but `skip`), and counts
/// rows on either side that the other lacks. No column is excluded: nothing
/// in a read model depends on when it was projected. Servers must be stopped.
export function rowsDiffering(db, bin, { skip = [], tables: skipTables = [] } = {}) {
  const tables = readModelTables(db).filter((t) => !skipTables.includes(t))
  psql(db, `DROP SCHEMA IF EXISTS faults_snapshot CASCADE; CREATE SCHEMA faults_snapshot; ` +
    tables.map((t) => `CREATE TABLE faults_snapshot.${t} AS TABLE public.${t};`).join(' '))
  const env = { ...process.env, DATABASE_URL: dbUrl(db), APP_ENV: 'development', RUST_LOG: 'warn' }
  const rebuild = (args) => execFileSync(bin, ['projections', 'rebuild', ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] })
  if (!skip.length) rebuild(['--all'])
  else {
    const names = psql(db, 'SELECT name FROM projector_checkpoints ORDER BY 1').map((r) => r[0])
      .filter((n) => !skip.includes(n) && !n.endsWith('_policy'))
    for (const name of names) rebuild([name])
  }
  // language=PostgreSQL
  const rows = psql(db, tables.map((t) => `SELECT '${t}',
      (SELECT count(*) FROM (SELECT to_jsonb(l) FROM public.${t} l EXCEPT ALL SELECT to_jsonb(s) FROM faults_snapshot.${t} s) d),
      (SELECT count(*) FROM (SELECT to_jsonb(s) FROM faults_snapshot.${t} s EXCEPT ALL SELECT to_jsonb(l) FROM public.${t} l) d),
      (SELECT count(*) FROM public.${t})`).join(' UNION ALL '))
  let differing = 0
  let total = 0
  for (const [table, onlyRebuilt, onlyLive, count] of rows) {
    total += Number(count)
    const n = Number(onlyRebuilt) + Number(onlyLive)
    if (n) log(`  ${table}: ${onlyLive} live rows not in the rebuild, ${onlyRebuilt} rebuilt rows not live`)
    differing += n
  }
  psql(db, 'DROP SCHEMA faults_snapshot CASCADE')
  return { differing, tables: tables.length, rows: total }
}

/// Pushes each socket should have had: the notification of every status
/// change acknowledged for its candidate while it stayed connected from the
/// first try to the end. Also pushes of one notification received twice.
export function pushChecks(commands, sockets, end) {
  let expected = 0
  let missed = 0
  let twice = 0
  for (const s of sockets) {
    const ids = new Map()
    for (const n of s.notifications) if (n.id) ids.set(n.id, (ids.get(n.id) ?? 0) + 1)
    for (const count of ids.values()) if (count > 1) twice += count - 1
    for (const c of commands) {
      if (c.kind !== 'status' || c.outcome !== 'acked' || c.candidate !== s.candidate) continue
      const steady = s.intervals.some((i) => i.from <= c.firstSentAt && i.to >= end)
      if (!steady) continue
      expected++
      const feedback = c.feedback
      if (!s.notifications.some((n) => n.message.includes(feedback))) missed++
    }
  }
  return { expected, missed, twice }
}

/// Pushes owed to sockets that lost their server and reconnected (through
/// the balancer, to another one): every status change acknowledged for the
/// socket's candidate after it first connected, which it must have had
/// either as a push or in the notification list it asked for after
/// reconnecting. Sockets connected from start to end are pushChecks' affair.
export function reconnectChecks(commands, sockets, end) {
  let sockets_ = 0
  let owed = 0
  let missed = 0
  for (const s of sockets) {
    const last = s.intervals[s.intervals.length - 1]
    if (s.intervals.length < 2 || !last || last.to < end) continue
    sockets_++
    const had = [...s.notifications, ...s.caughtUp].map((n) => n.message)
    for (const c of commands) {
      if (c.kind !== 'status' || c.outcome !== 'acked' || c.candidate !== s.candidate) continue
      if (c.firstSentAt < s.intervals[0].from) continue
      owed++
      if (!had.some((m) => m.includes(c.feedback))) missed++
    }
  }
  return { sockets: sockets_, owed, missed }
}
