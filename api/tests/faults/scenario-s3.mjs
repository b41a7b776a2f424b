// The fault suite's S3 scenario (suite.mjs runs it; scenario.mjs has the helpers): three
// servers behind HAProxy store uploads in an S3 bucket; under load, with
// uploaders sending documents through the balancer, the S3 endpoint goes
// away and comes back. Promised: uploads while it is away are refused at once
// with 503 and Retry-After, they work again by themselves, nothing is half
// written (an event for each stored upload and its object in the bucket,
// none for a refused one), and the rest of the product does not notice.
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { S3Endpoint, psql, log } from './cluster.mjs'
import { clientAddress } from './load.mjs'
import { waitCaughtUp } from './check.mjs'
import { P, SHORT, DB, rows, promise, ticker, startBehind, finish, recruit } from './scenario.mjs'

/// An upload while the S3 endpoint is away is refused within this (a
/// refused connection, two quick retries: docs/FAULTS.md).
const S3_REFUSED_MS = 3000
/// Uploads sent this long after the endpoint is back all succeed.
const S3_BACK_MS = 5000
/// A candidate holds at most 50 documents: an uploader moves to a new one before.
const UPLOADS_PER_CANDIDATE = 45

/// One uploader: a candidate of its own (a new one before the 50-document
/// quota), small text documents through the balancer as fast as they are
/// answered. Each upload is recorded with its answer and its bytes.
async function uploader(u, balancer, load, uploads, signal) {
  let who = null
  let held = 0
  while (!signal.stopped) {
    if (!who || held >= UPLOADS_PER_CANDIDATE) {
      const email = `faults-uploader-${randomUUID()}@example.com`
      const reg = await load.command('register', 'POST', '/api/auth/candidate/register', { writer: u, body: { name: `Fault Uploader ${u}`, email, password: 'Candidate1!' } })
      if (reg.outcome !== 'acked') throw new Error(`uploader registration: ${reg.status} ${JSON.stringify(reg.json)}`)
      who = await load.login('candidate', email, 'Candidate1!')
      held = 0
    }
    const rid = randomUUID()
    const text = `A fault-suite upload ${rid}\n`
    const form = new FormData()
    form.append('title', `Fault upload ${rid.slice(0, 8)}`)
    form.append('document', new Blob([text], { type: 'text/plain' }), `upload-${rid.slice(0, 8)}.txt`)
    const at = Date.now()
    const record = { rid, at, ms: 0, status: 0, retryAfter: null, id: null, text, token: who.token }
    try {
      const res = await fetch(`${balancer.url}/api/documents/upload`, {
        method: 'POST', body: form, signal: AbortSignal.timeout(20_000),
        headers: { authorization: `Bearer ${who.token}`, 'x-request-id': rid, 'x-forwarded-for': clientAddress(rid) },
      })
      record.status = res.status
      record.retryAfter = res.headers.get('retry-after')
      const body = await res.json().catch(() => null)
      record.id = body?.document?.id ?? null
      record.error = body?.error
    } catch (e) {
      record.error = String(e?.cause?.code || e?.name || e)
    }
    record.ms = Date.now() - at
    uploads.push(record)
    if (record.status === 201) held++
    await sleep(50)
  }
}

