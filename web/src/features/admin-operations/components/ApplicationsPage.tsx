/**
 * /dashboard/applications: the agency-wide pipeline: every application to every client's jobs,
 * filtered by client, stage, specialisation and the day it came in; a rejected one says the stage
 * it was rejected from and the client's reason. The filters live in the address bar, so a view
 * can be bookmarked or sent to a colleague.
 */
import type { CSSProperties } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { ErasedChip } from '../../../components/ui/ErasedPerson'
import { Field } from '../../../components/ui/Field'
import { SearchForm } from '../../../components/ui/SearchForm'
import { SelectField, SpecialisationField } from '../../../components/ui/Select'
import type { Column } from '../../../components/ui/Table'
import { isErased, personName } from '../../../lib/erased'
import { formatDate, formatRelativeTime } from '../../../lib/format'
import { specialisationFromName } from '../../../lib/specialisations'
import { jobApplicationsPath, OPS_STAGES, type OpsStage, STAGE_LABELS, stageLabel, stageTone, useAdminTitle } from '../../admin'
import { useAdminApplications } from '../api/get-applications'
import { applicationFiltersActive, applicationFiltersFromParams, applicationFiltersToParams, rangeProblem, type ApplicationFilters } from '../model/applicationFilters'
import type { AdminApplication } from '../types'
import { ClientFilter } from './ClientFilter'
import { FilteredTable } from './FilteredTable'
import '../operations.css'

export default function ApplicationsPage() {
  useAdminTitle('Applications')
  const [params, setParams] = useSearchParams()
  const filters = applicationFiltersFromParams(params)
  const problem = rangeProblem(filters.from, filters.to)
  const apps = useAdminApplications(filters)
  const update = (patch: Partial<ApplicationFilters>) => setParams(applicationFiltersToParams({ ...filters, ...patch }), { replace: true })

  const columns: Column<AdminApplication>[] = [
    {
      key: 'candidate',
      header: 'Candidate',
      cell: (a) => (
        <span className="ops-cell-stack">
          {isErased(a.candidate_name) ? (
            <ErasedChip />
          ) : (
            // opening the record is itself recorded (CandidateRecordViewed): a plain link, never prefetched
            <Link to={`/dashboard/candidates/${encodeURIComponent(a.candidate_id)}`} className="adm-strong-link">
              {a.candidate_name}
            </Link>
          )}
          {/* two candidates may share a name: their email tells them apart */}
          {a.candidate_email && !isErased(a.candidate_email) && !isErased(a.candidate_name) ? <Email address={a.candidate_email} /> : null}
          <span className="ws-muted ws-small">{a.specialisation ?? ''}</span>
        </span>
      ),
    },
    {
      key: 'job',
      header: 'Job',
      cell: (a) => (
        <span className="ops-cell-stack">
          {filters.job ? (
            <span>{a.job_title}</span>
          ) : (
            <Link to={jobApplicationsPath(a.job_id)} className="ops-cell-link" aria-label={`Every application for ${a.job_title} at ${a.company}`}>
              {a.job_title}
            </Link>
          )}
          <span className="ws-muted ws-small">{a.company}</span>
        </span>
      ),
    },
    {
      key: 'stage',
      header: 'Stage',
      cell: (a) => (
        <span className="ops-cell-stack">
          {a.withdrawn_at ? (
            <>
              {/* withdrawn is where it stands: the stage it was at follows, in small */}
              <Badge tone="neutral">Withdrawn</Badge>
              <span className="ws-muted ws-small">
                At {stageLabel(a.stage)} · {formatDate(a.withdrawn_at)}
              </span>
            </>
          ) : (
            <Badge tone={stageTone(a.stage)}>{stageLabel(a.stage)}</Badge>
          )}
          {a.stage === 'rejected' ? <RejectedLine from={a.rejected_from} reason={a.rejection_reason_label} /> : null}
        </span>
      ),
    },
    { key: 'applied', header: 'Applied', cell: (a) => formatDate(a.applied_at) },
    { key: 'updated', header: 'Last change', cell: (a) => (a.updated_at ? formatRelativeTime(a.updated_at) : '') },
    {
      key: 'history',
      header: 'History',
      cell: (a) => (
        <Link to={`/dashboard/audit/streams/application-${a.id}`} className="btn btn-outline btn-sm" aria-label={`History of ${personName(a.candidate_name)}'s application to ${a.job_title}`}>
          History
        </Link>
      ),
    },
  ]

  return (
    <div className="ws-stack">
      <p className="ops-intro">The pipeline across every client. Narrow it down by client, stage, specialisation or the days applications came in.</p>
      <SearchForm className="ops-filters" style={{ '--ops-filter-cols': 5 } as CSSProperties} label="Filter applications">
        <ClientFilter className="ops-filter-wide" value={filters.employer} onChange={(employer) => update({ employer })} />
        <SelectField
          label="Stage"
          value={filters.stage}
          placeholder="Any stage"
          options={OPS_STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }))}
          onChange={(e) => update({ stage: e.target.value as OpsStage | '' })}
        />
        <SpecialisationField value={filters.specialisation} placeholder="Any specialisation" onChange={(e) => update({ specialisation: specialisationFromName(e.target.value) })} />
        <Field label="Applied from">
          {(p) => <input {...p} className="input" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => update({ from: e.target.value })} />}
        </Field>
        <Field label="Applied to" error={problem}>
          {(p) => <input {...p} className="input" type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => update({ to: e.target.value })} />}
        </Field>
      </SearchForm>
      {filters.job ? <JobLine jobId={filters.job} first={apps.data?.[0]} onAll={() => update({ job: '' })} /> : null}

      <FilteredTable
        noun={['application', 'applications']}
        caption="Applications across clients"
        columns={columns}
        query={apps}
        rowKey={(a) => a.id}
        filtered={applicationFiltersActive(filters)}
        onClear={() => setParams(new URLSearchParams(), { replace: true })}
        tryHint="Try another client, stage, specialisation or date range."
        none={{ title: 'No applications yet', icon: 'clipboard', text: 'Applications appear here as candidates apply to any client’s jobs.' }}
      />
    </div>
  )
}

