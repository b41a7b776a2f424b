/** Test harness for any feature or app test: providers plus a memory router, and a scripted fetch. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { afterEach, beforeEach, vi } from 'vitest'
import { ToastProvider } from '../components/ui/toast'
import { RealtimeProvider } from '../lib/realtime/RealtimeProvider'
import type { Role } from '../lib/session'
import { makeJwt } from '../lib/session.fixtures'

/** A query client for one test: no retries, so a failed request shows its error at once. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } })
}

/** The providers the app puts around every screen (queries and toasts), as a render `wrapper`;
 *  with `realtime`, also a workspace's socket (the test file mocks socket.io-client with fakeSocket). */
export function providers(client: QueryClient = testQueryClient(), realtime?: { role: Role; token: string | null }) {
  return function Providers({ children }: { children: ReactNode }) {
    const inner = realtime ? (
      <RealtimeProvider role={realtime.role} token={realtime.token}>
        {children}
      </RealtimeProvider>
    ) : (
      children
    )
    return (
      <QueryClientProvider client={client}>
        <ToastProvider>{inner}</ToastProvider>
      </QueryClientProvider>
    )
  }
}

/** Renders `hook` inside `role`'s workspace socket (the test file mocks socket.io-client with
 *  fakeSocket, whose `fire` sends it events); `stale()` lists the query keys marked stale so far,
 *  in order, as JSON (a predicate's as undefined). */
export function renderOnSocket(hook: () => void, role: Role) {
  const qc = testQueryClient()
  const spy = vi.spyOn(qc, 'invalidateQueries')
  renderHook(hook, { wrapper: providers(qc, { role, token: 't' }) })
  return { stale: () => spy.mock.calls.map((c) => JSON.stringify(c[0]?.queryKey)) }
}

export function renderRoutes(routes: RouteObject[], path: string, client = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(<RouterProvider router={router} />, { wrapper: providers(client) })
  return { ...view, router, client }
}

const SESSION_KEYS = {
  candidate: ['authToken', 'candidateData'],
  employer: ['jwtToken', 'employerUser'],
  admin: ['jwtToken', 'adminUser'],
} as const

/** Stores a session the way a sign-in does: a token with `claims` (valid for an hour unless they
 *  say otherwise) and the user. */
export function storeSession(role: keyof typeof SESSION_KEYS, user: Record<string, unknown>, claims: Record<string, unknown> = {}) {
  const [tokenKey, userKey] = SESSION_KEYS[role]
  localStorage.setItem(tokenKey, makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, ...claims }))
  localStorage.setItem(userKey, JSON.stringify(user))
}

/** The usual set-up of a screen test file (or describe block): each test starts with empty storage,
 *  then `signIn` (when given) stores a session; after each, the screen is unmounted and stubbed
 *  globals (fetch) restored. */
export function freshEachTest(signIn?: () => void) {
  beforeEach(() => {
    localStorage.clear()
    sessionStorage.clear()
    signIn?.()
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })
}

export type FakeReply = { status?: number; body?: unknown } | 'network-error'

/** Each call takes the next reply; records url, method and parsed JSON body. */
export function scriptFetch(...replies: FakeReply[]) {
  const calls: { url: string; method: string; body: unknown; auth: string | null }[] = []
  const fn = vi.fn(async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>
    calls.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      auth: headers.Authorization ?? null,
    })
    const reply = replies.shift() ?? { status: 200, body: {} }
    if (reply === 'network-error') throw new TypeError('Failed to fetch')
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status ?? 200 })
  })
  vi.stubGlobal('fetch', fn)
  return calls
}

/** `body` is sent as JSON; `raw` as it is (a file), with `headers` (Content-Disposition and the like). */
export type RouteReply = { status?: number; body?: unknown; raw?: string; headers?: Record<string, string> }
/** How a route answers: the same reply each time, replies used up in order (the last one repeats),
 *  or a function asked on each call. */
export type RouteAnswer = RouteReply | RouteReply[] | ((init?: RequestInit) => RouteReply)

/** fetch answered by "METHOD url" from `table` (read at each call, so a test may change it
 *  midway); a route not in it gets 404. Returns the calls: their key, parsed JSON body and
 *  Authorization header. */
export function routeFetch(table: Record<string, RouteAnswer>) {
  const calls: { key: string; body: unknown; auth: string | null }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`
      const headers = (init?.headers ?? {}) as Record<string, string>
      calls.push({ key, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined, auth: headers.Authorization ?? null })
      const entry = table[key]
      const r =
        typeof entry === 'function'
          ? entry(init)
          : Array.isArray(entry)
            ? entry.length > 1
              ? entry.shift()!
              : entry[0]
            : (entry ?? { status: 404, body: { error: `unmocked ${key}` } })
      return new Response(r.raw ?? (r.body === undefined ? '' : JSON.stringify(r.body)), { status: r.status ?? 200, headers: r.headers })
    }),
  )
  return calls
}
