/** Test harness for any feature or app test: providers plus a memory router, and a scripted fetch. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { vi } from 'vitest'
import { ToastProvider } from '../components/ui/toast'

export function renderRoutes(routes: RouteObject[], path: string, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  const view = render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  )
  return { ...view, router, client }
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