/**
 * A candidate's email under their name: it breaks only after its "@" (never mid-word, as
 * "tom.gallagher@example.c / om"), and a part too long for the column ends in "…", the whole
 * address in its tooltip.
 */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@')
  return (
    <span className="ws-muted ws-small ops-email" title={address}>
      {at > 0 ? (
        <>
          <span className="ops-email-part">{address.slice(0, at)}</span>
          <wbr />
          <span className="ops-email-part">{address.slice(at)}</span>
        </>
      ) : (
        <span className="ops-email-part">{address}</span>
      )}
    </span>
  )
}

/** Under a rejected application's stage: the stage it was rejected from and the client's reason,
 *  "At Interview · Salary expectations", either alone when the other is not known. */
function RejectedLine({ from, reason }: { from?: AdminApplication['rejected_from']; reason?: string | null }) {
  if (!from && !reason) return null
  return (
    <span className="ws-muted ws-small">
      {from ? `At ${stageLabel(from)}` : null}
      {from && reason ? ' · ' : null}
      {reason ? (
        <>
          <span className="visually-hidden">Reason: </span>
          {reason}
        </>
      ) : null}
    </span>
  )
}

/** Over a list narrowed to one job (?job=, from its row in Jobs or its history): which job, its
 *  history, and the way back to every job. The title comes from the rows; with none, the job has
 *  no applications that match. */
function JobLine({ jobId, first, onAll }: { jobId: string; first: AdminApplication | undefined; onAll: () => void }) {
  return (
    <p className="audit-actor-line">
      {first ? (
        <>
          Showing the applications for <strong>{first.job_title}</strong> at {first.company}.{' '}
        </>
      ) : (
        'Showing one job’s applications. '
      )}
      <Link to={`/dashboard/audit/streams/job-${encodeURIComponent(jobId)}`}>The job’s history</Link> ·{' '}
      <Button variant="link" onClick={onAll}>
        Every job
      </Button>
    </p>
  )
}
