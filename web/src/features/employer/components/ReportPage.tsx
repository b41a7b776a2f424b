/**
 * /dashboard/jobs/{id}/report: how a job is doing: applicants per stage and per week, time to
 * first response and time to hire, and why applicants didn't go ahead (the reasons the team gave
 * when it rejected them, which the candidates never see). The charts (recharts) load on their own
 * after the numbers, so neither the public site nor the rest of the workspace carries the chart
 * library.
 */
import { lazy, Suspense } from 'react'
import { Link, useParams } from 'react-router'
import { Icon } from '../../../components/ui/Icon'
import { ReasonBreakdown } from '../../../components/ui/ReasonBreakdown'
import { SkeletonCard, SkeletonChart } from '../../../components/ui/Skeleton'
import { StatTile } from '../../../components/ui/StatTile'
import { serverMessageOr } from '../../../lib/server-message'
import { useEmployerJobs } from '../api/get-jobs'
import { useJobReport } from '../api/get-report'
import { formatDays, formatHours } from '../model/report'
import { NotLoaded } from './NotLoaded'
import { WorkspaceEmpty } from './WorkspaceEmpty'
import { useWorkspaceTitle } from './workspaceTitle'

const ReportCharts = lazy(() => import('./ReportCharts'))

export default function ReportPage() {
  const { jobId = '' } = useParams()
  const report = useJobReport(jobId)
  const jobs = useEmployerJobs()
  const title = jobs.data?.find((j) => j.id === jobId)?.title
  useWorkspaceTitle(title ? `Report: ${title}` : 'Job report')

  if (report.isPending) return <SkeletonCard />
  if (report.isError) {
    return <NotLoaded title="The report did not load" message={serverMessageOr(report.error, 'Please try again shortly.')} />
  }
  const r = report.data
  return (
    <div className="ws-stack">
      <Link to={`/dashboard/jobs/${jobId}`} className="ws-back">
        <Icon name="back" size={16} /> Applicants{title ? ` for ${title}` : ''}
      </Link>
      <div className="ws-stats emp-stats">
        <StatTile value={String(r.counts.total)} label="Applicants in all" />
        <StatTile value={formatHours(r.median_first_response_hours ?? null)} label={`Typical time to first response (${r.responded} responded to)`} />
        <StatTile value={formatDays(r.median_days_to_hire ?? null)} label={`Typical time to hire (${r.hired} hired)`} />
        <StatTile value={String(r.counts.interview + r.counts.offer)} label="At interview or offer now" />
      </div>
      {r.counts.total === 0 ? (
        <WorkspaceEmpty title="Nothing to chart yet" icon="chart" to={`/dashboard/jobs/${jobId}/edit`} label="Review the job ad">
          <p>Charts appear once the first applications arrive.</p>
        </WorkspaceEmpty>
      ) : (
        <>
          <Suspense fallback={<SkeletonChart />}>
            <ReportCharts report={r} />
          </Suspense>
          <ReasonBreakdown id="report-reasons-heading" title="Why applicants didn’t go ahead" counts={r} empty="No one has been rejected yet." />
        </>
      )}
    </div>
  )
}
