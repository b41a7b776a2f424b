/**
 * /dashboard/analytics: how the agency is doing across every client, or for one: applications per
 * week, the funnel, time to first response and to fill, and where applications come from, for a
 * date range kept in the address bar with the client (counting the applications made in it; one
 * that ends before it starts is not applied, and the last that was stays on screen); the
 * applications behind it download as CSV. Job alerts are the agency's whatever the client. The
 * charts (recharts) load on their own after the numbers, only on this screen.
 */
import { lazy, Suspense, useState } from 'react'
import { useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Field } from '../../../components/ui/Field'
import { Skeleton, SkeletonCard, SkeletonChart } from '../../../components/ui/Skeleton'
import { StatTile } from '../../../components/ui/StatTile'
import { useToast } from '../../../components/ui/toast'
import { formatDate } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useAdminTitle } from '../../admin'
import { useDownloadApplicationsCsv } from '../api/download-analytics-csv'
import { useAnalytics } from '../api/get-analytics'
import { analyticsParams, clientFromParams, formatDuration, isQuickRange, QUICK_RANGES, rangeFromParams, totalApplications, type AnalyticsRange } from '../model/analytics'
import { rangeProblem } from '../model/applicationFilters'
import { ClientFilter, useClientOptions } from './ClientFilter'
import '../operations.css'

const AnalyticsCharts = lazy(() => import('./AnalyticsCharts'))

function rangeText({ from, to }: AnalyticsRange): string {
  if (from && to) return `${formatDate(from)} to ${formatDate(to)}`
  if (from) return `since ${formatDate(from)}`
  if (to) return `up to ${formatDate(to)}`
  return 'all time'
}

const ALL_TIME: AnalyticsRange = { from: '', to: '' }

/** The range the numbers are for: the address's, or while that one ends before it starts (and so is
 *  not applied), the last one that was, all time if the page opened on a reversed one. */
function useAppliedRange(range: AnalyticsRange, valid: boolean): AnalyticsRange {
  const [applied, setApplied] = useState(valid ? range : ALL_TIME)
  // adjusted while rendering (React's "storing information from previous renders"), so the numbers never lag a render behind
  if (valid && (applied.from !== range.from || applied.to !== range.to)) setApplied(range)
  return valid ? range : applied
}

export default function AnalyticsPage() {
  useAdminTitle('Analytics')
  const [params, setParams] = useSearchParams()
  const range = rangeFromParams(params)
  const employer = clientFromParams(params)
  const problem = rangeProblem(range.from, range.to)
  const applied = useAppliedRange(range, problem === null)
  const analytics = useAnalytics({ ...applied, employer })
  const client = useClientName(employer)
  const csv = useDownloadApplicationsCsv()
  const { push } = useToast()
  const setRange = (r: AnalyticsRange) => setParams(analyticsParams(r, employer), { replace: true })
  const shown = `${rangeText(applied)}${employer ? ` for ${client || 'one client'}` : ''}`

  return (
    <div className="ws-stack">
      <p className="ops-intro">How applications move across every client, or one: volume week by week, how far they get, and how quickly clients respond and fill roles.</p>
      <ClientFilter className="ops-client" value={employer} onChange={(id) => setParams(analyticsParams(range, id), { replace: true })} />
      <RangeForm key={`${range.from}|${range.to}`} range={range} problem={problem} onRange={setRange} />
      <div className="ws-toolbar">
        <div>
          <p className="ws-muted" aria-live="polite">
            {problem ? `Still showing ${shown} until the dates are put right` : `Showing ${shown}`}
          </p>
          {applied.from || applied.to ? <p className="ws-muted ws-small">Counts the applications made in this range, whatever has happened to them since; earlier ones are left out.</p> : null}
        </div>
        <Button
          variant="outline"
          icon="download"
          busy={csv.isPending}
          onClick={() =>
            csv.mutate({ ...applied, employer, client }, {
              onError: (err) => push({ kind: 'error', title: 'Export failed', message: serverMessageOr(err, 'Please try again.') }),
            })
          }
        >
          Download CSV
        </Button>
      </div>

      {analytics.isPending ? (
        <div className="ws-stack" aria-busy="true">
          <div className="ws-stats ops-stats">
            {[0, 1, 2, 3].map((i) => (
              <Card key={i} padding="sm">
                <Skeleton lines={2} />
              </Card>
            ))}
          </div>
          <SkeletonCard />
        </div>
      ) : analytics.isError ? (
        <LoadFailed error={analytics.error} what="the analytics" onRetry={() => analytics.refetch()} />
      ) : (
        <Results data={analytics.data} onAllTime={() => setRange(ALL_TIME)} busy={analytics.isFetching} ranged={Boolean(applied.from || applied.to)} oneClient={employer !== ''} />
      )}
    </div>
  )
}

