import { Navigate, type RouteObject } from 'react-router'

/**
 * /candidate/* routes of the public host (SPEC 2.1, 2.5). Every screen is its
 * own chunk (route `lazy`), so the public pages never download portal code.
 */
export const candidateRoutes: RouteObject[] = [
  {
    path: '/candidate/login',
    lazy: () => import('../auth/components/CandidateLoginPage').then((m) => ({ Component: m.CandidateLoginPage })),
  },
  {
    path: '/candidate/signup',
    lazy: () => import('../auth/components/CandidateSignupPage').then((m) => ({ Component: m.CandidateSignupPage })),
  },
  {
    path: '/candidate/dashboard',
    lazy: () => import('./components/ProtectedDashboard').then((m) => ({ Component: m.ProtectedDashboard })),
    // the public layout opens its nav links in a new tab on the dashboard
    handle: { linksInNewTab: true },
    children: [
      { index: true, element: <Navigate to="jobs" replace /> },
      { path: 'jobs', lazy: () => import('./components/JobsTab').then((m) => ({ Component: m.JobsTab })) },
      { path: 'applications', lazy: () => import('./components/ApplicationsTab').then((m) => ({ Component: m.ApplicationsTab })) },
      { path: 'documents', lazy: () => import('./components/DocumentsTab').then((m) => ({ Component: m.DocumentsTab })) },
      { path: 'profile', lazy: () => import('./components/ProfileTab').then((m) => ({ Component: m.ProfileTab })) },
      { path: '*', element: <Navigate to="jobs" replace /> },
    ],
  },
]