export async function s3Restart(a, b, c, balancer) {
  const servers = [a, b, c]
  const name = 'the S3 server restarted'
  const uploaders = SHORT ? 2 : 4
  log(`${name}: uploads to S3 go away for ${P.outageMs / 1000} s, three servers behind HAProxy, ${uploaders} uploaders`)
  const s3 = new S3Endpoint('faults-uploads')
  await s3.createBucket()
  await s3.start()
  for (const s of servers) s.s3 = s3
  const load = await startBehind(balancer, servers)
  const uploads = []
  const signal = { stopped: false }
  const uploading = Promise.all(Array.from({ length: uploaders }, (_, u) => uploader(u, balancer, load, uploads, signal)))
  await ticker(load, 'S3 away in', P.phaseMs)
  const stopAt = Date.now()
  await s3.stop()
  log(`  S3 endpoint gone (connections reset, new ones refused) with ${uploads.filter((u) => u.status === 201).length} uploads stored`)
  await ticker(load, 'S3 away', P.outageMs)
  const backAt = Date.now()
  await s3.start()
  log('  S3 endpoint back')
  await ticker(load, 'load after S3 returned', P.tailMs)
  signal.stopped = true
  await uploading

  // While it was away: refused at once with 503 and Retry-After.
  const away = uploads.filter((u) => u.at >= stopAt && u.at + u.ms <= backAt)
  const slowest = Math.max(0, ...away.map((u) => u.ms))
  const statuses = (list) => [...new Set(list.map((u) => u.status))].join('/') || 'none'
  log(`  while away: ${away.length} uploads, statuses ${statuses(away)}, slowest ${slowest} ms`)
  for (const u of away.filter((x) => x.status !== 503 || !x.retryAfter).slice(0, 5)) log(`  not a 503: ${u.status} ${u.error} after ${u.ms} ms`)
  promise(name, away.length > 0 && away.every((u) => u.status === 503 && u.retryAfter), 'every upload while S3 was away answered 503 with Retry-After')
  promise(name, slowest <= S3_REFUSED_MS, `each within ${S3_REFUSED_MS} ms (slowest ${slowest} ms)`)
  const odd = uploads.filter((u) => u.status !== 201 && u.status !== 503)
  for (const u of odd.slice(0, 5)) log(`  unexpected: ${u.status} ${u.error} sent ${u.at - stopAt} ms after the stop`)
  promise(name, odd.length === 0, `no upload answered anything but 201 or 503 (${odd.length})`)
  const after = uploads.filter((u) => u.at >= backAt)
  const firstStored = after.find((u) => u.status === 201)
  const late = after.filter((u) => u.at >= backAt + S3_BACK_MS)
  log(`  after its return: ${after.length} uploads, the first stored ${firstStored ? `${firstStored.at + firstStored.ms - backAt} ms after` : 'never'}`)
  promise(name, late.length > 0 && late.every((u) => u.status === 201), `every upload from ${S3_BACK_MS / 1000} s after its return was stored (${late.filter((u) => u.status !== 201).length} of ${late.length} not)`)
  const writesRetried = load.commands.filter((c) => c.attempts > 1 && c.firstSentAt >= stopAt).length
  promise(name, writesRetried === 0, `no other command needed a retry: only uploads touch S3 (${writesRetried})`)

  // Nothing half-written: an event for each stored upload and none for a
  // refused one; each stored upload's object is in the bucket and downloads
  // through the balancer with the bytes that were sent. The load stops
  // first: under it the log always has a few events no projector has read
  // yet, so "caught up" may never be seen (CI saw exactly that, twice).
  await load.stop()
  await waitCaughtUp(DB)
  const file = uploads.map((u) => `'${u.rid}'`).join(',')
  // language=PostgreSQL
  const counted = new Map(psql(DB, `SELECT metadata->>'request_id', count(*) FROM events
     WHERE event_type = 'DocumentUploaded' AND metadata->>'request_id' IN (${file}) GROUP BY 1`).map(([rid, n]) => [rid, Number(n)]))
  const stored = uploads.filter((u) => u.status === 201)
  const missingEvent = stored.filter((u) => counted.get(u.rid) !== 1).length
  const refusedWithEvent = uploads.filter((u) => u.status !== 201 && counted.has(u.rid)).length
  promise(name, missingEvent === 0 && refusedWithEvent === 0, `one event per stored upload, none for a refused one (${missingEvent} stored without exactly one, ${refusedWithEvent} refused with one)`)
  const ids = stored.map((u) => `'${u.id}'`).join(',') || "'00000000-0000-0000-0000-000000000000'"
  // language=PostgreSQL
  const storedKeys = psql(DB, `SELECT storage_key FROM documents WHERE id IN (${ids})`).map((r) => r[0])
  const bucket = new Set(await s3.keys())
  const withoutObject = storedKeys.filter((k) => !bucket.has(k)).length
  promise(name, storedKeys.length === stored.length && withoutObject === 0, `every stored upload's object is in the bucket (${stored.length} uploads, ${storedKeys.length} documents, ${withoutObject} without their object)`)
  let wrong = 0
  for (const u of stored) {
    const r = await fetch(`${balancer.url}/api/documents/${u.id}/download`, { headers: { authorization: `Bearer ${u.token}` }, signal: AbortSignal.timeout(10_000) })
    if (r.status !== 200 || (await r.text()) !== u.text) wrong++
  }
  promise(name, wrong === 0, `each stored upload downloads through HAProxy with its bytes (${wrong} of ${stored.length} not)`)
  // language=PostgreSQL
  const referred = new Set(psql(DB, `SELECT storage_key FROM documents`).map((r) => r[0]))
  const orphans = [...bucket].filter((k) => !referred.has(k)).length
  log(`  ${uploads.length} uploads: ${stored.length} stored, ${uploads.length - stored.length} refused; the bucket holds ${bucket.size} objects, ` +
    `${orphans} referred to by nothing (the orphan sweeper removes those after its grace period)`)
  rows.uploads = { sent: uploads.length, stored: stored.length, refused: uploads.length - stored.length, orphans }
  await finish(name, `S3 endpoint away ${P.outageMs / 1000} s, through HAProxy`, load, servers)

  // With every server stopped no upload is in flight, so the sweeper may
  // judge files of any age: afterwards the bucket holds only what an event
  // refers to.
  await recruit(['files', 'sweep', '--older-than-minutes', '0'], s3.serverEnv())
  const left = await s3.keys()
  const strays = left.filter((k) => !referred.has(k)).length
  log(`  after recruit files sweep: ${left.length} objects, ${strays} referred to by nothing`)
  promise(name, strays === 0 && storedKeys.every((k) => left.includes(k)), `after the sweeper the bucket holds only files an event refers to (${strays} others), every stored upload's still among them`)
  for (const s of servers) s.s3 = null
  await s3.stop()
}
