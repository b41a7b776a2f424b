/** Shaping the analytics answer for the charts and their tables: whole weeks, funnel rates, top lists, readable durations. */
import { OPS_STAGES, readParams, stageLabel, validDay, writeParams } from '../../admin'
import type { Analytics, NamedCount } from '../types'

export type AnalyticsRange = { from: string; to: string }

/** What the numbers are for: the range, and the client ('' for every client). */
export type AnalyticsQuery = AnalyticsRange & { employer: string }

/** The address bar of the analytics screen: ?from=&to=&employer= (one client's applications only). */
const KEYS = ['from', 'to', 'employer'] as const

export function rangeFromParams(params: URLSearchParams): AnalyticsRange {
  const raw = readParams(params, KEYS)
  return { from: validDay(raw.from), to: validDay(raw.to) }
}

/** The client chosen (an employer's id), '' for every client. */
export const clientFromParams = (params: URLSearchParams) => readParams(params, KEYS).employer

export const analyticsParams = (r: AnalyticsRange, employer: string) => writeParams({ ...r, employer }, KEYS)

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

const SYDNEY_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' })

/** Today in Sydney (YYYY-MM-DD): the server counts Sydney days, so before 10 or 11 am a UTC "today"
 *  would still be yesterday and leave the morning's applications out. */
export function sydneyToday(now: Date = new Date()): string {
  return SYDNEY_DAY.format(now)
}

/** A YYYY-MM-DD day as a UTC midnight, for day arithmetic. */
const dayAt = (day: string) => new Date(`${day}T00:00:00Z`)

/** The last N days up to today (Sydney days, as the server counts them). */
export function lastDays(n: number, now: Date = new Date()): AnalyticsRange {
  const to = dayAt(sydneyToday(now))
  const from = new Date(to.getTime() - (n - 1) * 86_400_000)
  return { from: isoDay(from), to: isoDay(to) }
}

/** The calendar month so far, in Sydney: what a client meeting asks about. */
export function thisMonth(now: Date = new Date()): AnalyticsRange {
  const today = sydneyToday(now)
  return { from: `${today.slice(0, 8)}01`, to: today }
}

/** The whole of the calendar month before this one, in Sydney. */
export function lastMonth(now: Date = new Date()): AnalyticsRange {
  const firstOfThis = dayAt(thisMonth(now).from)
  const lastOfPrevious = new Date(firstOfThis.getTime() - 86_400_000)
  return { from: `${isoDay(lastOfPrevious).slice(0, 8)}01`, to: isoDay(lastOfPrevious) }
}

/** A quick range: its button's label and the range it stands for as of `now`. */
export type QuickRange = { label: string; range: (now?: Date) => AnalyticsRange }

export const QUICK_RANGES: readonly QuickRange[] = [
  { label: 'This month', range: thisMonth },
  { label: 'Last month', range: lastMonth },
  { label: 'Last 30 days', range: (now) => lastDays(30, now) },
  { label: 'Last 12 months', range: (now) => lastDays(365, now) },
  { label: 'All time', range: () => ({ from: '', to: '' }) },
]

/** Whether `range` is `quick` as of today: a quick range picked yesterday is no longer "Last 30
 *  days" today. */
export function isQuickRange(range: AnalyticsRange, quick: QuickRange, now: Date = new Date()): boolean {
  const q = quick.range(now)
  return range.from === q.from && range.to === q.to
}

