/** /dashboard/more: on a phone the bottom bar holds four sections; this lists every other one. */
import { Link } from 'react-router'
import { Icon } from '../../../components/ui/Icon'
import { useAdminTitle } from '../hooks/useAdminTitle'
import { MORE_SECTIONS } from '../model/sections'

const NOTES: Record<string, string> = {
  '/dashboard/outbox': 'Sent, queued and failed mail',
  '/dashboard/jobs': 'Every client’s jobs',
  '/dashboard/applications': 'Applications across clients',
  '/dashboard/audit': 'Who did what, and when',
  '/dashboard/projections': 'For the team: how up to date each screen’s data is',
  '/dashboard/analytics': 'Applications, funnel and timing',
  '/dashboard/reference': 'Locations and salary ranges',
  '/dashboard/privacy': 'Erasures of personal data',
  '/dashboard/admins': 'Staff accounts',
  '/components': 'For the team: the design system catalogue',
}

export default function MorePage() {
  useAdminTitle('All sections')
  return (
    <nav aria-label="All sections">
      <ul className="adm-more">
        {MORE_SECTIONS.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="adm-more-link">
              <Icon name={s.icon} size={20} />
              <span className="adm-cell-stack">
                <strong>{s.label}</strong>
                {NOTES[s.to] ? <span className="ws-muted ws-small">{NOTES[s.to]}</span> : null}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
