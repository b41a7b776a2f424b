import { Navigate, type RouteObject } from 'react-router'

/**
 * /candidate/* routes of the public host (SPEC 2.1, 2.5). Every screen is its
 * own chunk (route `lazy`), so the public pages never download portal code.
 * Route pages are not part of a feature's index.ts; app/ is the one place
 * that imports them, by module, one lazy import per screen.
 */
export const candidateRoutes: RouteObject[] = [
  {
    path: '/candidate/login',
    lazy: () => import('../../features/auth/components/CandidateLoginPage').then((m) => ({ Component: m.CandidateLoginPage })),
  },
  {
    path: '/candidate/signup',
    lazy: () => import('../../features/auth/components/CandidateSignupPage').then((m) => ({ Component: m.CandidateSignupPage })),
  },
  {
    path: '/candidate/dashboard',
    lazy: () => import('../../features/candidate/components/ProtectedDashboard').then((m) => ({ Component: m.ProtectedDashboard })),
    // the public layout opens its nav links in a new tab on the dashboard
    handle: { linksInNewTab: true },
    children: [
      { index: true, element: <Navigate to="jobs" replace /> },
      { path: 'jobs', lazy: () => import('../../features/candidate/components/JobsTab').then((m) => ({ Component: m.JobsTab })) },
      { path: 'applications', lazy: () => import('../../features/candidate/components/ApplicationsTab').then((m) => ({ Component: m.ApplicationsTab })) },
      { path: 'documents', lazy: () => import('../../features/candidate/components/DocumentsTab').then((m) => ({ Component: m.DocumentsTab })) },
      { path: 'profile', lazy: () => import('../../features/candidate/components/ProfileTab').then((m) => ({ Component: m.ProfileTab })) },
      { path: 'privacy', lazy: () => import('../../features/candidate/components/PrivacyTab').then((m) => ({ Component: m.PrivacyTab })) },
      { path: '*', element: <Navigate to="jobs" replace /> },
    ],
  },
]

/** /forgot-password and /reset-password of the public (candidate) host, loaded on demand. */
export const candidateAuthRoutes: RouteObject[] = [
  {
    path: '/forgot-password',
    lazy: () =>
      import('../../features/auth/components/ForgotPasswordPage').then((m) => ({
        Component: () => <m.ForgotPasswordPage role="candidate" />,
      })),
  },
  {
    path: '/reset-password',
    lazy: () =>
      import('../../features/auth/components/ResetPasswordPage').then((m) => ({
        Component: () => <m.ResetPasswordPage role="candidate" />,
      })),
  },
]
