/** Rechecks the employer token on the SPEC 4 cadence and logs out when it runs out. */
import { useEffect, useState } from 'react'
import { decodeJwt } from '../../../lib/session'
import { sessionStatus, type SessionStatus } from '../sessionTimer'

export function useEmployerSessionTimer(token: string | null, onExpired: () => void): SessionStatus | null {
  const [status, setStatus] = useState<SessionStatus | null>(null)
  useEffect(() => {
    if (!token) return
    const claims = decodeJwt(token)
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      const next = sessionStatus(claims, Date.now())
      setStatus(next)
      if (next.status === 'expired') {
        onExpired()
        return
      }
      timer = setTimeout(check, next.nextCheckMs)
    }
    check()
    return () => clearTimeout(timer)
  }, [token, onExpired])
  return token ? status : null
}
