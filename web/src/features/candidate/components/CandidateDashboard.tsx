/** /candidate/dashboard/*: the shared AppShell: sidebar + header on desktop, bottom navigation under 768 px (SPEC 2.5). */
import { createPortal } from 'react-dom'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { useDocumentTitle } from '../../../hooks/useDocumentTitle'
import { AppShell, type ShellNavItem } from '../../../components/ui/AppShell'
import { useQueryClient } from '@tanstack/react-query'
import { firstName, greetingFor } from '../../../lib/format'
import { logoutTo, useSession } from '../../auth'
import { useRealtime } from '../../../lib/realtime'
import { RealtimeProvider } from '../../../lib/realtime/RealtimeProvider'
import { NotificationBell, useNotificationFeed } from '../../notifications'
import { useCandidateUser } from '../api/get-candidate-user'
import { candidateKeys } from '../api/keys'
import { forgetCandidateData } from './RequireCandidate'
import '../dashboard.css'

export const USER_ERROR_TEXT = 'Oops! Something went wrong.'

const TABS: ShellNavItem[] = [
  { to: 'jobs', label: 'Browse Jobs', short: 'Jobs', icon: 'briefcase' },
  // job alerts (issue 28): beside the jobs they watch, where a person looks after saving a search
  { to: 'alerts', label: 'Job Alerts', short: 'Alerts', icon: 'bell' },
  { to: 'applications', label: 'My Applications', short: 'Applied', icon: 'clipboard' },
  { to: 'documents', label: 'Documents', short: 'Files', icon: 'folder' },
  { to: 'profile', label: 'Profile', short: 'Profile', icon: 'user' },
  { to: 'privacy', label: 'Privacy', short: 'Privacy', icon: 'shield' },
]

export function CandidateDashboard() {
  const session = useSession('candidate')
  const token = session.status === 'authenticated' ? session.token : null
  const storedName = session.status === 'authenticated' ? session.user.name : undefined
  return (
    <RealtimeProvider role="candidate" token={token}>
      <CandidateFrame storedName={storedName} />
    </RealtimeProvider>
  )
}

function CandidateFrame({ storedName }: { storedName: string | undefined }) {
  useNotificationFeed('candidate')
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const tab = TABS.find((t) => pathname.endsWith(`/${t.to}`))
  useDocumentTitle(tab ? `${tab.label} · Candidate Portal` : 'Candidate Portal')
  const qc = useQueryClient()
  const user = useCandidateUser()
  useRealtime('application_updated', () => void qc.invalidateQueries({ queryKey: candidateKeys.applications() }))

  const signOut = () => {
    forgetCandidateData(qc)
    logoutTo('candidate', navigate)
  }

  const heading = user.isError ? (
    <p className="cd-user-error" role="alert">
      {USER_ERROR_TEXT}
    </p>
  ) : (
    <h1 className="cd-greeting">
      {greetingFor()}
      {firstName(user.data?.name ?? storedName) ? `, ${firstName(user.data?.name ?? storedName)}` : ''}
    </h1>
  )

  return (
    <AppShell
      brand="Candidate Portal"
      navLabel="Dashboard"
      nav={TABS}
      heading={heading}
      actions={<NotificationBell role="candidate" />}
      onSignOut={signOut}
      portal={createPortal}
    >
      <Outlet />
    </AppShell>
  )
}
