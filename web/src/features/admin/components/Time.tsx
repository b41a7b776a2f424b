import type { ReactNode } from 'react'
import { formatInstant } from '../model/auditEvent'

/** An instant for lists: "3 Mar 2026, 2:05 pm AEDT", in the browser's zone and naming it. */
export function when(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return d.toLocaleString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
}

export function Time({ iso, children }: { iso: string | null | undefined; children?: ReactNode }) {
  if (!iso) return null
  return (
    <time dateTime={iso} title={formatInstant(iso)}>
      {children ?? when(iso)}
    </time>
  )
}
