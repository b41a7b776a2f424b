/** /candidate/dashboard/*: sidebar + header on desktop, bottom navigation under 768 px (SPEC 2.5). */
import { useCallback } from 'react'
import { Icon } from '../../../components/ui/Icon'
import { NavLink, Outlet, useNavigate } from 'react-router'
import { useQueryClient } from '@tanstack/react-query'
import { firstName, greetingFor } from '../../../lib/format'
import { logoutTo, useSession } from '../../auth'
import { NotificationBell, notificationKeys, useNotificationSocket } from '../../notifications'
import { useCandidateUser } from '../api/get-candidate-user'
import { candidateKeys } from '../api/keys'
import { useMediaQuery } from '../../../hooks/useMediaQuery'
import '../dashboard.css'

export const MOBILE_QUERY = '(max-width: 767.98px)'
export const USER_ERROR_TEXT = 'Oops! Something went wrong.'

const TABS = [
  { to: 'jobs', label: 'Browse Jobs', short: 'Jobs', icon: 'briefcase' },
  { to: 'applications', label: 'My Applications', short: 'Applied', icon: 'clipboard' },
  { to: 'documents', label: 'Documents', short: 'Files', icon: 'folder' },
  { to: 'profile', label: 'Profile', short: 'Profile', icon: 'user' },
] as const

export function CandidateDashboard() {
  const session = useSession('candidate')
  const token = session.status === 'authenticated' ? session.token : null
  const storedName = session.status === 'authenticated' ? session.user.name : undefined
  const navigate = useNavigate()
  const qc = useQueryClient()
  const isMobile = useMediaQuery(MOBILE_QUERY)
  const user = useCandidateUser()
  const refreshApplications = useCallback(
    () => void qc.invalidateQueries({ queryKey: candidateKeys.applications() }),
    [qc],
  )
  const { connected } = useNotificationSocket('candidate', token, refreshApplications)

  const signOut = () => {
    qc.removeQueries({ queryKey: candidateKeys.all })
    qc.removeQueries({ queryKey: notificationKeys.all('candidate') })
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

  const tabLinks = (variant: 'side' | 'bottom') =>
    TABS.map((t) => (
      <NavLink key={t.to} to={t.to} className={({ isActive }) => `cd-tab cd-tab-${variant}${isActive ? ' is-active' : ''}`}>
        <span aria-hidden="true" className="cd-tab-icon">
          <Icon name={t.icon} />
        </span>
        <span>{variant === 'side' ? t.label : t.short}</span>
      </NavLink>
    ))

  if (isMobile) {
    return (
      <div className="cd cd-mobile">
        <header className="cd-header">
          {heading}
          <div className="cd-header-actions">
            <NotificationBell role="candidate" connected={connected} />
            <button type="button" className="cd-btn cd-btn-ghost" onClick={signOut}>
              Sign out
            </button>
          </div>
        </header>
        <div className="cd-content">
          <Outlet />
        </div>
        <nav className="cd-bottom-nav" aria-label="Dashboard">
          {tabLinks('bottom')}
        </nav>
      </div>
    )
  }

  return (
    <div className="cd cd-desktop">
      <div className="cd-sidebar">
        <p className="cd-brand">Candidate Portal</p>
        <nav aria-label="Dashboard">{tabLinks('side')}</nav>
        <button type="button" className="cd-btn cd-btn-ghost cd-signout" onClick={signOut}>
          Sign out
        </button>
      </div>
      <div className="cd-main">
        <header className="cd-header">
          {heading}
          <div className="cd-header-actions">
            <NotificationBell role="candidate" connected={connected} />
          </div>
        </header>
        <div className="cd-content">
          <Outlet />
        </div>
      </div>
    </div>
  )
}
