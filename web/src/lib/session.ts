/** Client-side sessions of the three roles (SPEC 3, 4, 6): storage keys, JWT decode, expiry. */

import type { ApiSchema } from '../api'

export type Role = ApiSchema<'Role'>

/** The signed-in user as the sign-in answered, kept in storage: any field may be missing from an older session. */
export type SessionUser = Partial<ApiSchema<'UserView'>>

export type Session = { token: string; user: SessionUser }

/** Admin and employer share the token key; the candidate has its own (SPEC 6). */
export const SESSION_KEYS: Record<Role, { token: string; user: string }> = {
  candidate: { token: 'authToken', user: 'candidateData' },
  admin: { token: 'jwtToken', user: 'adminUser' },
  employer: { token: 'jwtToken', user: 'employerUser' },
}

export type JwtClaims = { exp?: number; iat?: number; [claim: string]: unknown }

/** The payload of a JWT, or null when it cannot be read. */
export function decodeJwt(token: string): JwtClaims | null {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1]) return null
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/')
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
    const json = decodeURIComponent(
      Array.from(atob(padded), (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    )
    const claims: unknown = JSON.parse(json)
    if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return null
    return claims as JwtClaims
  } catch {
    return null
  }
}

/** exp is in seconds; a token without exp never expires on the client. */
export function isExpired(claims: JwtClaims, nowMs: number = Date.now()): boolean {
  return typeof claims.exp === 'number' && claims.exp * 1000 <= nowMs
}

export type SessionState =
  | { status: 'authenticated'; token: string; user: SessionUser }
  | { status: 'unauthenticated' }

const listeners = new Set<() => void>()
function notify() {
  listeners.forEach((l) => l())
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = () => listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function clearSession(role: Role, storage: Storage = localStorage) {
  const keys = SESSION_KEYS[role]
  storage.removeItem(keys.token)
  storage.removeItem(keys.user)
  notify()
}

export function saveSession(role: Role, session: Session, storage: Storage = localStorage) {
  const keys = SESSION_KEYS[role]
  storage.setItem(keys.token, session.token)
  storage.setItem(keys.user, JSON.stringify(session.user))
  notify()
}

/**
 * Swaps the stored token of `role`'s session for a new one the server gave it (a password change,
 * a two-factor step), keeping the stored user. Nothing happens without a stored session: a reply
 * that arrives after signing out does not sign back in.
 */
export function replaceSessionToken(role: Role, token: string, storage: Storage = localStorage) {
  const keys = SESSION_KEYS[role]
  if (!token || !storage.getItem(keys.token) || !storage.getItem(keys.user)) return
  storage.setItem(keys.token, token)
  notify()
}

/**
 * The stored session: authenticated only when token and user both exist and the token
 * has not expired. An expired or unreadable token (or unreadable user) logs out.
 */
export function loadSession(role: Role, storage: Storage = localStorage, nowMs: number = Date.now()): SessionState {
  const keys = SESSION_KEYS[role]
  const token = storage.getItem(keys.token)
  const rawUser = storage.getItem(keys.user)
  if (!token || !rawUser) return { status: 'unauthenticated' }
  const claims = decodeJwt(token)
  let user: SessionUser | null = null
  try {
    const parsed: unknown = JSON.parse(rawUser)
    if (parsed && typeof parsed === 'object') user = parsed as SessionUser
  } catch {
    user = null
  }
  if (!claims || !user || isExpired(claims, nowMs)) {
    storage.removeItem(keys.token)
    storage.removeItem(keys.user)
    return { status: 'unauthenticated' }
  }
  return { status: 'authenticated', token, user }
}

/** The stored token if the session is valid; used by API calls. */
export function sessionToken(role: Role): string | null {
  const s = loadSession(role)
  return s.status === 'authenticated' ? s.token : null
}
