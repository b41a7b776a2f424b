/** Display formatting shared by the dashboards: relative times, file sizes, the greeting. */

/** 'Just now' under 60 s, then minutes, hours, days ago (SPEC 4). */
export function formatRelativeTime(iso: string | Date, now: Date = new Date()): string {
  const then = typeof iso === 'string' ? new Date(iso) : iso
  const seconds = Math.floor((now.getTime() - then.getTime()) / 1000)
  if (!Number.isFinite(seconds)) return ''
  if (seconds < 60) return 'Just now'
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`
  const days = Math.floor(hours / 24)
  return `${days} day${days === 1 ? '' : 's'} ago`
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const

/** 0 Bytes, 512 Bytes, 1.5 KB, 2 MB, 1.25 GB (base 1024, at most two decimals). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes'
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1)
  const value = bytes / 1024 ** exponent
  return `${parseFloat(value.toFixed(2))} ${SIZE_UNITS[exponent]}`
}

/** 'Good morning' before 12:00, 'Good afternoon' before 17:00, otherwise 'Good evening'. */
export function greetingFor(date: Date = new Date()): string {
  const hour = date.getHours()
  if (hour < 12) return 'Good morning'
  if (hour < 17) return 'Good afternoon'
  return 'Good evening'
}

/** The first word of a name, for the greeting. */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? ''
}

/** A date for cards: 3 Mar 2025. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return d.toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric' })
}

/** The month of a date without a time ("2021-03-01", a profile's start and end dates): Mar 2021, in
 *  any time zone; what is not such a date comes back as it is. */
export function formatMonthYear(day: string | null | undefined): string {
  if (!day) return ''
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return day
  return d.toLocaleDateString('en-AU', { month: 'short', year: 'numeric', timeZone: 'UTC' })
}

/** A job's closing date: the day in Sydney, where closing days are set (11:59 pm that day), so every
 *  screen names the same day whatever the browser's time zone. */
export function formatClosingDate(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return d.toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Australia/Sydney' })
}

/** The time zone every interview and closing date is read in, whatever the browser's own. */
export const SYDNEY = 'Australia/Sydney'

/** The parts of an instant as Sydney reads it (weekday, day, month, year, hour, minute, dayPeriod,
 *  timeZoneName), by type: the ones `options` ask for, as en-AU writes them. */
export function sydneyParts(d: Date, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-AU', { timeZone: SYDNEY, ...options }).formatToParts(d)
  return Object.fromEntries(parts.map((p) => [p.type, p.value]))
}

/**
 * An interview's day and time in Sydney, whatever the browser's zone: "Tue 2 Dec, 10:30 am"
 * (short) or "Tuesday 2 December at 10:30 am" (long), with the year ("Tue 2 Dec 2026, …") when it
 * is not the current one in Sydney, and AEST or AEDT after it with `zone` (right for each date's
 * daylight saving). '' for a time that cannot be read.
 */
export function formatSydneyTime(iso: string, { long = false, zone = false, now = new Date() }: { long?: boolean; zone?: boolean; now?: Date } = {}): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const p = sydneyParts(d, {
    weekday: long ? 'long' : 'short',
    day: 'numeric',
    month: long ? 'long' : 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    ...(zone ? { timeZoneName: 'short' } : {}),
  })
  const year = p.year === sydneyParts(now, { year: 'numeric' }).year ? '' : ` ${p.year}`
  const time = `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toLowerCase()} ${zone ? p.timeZoneName : ''}`
  return `${p.weekday} ${p.day} ${p.month}${year}${long ? ' at' : ','} ${time}`.replace(/\s+/g, ' ').trim()
}

/** The Sydney calendar day an instant falls on, as a date input writes it: "2025-11-28". */
export function sydneyDay(at: string | Date): string {
  const p = sydneyParts(new Date(at), { year: 'numeric', month: '2-digit', day: '2-digit' })
  return `${p.year}-${p.month}-${p.day}`
}

/** The Sydney day an instant falls on, for a heading: "Friday 28 November". */
export function formatSydneyDayName(at: Date = new Date()): string {
  const p = sydneyParts(at, { weekday: 'long', day: 'numeric', month: 'long' })
  return `${p.weekday} ${p.day} ${p.month}`
}

function sydneyClockParts(d: Date): { time: string; period: string } {
  const p = sydneyParts(d, { hour: 'numeric', minute: '2-digit', hour12: true })
  return { time: `${p.hour}:${p.minute}`, period: (p.dayPeriod ?? '').toLowerCase() }
}

/** "2:00 pm" in Sydney. */
export function sydneyClock(iso: string): string {
  const { time, period } = sydneyClockParts(new Date(iso))
  return `${time} ${period}`
}

/** An interview's time range in Sydney: "10:00 – 10:45 am", or "11:30 am – 12:15 pm" across noon. */
export function timeRange(startsAt: string, minutes: number): string {
  const start = new Date(startsAt)
  const from = sydneyClockParts(start)
  const to = sydneyClockParts(new Date(start.getTime() + Math.max(0, minutes) * 60_000))
  return from.period === to.period ? `${from.time} – ${to.time} ${to.period}` : `${from.time} ${from.period} – ${to.time} ${to.period}`
}

const MONTH_MS = 31 * 24 * 60 * 60 * 1000

/** How old a posting is: "3 days ago" for its first month, then the date itself ("5 Mar 2025"). */
export function formatPostedAge(iso: string, now: Date = new Date()): string {
  const age = now.getTime() - new Date(iso).getTime()
  if (!Number.isFinite(age)) return ''
  return age < MONTH_MS ? formatRelativeTime(iso, now).toLowerCase() : formatDate(iso)
}

/** A `tel:` link for a phone number as people write it ("0412 345 678", "(02) 9555-0192"):
 *  digits and a leading + only, so a phone dials it. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  return `tel:${digits.startsWith('+') ? '+' + digits.slice(1).replace(/\+/g, '') : digits.replace(/\+/g, '')}`
}