/** The chosen client's name: '' for every client, and until the list of clients is in. */
function useClientName(employer: string): string {
  const clients = useClientOptions()
  return (employer && clients.find((c) => c.value === employer)?.label) || ''
}

type ResultsProps = { data: NonNullable<ReturnType<typeof useAnalytics>['data']>; onAllTime: () => void; busy: boolean; ranged: boolean; oneClient: boolean }

function Results({ data, onAllTime, busy, ranged, oneClient }: ResultsProps) {
  const total = totalApplications(data)
  const r = data.time_to_first_response
  const f = data.time_to_fill
  return (
    <div className="ws-stack" aria-busy={busy || undefined}>
      <div className="ws-stats ops-stats">
        <StatTile className="ops-stat" value={total.toLocaleString('en-AU')} label="Applications" note="In the chosen range" />
        <StatTile className="ops-stat" value={formatDuration(r.median_days)} label="Median first response" note={`${r.responded} responded to, ${r.waiting} still waiting`} />
        <StatTile className="ops-stat" value={formatDuration(r.p90_days)} label="90th percentile first response" note="Nine in ten heard back within this" />
        <StatTile className="ops-stat" value={formatDuration(f.median_days)} label="Median time to fill" note={`${f.filled} role${f.filled === 1 ? '' : 's'} filled`} />
      </div>
      {total === 0 ? (
        <EmptyState
          title="No applications in this range"
          icon="chart"
          headingLevel={2}
          action={
            ranged ? (
              <Button variant="outline" onClick={onAllTime}>
                Show all time
              </Button>
            ) : undefined
          }
        >
          <p>Charts appear once applications come in. Try a wider date range.</p>
        </EmptyState>
      ) : (
        <Suspense fallback={<SkeletonChart />}>
          <AnalyticsCharts data={data} oneClient={oneClient} />
        </Suspense>
      )}
    </div>
  )
}

function RangeForm({ range, problem, onRange }: { range: AnalyticsRange; problem: string | null; onRange: (r: AnalyticsRange) => void }) {
  const [from, setFrom] = useState(range.from)
  const [to, setTo] = useState(range.to)
  return (
    <form
      className="ops-range"
      aria-label="Date range"
      onSubmit={(e) => {
        e.preventDefault()
        onRange({ from, to })
      }}
    >
      <Field label="From">{(p) => <input {...p} className="input" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}</Field>
      <Field label="To" error={problem}>
        {(p) => <input {...p} className="input" type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
      </Field>
      <div className="ops-filter-actions">
        <Button type="submit" variant="outline">
          Apply
        </Button>
      </div>
      <div className="ops-picks" role="group" aria-label="Quick ranges">
        {QUICK_RANGES.map((q) => {
          // the one in use is marked by more than its colour: a tick as well
          const active = isQuickRange(range, q)
          return (
            <Button
              key={q.label}
              size="sm"
              variant={active ? 'primary' : 'outline'}
              icon={active ? 'check' : undefined}
              aria-pressed={active}
              onClick={() => onRange(q.range())}
            >
              {q.label}
            </Button>
          )
        })}
      </div>
    </form>
  )
}
