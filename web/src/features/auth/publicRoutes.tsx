import type { RouteObject } from 'react-router'

/** /forgot-password and /reset-password of the public (candidate) host, loaded on demand. */
export const candidateAuthRoutes: RouteObject[] = [
  {
    path: '/forgot-password',
    lazy: () =>
      import('./components/ForgotPasswordPage').then((m) => ({
        Component: () => <m.ForgotPasswordPage role="candidate" />,
      })),
  },
  {
    path: '/reset-password',
    lazy: () =>
      import('./components/ResetPasswordPage').then((m) => ({
        Component: () => <m.ResetPasswordPage role="candidate" />,
      })),
  },
]
