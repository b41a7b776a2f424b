/** React view of the stored session of one role, kept in step with localStorage. */
import { useCallback, useSyncExternalStore } from 'react'
import { clearSession, loadSession, subscribeSession, type Role, type SessionState } from '../../../lib/session'
import { revokeSession } from '../api/sign-out'

const cache = new Map<string, { key: string; state: SessionState }>()

function snapshot(role: Role): SessionState {
  const state = loadSession(role)
  const key = state.status === 'authenticated' ? `${state.token}|${JSON.stringify(state.user)}` : 'none'
  const hit = cache.get(role)
  if (hit && hit.key === key) return hit.state
  cache.set(role, { key, state })
  return state
}

export function useSession(role: Role) {
  const getSnapshot = useCallback(() => snapshot(role), [role])
  const state = useSyncExternalStore(subscribeSession, getSnapshot, getSnapshot)
  // ends the session on the server too (issue 26), without waiting for it
  const logout = useCallback(() => {
    void revokeSession(role)
    clearSession(role)
  }, [role])
  return { ...state, session: state, logout }
}
