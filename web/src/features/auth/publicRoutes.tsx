import type { RouteObject } from 'react-router'
import { ForgotPasswordPage } from './components/ForgotPasswordPage'
import { ResetPasswordPage } from './components/ResetPasswordPage'

/** /forgot-password and /reset-password of the public (candidate) host. */
export const candidateAuthRoutes: RouteObject[] = [
  { path: '/forgot-password', element: <ForgotPasswordPage role="candidate" /> },
  { path: '/reset-password', element: <ResetPasswordPage role="candidate" /> },
]
