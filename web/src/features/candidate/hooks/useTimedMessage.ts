/** A message that clears itself after a while (SPEC 4: 4 s for apply, 3 s for refresh/profile/resume). */
import { useCallback, useEffect, useRef, useState } from 'react'

export type TimedMessage = { kind: 'success' | 'error'; text: string }

export function useTimedMessage(): [TimedMessage | null, (kind: TimedMessage['kind'], text: string, ms: number) => void] {
  const [message, setMessage] = useState<TimedMessage | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const show = useCallback((kind: TimedMessage['kind'], text: string, ms: number) => {
    clearTimeout(timer.current)
    setMessage({ kind, text })
    timer.current = setTimeout(() => setMessage(null), ms)
  }, [])
  useEffect(() => () => clearTimeout(timer.current), [])
  return [message, show]
}
