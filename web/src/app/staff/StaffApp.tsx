/** The admin and employer sites (SPEC 2.2): their own data router; the dashboard loads on demand. */
import { useState } from 'react'
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router'
import { AdminSignupNotice } from '../../features/auth/components/AdminSignupNotice'
import { EmployerRegisterPage } from '../../features/auth/components/EmployerRegisterPage'
import { ForgotPasswordPage } from '../../features/auth/components/ForgotPasswordPage'
import { ResetPasswordPage } from '../../features/auth/components/ResetPasswordPage'
import { StaffLoginPage } from '../../features/auth/components/StaffLoginPage'
import { RequireStaff, StaffLayout, StaffLoading, StaffRouteError } from './StaffLayout'

export type StaffSite = 'admin' | 'employer'

export function staffRoutes(site: StaffSite): RouteObject[] {
  // the dashboard is its own chunk, fetched only once someone signed in opens it
  const dashboard = async () => {
    const { StaffDashboard } = await import('./StaffDashboard')
    return { element: <StaffDashboard site={site} /> }
  }
  const signup = site === 'employer' ? <EmployerRegisterPage /> : <AdminSignupNotice />
  return [
    {
      element: <StaffLayout site={site} />,
      errorElement: <StaffRouteError />,
      HydrateFallback: StaffLoading,
      children: [
        { path: '/login', element: <StaffLoginPage role={site} /> },
        { path: '/signup', element: signup },
        { path: '/register', element: signup },
        { path: '/forgot-password', element: <ForgotPasswordPage role={site} /> },
        { path: '/reset-password', element: <ResetPasswordPage role={site} /> },
        {
          path: '/dashboard',
          element: <RequireStaff role={site} />,
          children: [
            { index: true, lazy: dashboard },
            { path: '*', lazy: dashboard },
          ],
        },
        // the living component catalogue: admin host only, sample data, no sign-in needed
        ...(site === 'admin'
          ? [{ path: '/components', lazy: () => import('./ComponentsPage').then((m) => ({ Component: m.default })) }]
          : []),
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ]
}

export default function StaffApp({ site }: { site: StaffSite }) {
  const [router] = useState(() => createBrowserRouter(staffRoutes(site)))
  return <RouterProvider router={router} />
}
