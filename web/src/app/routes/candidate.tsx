import { lazy, type ComponentType } from 'react'
import { Navigate, type RouteObject } from 'react-router'

/** A screen from a named export, split into its own chunk. */
function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType) {
  const Screen = lazy(() => load().then((m) => ({ default: pick(m) })))
  return <Screen />
}

/**
 * /candidate/* routes of the public host (SPEC 2.1, 2.5). Every screen is its
 * own chunk (React.lazy), so the public pages never download portal code.
 * Route pages are not part of a feature's index.ts; app/ is the one place
 * that imports them, by module, one lazy import per screen.
 */
export const candidateRoutes: RouteObject[] = [
  {
    path: '/candidate/login',
    element: screen(() => import('../../features/auth/components/CandidateLoginPage'), (m) => m.CandidateLoginPage),
  },
  {
    path: '/candidate/signup',
    element: screen(() => import('../../features/auth/components/CandidateSignupPage'), (m) => m.CandidateSignupPage),
  },
  {
    path: '/candidate/dashboard',
    // the public layout opens its nav links in a new tab on the dashboard (SiteLayout matches this path)
    element: screen(() => import('../../features/candidate/components/ProtectedDashboard'), (m) => m.ProtectedDashboard),
    children: [
      { index: true, element: <Navigate to="jobs" replace /> },
      { path: 'jobs', element: screen(() => import('../../features/candidate/components/JobsTab'), (m) => m.JobsTab) },
      { path: 'alerts', element: screen(() => import('../../features/alerts/components/AlertsTab'), (m) => m.AlertsTab) },
      {
        path: 'applications',
        element: screen(() => import('../../features/candidate/components/ApplicationsTab'), (m) => m.ApplicationsTab),
      },
      { path: 'documents', element: screen(() => import('../../features/candidate/components/DocumentsTab'), (m) => m.DocumentsTab) },
      { path: 'profile', element: screen(() => import('../../features/candidate/components/ProfileTab'), (m) => m.ProfileTab) },
      { path: 'privacy', element: screen(() => import('../../features/candidate/components/PrivacyTab'), (m) => m.PrivacyTab) },
      { path: '*', element: <Navigate to="jobs" replace /> },
    ],
  },
]

/** /forgot-password and /reset-password of the public (candidate) host, loaded on demand. */
export const candidateAuthRoutes: RouteObject[] = [
  {
    path: '/forgot-password',
    element: screen(
      () => import('../../features/auth/components/ForgotPasswordPage'),
      (m) =>
        function CandidateForgotPassword() {
          return <m.ForgotPasswordPage role="candidate" />
        },
    ),
  },
  {
    path: '/reset-password',
    element: screen(
      () => import('../../features/auth/components/ResetPasswordPage'),
      (m) =>
        function CandidateResetPassword() {
          return <m.ResetPasswordPage role="candidate" />
        },
    ),
  },
]
