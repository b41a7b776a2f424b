/**
 * The react-query client the data screens share. It is not provided in main.tsx: the home page
 * reads nothing through it (LatestJobs uses one plain fetch), and query-core is ~10 kB gzip of the
 * home page's JS budget. The staff sites wrap their router in it; the public site loads it, as
 * a layout route, with the first page other than the home page.
 */
import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query'
import { useContext, type ReactNode } from 'react'
import { Outlet } from 'react-router'
import { initialDataReadAt, initialEntries } from '../lib/initial-data'
import { onSessionHolderChange } from '../lib/session'

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
})

// The first page's data came with its HTML (lib/initial-data.ts): cached as fetched when the page
// loaded, so the page paints with it and makes no request for it while it is fresh.
for (const { key, data } of initialEntries()) {
  queryClient.setQueryData(key, data, { updatedAt: initialDataReadAt() })
}

// Query keys do not name the account, so a session that passes to someone else in this tab (they
// signed in as another account in another tab) must not keep showing the last one's answers:
// everything cached is reset, and what is on screen is asked for again with the new session.
onSessionHolderChange(() => void queryClient.resetQueries())

export function QueryRoot({ children }: { children: ReactNode }) {
  // a caller that already provides a client (a test harness) keeps its own
  const outer = useContext(QueryClientContext)
  if (outer) return children
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}

/** PublicApp's pathless layout route around every page but the home page. */
export default function QueryLayout() {
  return (
    <QueryRoot>
      <Outlet />
    </QueryRoot>
  )
}
