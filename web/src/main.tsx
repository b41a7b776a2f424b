import { StrictMode, Suspense, lazy } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ToastProvider } from './components/ui/toast'
import { siteForHost } from './lib/host'
import './styles.css'

// One bundle, three sites: the host decides which app loads, and each app is its own chunk.
const PublicApp = lazy(() => import('./app/public/PublicApp'))
const StaffApp = lazy(() => import('./app/staff/StaffApp'))

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
})

const site = siteForHost(window.location.hostname)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <Suspense fallback={<div className="page-loading" aria-busy="true">Loading…</div>}>
          {site === 'public' ? <PublicApp /> : <StaffApp site={site} />}
        </Suspense>
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
)
