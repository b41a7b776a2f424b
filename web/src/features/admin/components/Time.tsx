import type { ReactNode } from 'react'
import { formatInstant } from '../model/auditEvent'

/** An instant for lists, "3 Mar 2026, 2:05 pm AEDT", with the full instant (seconds too) on hover. */
export function Time({ iso, children }: { iso: string | null | undefined; children?: ReactNode }) {
  if (!iso) return null
  return (
    <time dateTime={iso} title={formatInstant(iso)}>
      {children ?? formatInstant(iso, { seconds: false })}
    </time>
  )
}
