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
    { path: 'privacy', lazy: screen(() => import('../../features/employer/components/PrivacyPage')) },
    { path: '*', element: <Navigate to="/dashboard" replace /> },
  ],
}

/** The admin workspace: one frame, each screen loaded when first opened. */
const adminWorkspace: RouteObject = {
  lazy: screen(() => import('../../features/admin/components/AdminWorkspace')),
  children: [
    { index: true, lazy: screen(() => import('../../features/admin/components/OverviewPage')) },
    { path: 'employers', lazy: screen(() => import('../../features/admin/components/EmployersPage')) },
    { path: 'candidates', lazy: screen(() => import('../../features/admin/components/CandidatesPage')) },
    { path: 'candidates/:candidateId', lazy: screen(() => import('../../features/admin/components/CandidatePage')) },
    { path: 'inbox', lazy: screen(() => import('../../features/admin/components/InboxPage')) },
    { path: 'outbox', lazy: screen(() => import('../../features/admin/components/OutboxPage')) },
    { path: 'reference', lazy: screen(() => import('../../features/admin/components/ReferencePage')) },
    { path: 'admins', lazy: screen(() => import('../../features/admin/components/AdminsPage')) },
    { path: 'privacy', lazy: screen(() => import('../../features/admin/components/PrivacyPage')) },
    { path: 'more', lazy: screen(() => import('../../features/admin/components/MorePage')) },
    { path: 'jobs', lazy: screen(() => import('../../features/admin/components/JobsPage')) },
    { path: 'applications', lazy: screen(() => import('../../features/admin/components/ApplicationsPage')) },
    { path: 'audit', lazy: screen(() => import('../../features/admin/components/AuditPage')) },
    { path: 'audit/streams/:streamId', lazy: screen(() => import('../../features/admin/components/StreamPage')) },
    { path: 'projections', lazy: screen(() => import('../../features/admin/components/ProjectionsPage')) },
    { path: 'analytics', lazy: screen(() => import('../../features/admin/components/AnalyticsPage')) },
    { path: '*', element: <Navigate to="/dashboard" replace /> },
  ],
}

export function staffRoutes(site: StaffSite): RouteObject[] {
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
          children: [site === 'employer' ? employerWorkspace : adminWorkspace],
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
