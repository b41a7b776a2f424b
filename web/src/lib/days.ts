/**
 * Calendar days as a date input writes them (YYYY-MM-DD), read back from somewhere a person can
 * edit (the address bar), so a day that does not exist never reaches the server.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** `value` when it is a YYYY-MM-DD day that exists (not 2026-02-30), else ''. */
export function validDay(value: string): string {
  if (!DAY.test(value)) return ''
  const d = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value ? value : ''
}

/** The calendar day `n` days after a YYYY-MM-DD day (before it with a negative `n`): a calendar
 *  step, so no daylight saving hour in it. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
}
