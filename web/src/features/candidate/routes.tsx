import { Navigate, type RouteObject } from 'react-router'
import { CandidateLoginPage } from '../auth/components/CandidateLoginPage'
import { CandidateSignupPage } from '../auth/components/CandidateSignupPage'
import { ApplicationsTab } from './components/ApplicationsTab'
import { CandidateDashboard } from './components/CandidateDashboard'
import { DocumentsTab } from './components/DocumentsTab'
import { JobsTab } from './components/JobsTab'
import { ProfileTab } from './components/ProfileTab'
import { RequireCandidate } from './components/RequireCandidate'

/** /candidate/* routes of the public host (SPEC 2.1, 2.5). */
export const candidateRoutes: RouteObject[] = [
  { path: '/candidate/login', element: <CandidateLoginPage /> },
  { path: '/candidate/signup', element: <CandidateSignupPage /> },
  {
    path: '/candidate/dashboard',
    element: (
      <RequireCandidate>
        <CandidateDashboard />
      </RequireCandidate>
    ),
    // the public layout opens its nav links in a new tab on the dashboard
    handle: { linksInNewTab: true },
    children: [
      { index: true, element: <Navigate to="jobs" replace /> },
      { path: 'jobs', element: <JobsTab /> },
      { path: 'applications', element: <ApplicationsTab /> },
      { path: 'documents', element: <DocumentsTab /> },
      { path: 'profile', element: <ProfileTab /> },
      { path: '*', element: <Navigate to="jobs" replace /> },
    ],
  },
]
