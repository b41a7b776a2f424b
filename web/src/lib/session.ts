/**
 * Client-side sessions of the three roles (SPEC 3, 4, 6): storage keys, JWT decode, expiry, and how
 * a session ends (signed out, or refused by the server) as its guard and sign-in page need to know.
 */

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
 * How `role`'s last session in this tab ended, kept (in sessionStorage, outside router state: the
 * route guard redirects first and would drop it) until that role's sign-in page has read it:
 * - `signedOut`: the person signed out on purpose, so the guard does not carry the page they were
 *   on to the sign-in page (its redirect races the sign-out's own navigation);
 * - `notice`: the one line the sign-in page shows about why (the server ended the session, the
 *   employer's session timer ran out), or null for nothing to say.
 */
export type SessionEnd = {
  role: Role
  signedOut: boolean
  notice: string | null
  /** the signed-in email of a session that ended without signing out, to fill in on the sign-in page */
  email?: string
}

const SESSION_END_KEY = 'sessionEnd'

/** What a sign-in page says when the server has refused a session the tab still held (401). */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.'

/** Clears `role`'s session and records how it ended for its guard and sign-in page. */
export function endSession(
  role: Role,
  how: { signedOut?: boolean; notice?: string | null },
  storage: Storage = localStorage,
  notes: Storage = sessionStorage,
) {
  const end: SessionEnd = { role, signedOut: how.signedOut ?? false, notice: how.notice ?? null }
  const email = how.signedOut ? undefined : storedEmail(role, storage)
  if (email) end.email = email
  notes.setItem(SESSION_END_KEY, JSON.stringify(end))
  clearSession(role, storage)
}

/** The email of `role`'s stored user, if it has a readable one. */
function storedEmail(role: Role, storage: Storage): string | undefined {
  try {
    const user: unknown = JSON.parse(storage.getItem(SESSION_KEYS[role].user) ?? 'null')
    const email = user && typeof user === 'object' ? (user as SessionUser).email : undefined
    return typeof email === 'string' && email.length <= 254 ? email : undefined
  } catch {
    return undefined
  }
}

/** How `role`'s last session ended, if it has not been read by its sign-in page yet. */
export function sessionEnd(role: Role, notes: Storage = sessionStorage): SessionEnd | null {
  let parsed: unknown
  try {
    parsed = JSON.parse(notes.getItem(SESSION_END_KEY) ?? 'null')
  } catch {
    return null
  }
  if (!parsed || typeof parsed !== 'object') return null
  const { role: ended, signedOut, notice, email } = parsed as Partial<Record<keyof SessionEnd, unknown>>
  if (ended !== role) return null
  const end: SessionEnd = { role, signedOut: signedOut === true, notice: typeof notice === 'string' && notice ? notice : null }
  if (typeof email === 'string' && email) end.email = email
  return end
}

/** The sign-in page has shown it: the next one starts afresh. */
export function forgetSessionEnd(notes: Storage = sessionStorage) {
  notes.removeItem(SESSION_END_KEY)
}

/**
 * The server answered a call sent with `token` as `role`'s bearer with 401: it has ended that
 * session (signed out everywhere, a password changed or reset elsewhere, an account suspended or
 * erased). The tab lets go of it too, so the role's guard sends the person to sign in, and the
 * sign-in page says why. Only the session that was sent is ended: if the stored token has changed
 * since (signed out, or in again, while the call was on its way), or was never this role's
 * (admin and employer share the token key, each with its own user key), nothing happens.
 * Answers whether it ended the stored session.
 */
export function endRefusedSession(role: Role, token: string, storage: Storage = localStorage, notes: Storage = sessionStorage): boolean {
  const keys = SESSION_KEYS[role]
  if (!token || storage.getItem(keys.token) !== token || storage.getItem(keys.user) === null) return false
  endSession(role, { notice: SESSION_ENDED }, storage, notes)
  return true
}

// A call that swaps the session's token for a new one (a password change, two-factor sign-in
// turned on or off) ends the old token on the server a moment before the new one is stored here.
// A 401 to another call in that moment is about the old token: it is judged once the swap is over.
const tokenSwaps = new Map<Role, Promise<void>>()

/** Runs `swap`, a call that ends with replaceSessionToken, marked as under way for `role`. */
export function swappingToken<T>(role: Role, swap: () => Promise<T>): Promise<T> {
  const running = swap()
  const over = running.then(
    () => undefined,
    () => undefined,
  )
  tokenSwaps.set(role, over)
  void over.then(() => {
    if (tokenSwaps.get(role) === over) tokenSwaps.delete(role)
  })
  return running
}

/** endRefusedSession, once any token swap of `role` under way is over (see swappingToken). */
export function refusedSession(role: Role, token: string): void {
  const swap = tokenSwaps.get(role)
  if (swap) void swap.then(() => endRefusedSession(role, token))
  else endRefusedSession(role, token)
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

/** Who holds a role's stored session (its token's subject), or null when none does. A new token
 *  for the same account (a step-up, a changed password) has the same holder. */
export function sessionHolder(role: Role, storage: Storage = localStorage): string | null {
  const s = loadSession(role, storage)
  if (s.status !== 'authenticated') return null
  const sub = decodeJwt(s.token)?.sub
  return typeof sub === 'string' ? sub : (s.user.email ?? null)
}

const ROLES: readonly Role[] = ['candidate', 'employer', 'admin']

/**
 * Calls `changed` when a role's session passes to another account: signed in as someone else in
 * another tab (storage events), with or without a sign-out between. Signing in after nobody, and
 * signing out, do not count (the portal guards drop a signed-out session's data themselves).
 */
export function onSessionHolderChange(changed: () => void, storage: Storage = localStorage): () => void {
  const last = new Map(ROLES.map((r) => [r, sessionHolder(r, storage)]))
  return subscribeSession(() => {
    let moved = false
    for (const role of ROLES) {
      const holder = sessionHolder(role, storage)
      if (holder === null) continue
      const before = last.get(role)
      if (before != null && before !== holder) moved = true
      last.set(role, holder)
    }
    if (moved) changed()
  })
}
