/** The applicant history's exact times: "Tue 1 Dec 2026, 10:00 am", in Sydney time as the rest of the workspace. */
const EXACT = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'Australia/Sydney',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

export function formatExactTime(iso: string): string {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? '' : `${EXACT.format(d)} (Sydney)`
}
