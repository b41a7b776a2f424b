/** The line a sign-in page shows about why `role`'s last session ended, once (lib/session's SessionEnd). */
import { useEffect, useState } from 'react'
import { forgetSessionEnd, sessionEnd, type Role } from '../../../lib/session'

export function useSessionNotice(role: Role): string | null {
  const [notice] = useState(() => sessionEnd(role)?.notice ?? null)
  // read once: a later visit to the page (or a reload) has nothing to say
  useEffect(() => forgetSessionEnd(), [])
  return notice
}
