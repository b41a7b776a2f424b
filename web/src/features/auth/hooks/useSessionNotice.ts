/** What a sign-in page says about why `role`'s last session ended, and the email it was signed in
 *  with (to fill in), read once (lib/session's SessionEnd). */
import { useEffect, useState } from 'react'
import { forgetSessionEnd, sessionEnd, type Role } from '../../../lib/session'

export function useSessionNotice(role: Role): { notice: string | null; email: string } {
  const [end] = useState(() => sessionEnd(role))
  // read once: a later visit to the page (or a reload) has nothing to say
  useEffect(() => forgetSessionEnd(), [])
  return { notice: end?.notice ?? null, email: end?.email ?? '' }
}
