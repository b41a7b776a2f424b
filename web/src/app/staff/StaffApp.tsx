/** The admin and employer sites (SPEC 2.2): their own data router; the dashboard loads on demand. */
import { useState } from 'react'
import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router'
import { AdminSignupNotice } from '../../features/auth/components/AdminSignupNotice'
import { EmployerRegisterPage } from '../../features/auth/components/EmployerRegisterPage'
import { ForgotPasswordPage } from '../../features/auth/components/ForgotPasswordPage'
import { ResetPasswordPage } from '../../features/auth/components/ResetPasswordPage'
import { StaffLoginPage } from '../../features/auth/components/StaffLoginPage'
import { QueryRoot } from '../QueryRoot'
import { RequireStaff, StaffLayout, StaffLoading, StaffRouteError } from './StaffLayout'

export type StaffSite = 'admin' | 'employer'

/** A lazy route whose module's default export is the screen: each screen is its own chunk. */
const screen = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default })

/** The employer workspace (issue #9): one frame, each screen loaded when first opened. */
const employerWorkspace: RouteObject = {
  lazy: screen(() => import('../../features/employer/components/EmployerWorkspace')),
  children: [
    { index: true, lazy: screen(() => import('../../features/employer/components/JobsPage')) },
    { path: 'jobs/new', lazy: screen(() => import('../../features/employer/components/JobFormPage')) },
    { path: 'jobs/:jobId/edit', lazy: screen(() => import('../../features/employer/components/JobFormPage')) },
    { path: 'jobs/:jobId', lazy: screen(() => import('../../features/employer/components/PipelinePage')) },
    { path: 'applicants/:applicationId', lazy: screen(() => import('../../features/employer/components/ApplicantPage')) },
    { path: 'jobs/:jobId/report', lazy: screen(() => import('../../features/employer/components/ReportPage')) },
    { path: 'company', lazy: screen(() => import('../../features/employer/components/CompanyPage')) },
    { path: '*', element: <Navigate to="/dashboard" replace /> },
  ],
}

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
          children:
            site === 'employer'
              ? [employerWorkspace]
              : [
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
  return (
    <QueryRoot>
      <RouterProvider router={router} />
    </QueryRoot>
  )
}