/** A week's Monday (YYYY-MM-DD) as "17 Nov". */
export function formatWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return day
  return d.toLocaleDateString('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/** Every week from the first to the last of `weeks` (Mondays, YYYY-MM-DD), oldest first: at most
 *  two years of them (the server's range decides; this only fills the quiet weeks between). */
function everyWeek(weeks: string[]): string[] {
  const sorted = weeks.filter((w) => validDay(w)).sort()
  if (sorted.length === 0) return []
  const out: string[] = []
  const last = new Date(`${sorted[sorted.length - 1]}T00:00:00Z`).getTime()
  for (let t = new Date(`${sorted[0]}T00:00:00Z`).getTime(); t <= last && out.length < 106; t += 7 * 86_400_000) {
    out.push(isoDay(new Date(t)))
  }
  return out
}

export type WeekPoint = { week: string; label: string; applications: number }

/** Every week from the first to the last the server named, the quiet ones as 0, oldest first. */
export function weekSeries(perWeek: Analytics['per_week']): WeekPoint[] {
  const counts = new Map<string, number>()
  for (const w of perWeek) {
    if (validDay(w.week)) counts.set(w.week, (counts.get(w.week) ?? 0) + (Number(w.applications) || 0))
  }
  return everyWeek([...counts.keys()]).map((week) => ({ week, label: formatWeek(week), applications: counts.get(week) ?? 0 }))
}

export type AlertWeekPoint = { week: string; label: string; created: number; mailed: number }

/** The job alerts' weeks like the applications': every week between the first and the last, the
 *  quiet ones as 0. */
export function alertWeekSeries(jobAlerts: Analytics['job_alerts']): AlertWeekPoint[] {
  const counts = new Map<string, { created: number; mailed: number }>()
  for (const w of jobAlerts) {
    if (!validDay(w.week)) continue
    const c = counts.get(w.week) ?? { created: 0, mailed: 0 }
    counts.set(w.week, { created: c.created + (Number(w.alerts_created) || 0), mailed: c.mailed + (Number(w.mails_sent) || 0) })
  }
  return everyWeek([...counts.keys()]).map((week) => ({ week, label: formatWeek(week), created: 0, mailed: 0, ...counts.get(week) }))
}

/** The sentence under the job alerts' chart. */
export function alertWeeksSummary(weeks: AlertWeekPoint[]): string {
  if (weeks.length === 0) return 'No job alerts were created or mailed in this range.'
  const created = weeks.reduce((n, w) => n + w.created, 0)
  const mailed = weeks.reduce((n, w) => n + w.mailed, 0)
  const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`
  return `${plural(created, 'alert', 'alerts')} created and ${plural(mailed, 'alert mail', 'alert mails')} sent over ${plural(weeks.length, 'week', 'weeks')}.`
}

export type FunnelRow = { stage: string; label: string; count: number; ofFirst: number; ofPrevious: number }

/** The funnel in pipeline order, each stage as a share of the first one and of the stage before. */
export function funnelRows(funnel: Analytics['funnel']): FunnelRow[] {
  const order = (s: string) => {
    const i = (OPS_STAGES as readonly string[]).indexOf(s)
    return i < 0 ? OPS_STAGES.length : i
  }
  const rows = [...funnel].sort((a, b) => order(a.stage) - order(b.stage))
  const first = rows[0]?.count ?? 0
  return rows.map((r, i) => {
    const prev = i === 0 ? r.count : rows[i - 1].count
    return {
      stage: r.stage,
      label: stageLabel(r.stage),
      count: r.count,
      ofFirst: first > 0 ? Math.round((r.count / first) * 100) : 0,
      ofPrevious: prev > 0 ? Math.round((r.count / prev) * 100) : 0,
    }
  })
}

/** The largest `n - 1` entries and the rest summed as "Everything else", largest first; names never blank. */
export function topWithOther(items: NamedCount[], n = 8): NamedCount[] {
  const sorted = items
    .map((i) => ({ name: i.name?.trim() || 'Not given', count: Number(i.count) || 0 }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
  if (sorted.length <= n) return sorted
  const head = sorted.slice(0, n - 1)
  const rest = sorted.slice(n - 1).reduce((sum, i) => sum + i.count, 0)
  return [...head, { name: 'Everything else', count: rest }]
}

/** A duration in days as a person says it: "–", "9 hours", "2.5 days", "14 days". */
export function formatDuration(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days)) return '–'
  if (days < 1) {
    const h = Math.max(1, Math.round(days * 24))
    return h === 1 ? 'Under 1 hour' : `${h} hours`
  }
  const d = days < 10 ? Math.round(days * 10) / 10 : Math.round(days)
  return `${d} day${d === 1 ? '' : 's'}`
}

export const totalApplications = (a: Analytics) => a.per_week.reduce((n, w) => n + (Number(w.applications) || 0), 0)

/** The sentence a screen reader hears for a chart of counts: "Most: Sydney 40, Melbourne 22, …". */
export function countsSummary(items: NamedCount[], max = 3): string {
  if (items.length === 0) return 'None in this range.'
  const top = items.slice(0, max).map((i) => `${i.name} ${i.count}`)
  return `Most: ${top.join(', ')}${items.length > max ? `, and ${items.length - max} more` : ''}.`
}
