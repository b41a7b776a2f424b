import { StrictMode, Suspense, lazy } from 'react'
import { createRoot } from 'react-dom/client'
import { ToastProvider } from './components/ui/toast'
import { siteForHost } from './lib/host'
import './styles.css'

// One bundle, three sites: the host decides which app loads, and each app is its own chunk.
// The react-query client comes with the app (app/QueryRoot.tsx), not here: the home page does not use it.
const PublicApp = lazy(() => import('./app/public/PublicApp'))
const StaffApp = lazy(() => import('./app/staff/StaffApp'))

const site = siteForHost(window.location.hostname)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ToastProvider>
      <Suspense fallback={<div className="page-loading" aria-busy="true">Loading…</div>}>
        {site === 'public' ? <PublicApp /> : <StaffApp site={site} />}
      </Suspense>
    </ToastProvider>
  </StrictMode>,
)
