/**
 * /dashboard/jobs: every job of every client, any status, with filters kept in the address bar,
 * and agency moderation: close a job with a reason the employer will read on its own jobs list.
 */
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/Button'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { SearchField, SearchForm } from '../../../components/ui/SearchForm'
import { SelectField } from '../../../components/ui/Select'
import type { Column } from '../../../components/ui/Table'
import { useToast } from '../../../components/ui/toast'
import { formatClosingDate } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { JOB_STATUS_LABELS, jobApplicationsPath, jobPostedText, JobStatusCell, useAdminTitle, useSearchDraft } from '../../admin'
import { useCloseJobAsAgency } from '../api/close-job'
import { useAdminJobs } from '../api/get-jobs'
import { jobFiltersActive, jobFiltersFromParams, jobFiltersToParams, type JobFilters } from '../model/jobFilters'
import { JOB_STATUSES, type AdminJob, type JobStatus } from '../types'
import { ClientFilter } from './ClientFilter'
import { FilteredTable } from './FilteredTable'

const REASON_MAX = 500

export default function JobsPage() {
  useAdminTitle('Jobs across clients')
  const [params, setParams] = useSearchParams()
  const filters = jobFiltersFromParams(params)
  const jobs = useAdminJobs(filters)
  const [closing, setClosing] = useState<AdminJob | null>(null)
  const [search, setSearch] = useSearchDraft(filters.q)

  const update = (patch: Partial<JobFilters>) => setParams(jobFiltersToParams({ ...filters, ...patch }), { replace: true })

  const columns: Column<AdminJob>[] = [
    {
      key: 'job',
      header: 'Job',
      cell: (j) => (
        <span className="ops-cell-stack">
          <strong>{j.title}</strong>
          <span className="ws-muted ws-small">{[j.location, j.specialisation].filter(Boolean).join(' · ')}</span>
        </span>
      ),
    },
    { key: 'client', header: 'Client', cell: (j) => j.company },
    {
      key: 'status',
      header: 'Status',
      cell: (j) => <JobStatusCell job={j} className="ops-cell-stack" reason />,
    },
    {
      key: 'apps',
      header: 'Applications',
      align: 'end',
      cell: (j) =>
        j.applications > 0 ? (
          <Link to={jobApplicationsPath(j.id)} className="ops-count-link" aria-label={`${j.applications === 1 ? '1 application' : `${j.applications} applications`} for ${j.title}`}>
            {j.applications}
          </Link>
        ) : (
          j.applications
        ),
    },
    {
      key: 'dates',
      header: 'Posted / closes',
      cell: (j) => (
        <span className="ops-cell-stack ws-small">
          <span>{jobPostedText(j)}</span>
          <span className="ws-muted">{j.closes_at ? `Closes ${formatClosingDate(j.closes_at)}` : 'No closing date'}</span>
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (j) => (
        <span className="ws-actions">
          <Link to={`/dashboard/audit/streams/job-${j.id}`} className="btn btn-outline btn-sm" aria-label={`History of ${j.title}`}>
            History
          </Link>
          {j.status !== 'closed' ? (
            <Button size="sm" variant="danger" onClick={() => setClosing(j)} aria-label={`Close ${j.title}`}>
              Close
            </Button>
          ) : null}
        </span>
      ),
    },
  ]

  return (
    <div className="ws-stack">
      <p className="ops-intro">Every job on the platform, from every client. Close a listing that breaks the rules and say why: the client sees your reason on their jobs list.</p>
      <SearchForm className="ops-filters" label="Filter jobs" onSearch={() => update({ q: search.trim() })}>
        <SearchField
          label="Search"
          className="ops-filter-wide"
          value={search}
          placeholder="Title or client"
          onChange={setSearch}
          onBlur={() => search.trim() !== filters.q && update({ q: search.trim() })}
        />
        <SelectField
          label="Status"
          value={filters.status}
          placeholder="Any status"
          options={JOB_STATUSES.map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] }))}
          onChange={(e) => update({ status: e.target.value as JobStatus | '' })}
        />
        <ClientFilter value={filters.employer} onChange={(employer) => update({ employer })} />
        <button type="submit" className="visually-hidden">
          Search
        </button>
      </SearchForm>

      <FilteredTable
        noun={['job', 'jobs']}
        caption="Jobs across clients"
        columns={columns}
        query={jobs}
        rowKey={(j) => j.id}
        filtered={jobFiltersActive(filters)}
        onClear={() => setParams(new URLSearchParams(), { replace: true })}
        tryHint="Try another status, client or search."
        none={{ title: 'No jobs yet', icon: 'briefcase', text: 'Jobs appear here as soon as a client posts one, drafts included.' }}
      />
      {closing ? <CloseJobDialog job={closing} onClose={() => setClosing(null)} /> : null}
    </div>
  )
}

function CloseJobDialog({ job, onClose }: { job: AdminJob; onClose: () => void }) {
  const { push } = useToast()
  const close = useCloseJobAsAgency()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  return (
    <Modal title={`Close ${job.title}`} onClose={onClose}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          setError(null)
          if (!reason.trim()) return setError('Please give a reason')
          close.mutate(
            { id: job.id, reason: reason.trim() },
            {
              onSuccess: () => {
                push({ kind: 'success', title: 'Job closed', message: `${job.title} (${job.company}) no longer takes applications.` })
                onClose()
              },
              onError: (err) => setError(serverMessageOr(err, 'The job could not be closed. Please try again.')),
            },
          )
        }}
      >
        <p className="ws-muted">
          {job.company} · {job.applications === 1 ? '1 application' : `${job.applications} applications`}. The listing leaves the job board at once; its applicants stay in the client&rsquo;s pipeline.
        </p>
        <Field label="Reason for closing" hint={`The client reads this on their jobs list. Up to ${REASON_MAX} characters.`} error={error}>
          {(p) => (
            <textarea
              {...p}
              className="input"
              rows={4}
              maxLength={REASON_MAX}
              required
              aria-required="true"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="For example: the salary breaks our advertising rules"
            />
          )}
        </Field>
        <ModalFormActions onCancel={onClose} submitLabel="Close job" danger busy={close.isPending} />
      </form>
    </Modal>
  )
}
