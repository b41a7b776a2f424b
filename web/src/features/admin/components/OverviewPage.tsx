/**
 * /dashboard: what needs attention now (employers waiting, enquiries nobody has answered, mail that
 * failed, projections behind) with a link to act on each, today across every client (its
 * interviews, and the applications that came in, wait in New or sit at Offer), and the newest
 * events as sentences with names (the raw event one click away). All three follow the socket: any
 * `admin_updated` topic reads the overview again (a booked interview is an event, so "events").
 */
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Card } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Skeleton } from '../../../components/ui/Skeleton'
import { useOverview } from '../api/get-overview'
import { useAdminTitle } from '../hooks/useAdminTitle'
import { attentionTiles } from '../model/attention'
import { AuditEventItem } from './AuditEventItem'
import { TodaySection } from './TodaySection'

export default function OverviewPage() {
  useAdminTitle('Overview · Admin')
  const overview = useOverview()

  if (overview.isError) return <LoadFailed error={overview.error} what="the overview" onRetry={() => overview.refetch()} />
  const data = overview.data
  return (
    <div className="adm-stack">
      <section aria-labelledby="attention-heading" className="adm-stack-sm">
        <h2 id="attention-heading" className="ws-section-title">
          Needs attention now
        </h2>
        {data ? (
          <ul className="adm-tiles">
            {attentionTiles(data.attention).map((t) => (
              <li key={t.id}>
                <Link to={t.to} className={`adm-tile${t.urgent ? ' is-urgent' : ''}`}>
                  <span className="adm-tile-count">{t.count}</span>
                  <span className="adm-tile-label">{t.label}</span>
                  <span className="adm-tile-note">{t.note}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <ul className="adm-tiles" aria-busy="true" aria-label="Loading what needs attention">
            {[1, 2, 3, 4].map((i) => (
              <li key={i} className="adm-tile" aria-hidden="true">
                <Skeleton height="2rem" width="3rem" />
                <Skeleton lines={2} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <TodaySection today={data?.today} />
      <section aria-labelledby="recent-heading" className="adm-stack-sm">
        <div className="ws-toolbar adm-toolbar">
          <h2 id="recent-heading" className="ws-section-title">
            Recent activity
          </h2>
          <Link to="/dashboard/audit">Full audit trail</Link>
        </div>
        {!data ? (
          <Card aria-busy="true" aria-label="Loading recent activity">
            <Skeleton lines={6} />
          </Card>
        ) : data.recent.length === 0 ? (
          <EmptyState title="Nothing has happened yet" icon="clock">
            <p>Sign-ups, jobs, applications and staff actions will appear here as they happen.</p>
          </EmptyState>
        ) : (
          <ol className="ops-events" aria-label="Recent activity, newest first" aria-live="polite" aria-relevant="additions">
            {data.recent.map((e) => (
              <AuditEventItem key={e.position} event={e} relative quote={false} />
            ))}
          </ol>
        )}
      </section>
    </div>
  )
}
