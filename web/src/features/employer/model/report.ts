/** How the report's medians and weeks read: hours under two days, then days; a dash until there is something to measure. */

export function formatHours(hours: number | null): string {
  if (hours === null || !Number.isFinite(hours)) return '–'
  if (hours < 1) return 'Under 1 hour'
  if (hours < 48) return `${Math.round(hours)} hour${Math.round(hours) === 1 ? '' : 's'}`
  const days = Math.round(hours / 24)
  return `${days} days`
}

export function formatDays(days: number | null): string {
  if (days === null || !Number.isFinite(days)) return '–'
  const d = Math.round(days)
  if (d < 1) return 'Under 1 day'
  return `${d} day${d === 1 ? '' : 's'}`
}

/** A week's Monday (YYYY-MM-DD) as "17 Nov". */
export function formatWeek(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(d.getTime())) return day
  return d.toLocaleDateString('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' })
}
