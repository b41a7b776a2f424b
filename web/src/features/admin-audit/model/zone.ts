/** The browser's time zone, named for people: "Australia/Sydney (AEDT)"; '' where the browser cannot say. */
export function localZoneName(at: Date = new Date()): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    const short = new Intl.DateTimeFormat('en-AU', { timeZone: zone, timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value
    if (!zone) return short ?? ''
    return short && short !== zone ? `${zone.replace(/_/g, ' ')} (${short})` : zone.replace(/_/g, ' ')
  } catch {
    return ''
  }
}
