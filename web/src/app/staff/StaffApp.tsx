/**
 * The admin and employer sites (SPEC 2.2): the dashboard loads on demand. A declarative router
 * (BrowserRouter + useRoutes) like the public site's, for the same reason: react-router is one
 * shared chunk, and a data router anywhere would put createBrowserRouter (~15 kB gzip) into the
 * home page's JS too (app/public/PublicApp.tsx). Screens are React.lazy elements under
 * StaffLayout's Suspense; navigations run in a transition, so a screen stays up until the next
 * one's chunk has arrived.
 */
import { lazy, useMemo, type ComponentType } from 'react'
import { BrowserRouter, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router'
import { AdminSignupNotice } from '../../features/auth/components/AdminSignupNotice'
import { EmployerRegisterPage } from '../../features/auth/components/EmployerRegisterPage'
import { ForgotPasswordPage } from '../../features/auth/components/ForgotPasswordPage'
import { ResetPasswordPage } from '../../features/auth/components/ResetPasswordPage'
import { StaffLoginPage } from '../../features/auth/components/StaffLoginPage'
import { QueryRoot } from '../QueryRoot'
import { RequireStaff, StaffErrorBoundary, StaffLayout } from './StaffLayout'

export type StaffSite = 'admin' | 'employer'

/** A screen from a module's default export, split into its own chunk. */
const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(load)
  return <Screen />
}

/** The employer workspace (issue #9): one frame, each screen loaded when first opened. */
const employerWorkspace: RouteObject = {
  element: screen(() => import('../../features/employer/components/EmployerWorkspace')),
  children: [
    { index: true, element: screen(() => import('../../features/employer/components/JobsPage')) },
    { path: 'interviews', element: screen(() => import('../../features/employer/components/InterviewsPage')) },
    { path: 'jobs/new', element: screen(() => import('../../features/employer/components/JobFormPage')) },
    { path: 'jobs/:jobId/edit', element: screen(() => import('../../features/employer/components/JobFormPage')) },
    { path: 'jobs/:jobId', element: screen(() => import('../../features/employer/components/PipelinePage')) },
    { path: 'applicants/:applicationId', element: screen(() => import('../../features/employer/components/ApplicantPage')) },
    { path: 'jobs/:jobId/report', element: screen(() => import('../../features/employer/components/ReportPage')) },
    { path: 'company', element: screen(() => import('../../features/employer/components/CompanyPage')) },
    { path: 'privacy', element: screen(() => import('../../features/employer/components/PrivacyPage')) },
    { path: '*', element: <Navigate to="/dashboard" replace /> },
  ],
}

/** The admin workspace: one frame, each screen loaded when first opened. */
const adminWorkspace: RouteObject = {
  element: screen(() => import('../../features/admin/components/AdminWorkspace')),
  children: [
    { index: true, element: screen(() => import('../../features/admin/components/OverviewPage')) },
    { path: 'employers', element: screen(() => import('../../features/admin-people/components/EmployersPage')) },
    { path: 'employers/:employerId', element: screen(() => import('../../features/admin-people/components/EmployerPage')) },
    { path: 'candidates', element: screen(() => import('../../features/admin-people/components/CandidatesPage')) },
    { path: 'candidates/:candidateId', element: screen(() => import('../../features/admin-people/components/CandidatePage')) },
    { path: 'inbox', element: screen(() => import('../../features/admin-people/components/InboxPage')) },
    { path: 'outbox', element: screen(() => import('../../features/admin-operations/components/OutboxPage')) },
    { path: 'reference', element: screen(() => import('../../features/admin-operations/components/ReferencePage')) },
    { path: 'admins', element: screen(() => import('../../features/admin/components/AdminsPage')) },
    { path: 'privacy', element: screen(() => import('../../features/admin-people/components/PrivacyPage')) },
    { path: 'more', element: screen(() => import('../../features/admin/components/MorePage')) },
    { path: 'jobs', element: screen(() => import('../../features/admin-operations/components/JobsPage')) },
    { path: 'applications', element: screen(() => import('../../features/admin-operations/components/ApplicationsPage')) },
    { path: 'audit', element: screen(() => import('../../features/admin-audit/components/AuditPage')) },
    { path: 'audit/streams/:streamId', element: screen(() => import('../../features/admin-audit/components/StreamPage')) },
    { path: 'projections', element: screen(() => import('../../features/admin-operations/components/ProjectionsPage')) },
    { path: 'analytics', element: screen(() => import('../../features/admin-operations/components/AnalyticsPage')) },
    { path: '*', element: <Navigate to="/dashboard" replace /> },
  ],
}

export function staffRoutes(site: StaffSite): RouteObject[] {
  const signup = site === 'employer' ? <EmployerRegisterPage /> : <AdminSignupNotice />
  return [
    {
      element: <StaffLayout site={site} />,
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
          ? [{ path: '/components', element: screen(() => import('./ComponentsPage')) }]
          : []),
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ]
}

function StaffRoutes({ site }: { site: StaffSite }) {
  const routes = useMemo(() => staffRoutes(site), [site])
  const { pathname } = useLocation()
  return <StaffErrorBoundary resetKey={pathname}>{useRoutes(routes)}</StaffErrorBoundary>
}

export default function StaffApp({ site }: { site: StaffSite }) {
  return (
    <QueryRoot>
      <BrowserRouter>
        <StaffRoutes site={site} />
      </BrowserRouter>
    </QueryRoot>
  )
}
