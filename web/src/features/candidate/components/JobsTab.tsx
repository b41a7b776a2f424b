/** Browse Jobs: search, filters, refresh with 'Last updated', See More / Show Less, Apply Now, ten jobs a page (SPEC 2.5, 8);
 *  and the candidate's saved jobs (`?view=saved`, issue 27), a view of this tab rather than a fifth tab beside SPEC 2.5's four. */
import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Field } from '../../../components/ui/Field'
import { Pagination } from '../../../components/ui/Pagination'
import { SelectField } from '../../../components/ui/Select'
import { useMediaQuery } from '../../../hooks/useMediaQuery'
import { formatDate, formatPostedAge } from '../../../lib/format'
import { APPLY_PARAM, applyJobId } from '../../../lib/apply-intent'
import { pageCount, pageSlice, showingText } from '../../../lib/pagination'
import { useApplications } from '../api/get-applications'
import { hasHiddenDetails, JobDescription, salaryText, useJobBoard, useLocations, useSalaryRanges, type Job } from '../../jobs'
import { SaveJobButton, SavedJobsList, useSavedJobs, useSaveIntent } from '../../saved-jobs'
import { useTimedMessage } from '../hooks/useTimedMessage'
import { EMPTY_JOB_FILTERS, filterDashboardJobs, jobTypeOptions } from '../model/jobFilter'
import { ApplyModal } from './ApplyModal'
import { Message } from './Message'

export const JOB_MESSAGES = {
  loadFailed: 'Failed to load jobs. Please try again later.',
  refreshed: 'Jobs refreshed successfully',
  refreshFailed: 'Failed to refresh jobs. Please try again.',
  applied: 'Application submitted successfully',
  empty: 'No jobs found matching your criteria',
  /** after Apply Now on a job that closed (or never existed) while the candidate signed in */
  applyGone: "That job is no longer taking applications. Here are the jobs that are open now.",
} as const

/** Ten to a page: the whole board on one page made a 12,000 px scroll on a phone. */
export const DASHBOARD_JOBS_PER_PAGE = 10

const FILTERS_FOLD_QUERY = '(max-width: 639.98px)'

/** `?view=saved` shows the saved jobs instead of the board. */
export const VIEW_PARAM = 'view'

export function JobsTab() {
  const jobs = useJobBoard()
  const locations = useLocations()
  const salaryRanges = useSalaryRanges()
  const applications = useApplications()
  const [filters, setFilters] = useState(EMPTY_JOB_FILTERS)
  const [expanded, setExpanded] = useState<Set<string>>(new Set())
  const [applying, setApplying] = useState<Job | null>(null)
  // Apply Now on a public job brings ?apply=<job id> through the sign-in: open that job's dialog
  const [params, setParams] = useSearchParams()
  // set when the dialog closes or cannot open, so it stays shut even before the address drops the id
  const [doneWith, setDoneWith] = useState<string | null>(null)
  const savedView = params.get(VIEW_PARAM) === 'saved'
  const savedJobs = useSavedJobs()
  // a job chosen with Save before signing in (?save=<id>) is saved now
  useSaveIntent()
  const fromAddress = applyJobId(params)
  const wanted = fromAddress && fromAddress !== doneWith ? fromAddress : null
  const [intentNotice, setIntentNotice] = useState<{ kind: 'gone' } | { kind: 'applied'; title: string } | null>(null)
  const [appliedNow, setAppliedNow] = useState<Set<string>>(new Set())
  const [refreshing, setRefreshing] = useState(false)
  const [page, setPage] = useState(1)
  const [message, showMessage] = useTimedMessage()
  const moreId = useId()
  // on a phone the three selects fold behind a button, so the jobs start on the first screen
  const folded = useMediaQuery(FILTERS_FOLD_QUERY)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const activeSelects = [filters.locationId, filters.salaryRangeId, filters.type].filter(Boolean).length

  const all = useMemo(() => jobs.data ?? [], [jobs.data])
  const visible = useMemo(() => filterDashboardJobs(all, filters), [all, filters])
  const types = useMemo(() => jobTypeOptions(all), [all])
  const totalPages = pageCount(visible.length, DASHBOARD_JOBS_PER_PAGE)
  const currentPage = Math.min(page, totalPages)
  const pageJobs = pageSlice(visible, currentPage, DASHBOARD_JOBS_PER_PAGE)
  const applied = useMemo(() => {
    const set = new Set(appliedNow)
    applications.data?.forEach((a) => set.add(String(a.job_id)))
    return set
  }, [applications.data, appliedNow])

  // decided once the jobs and the candidate's applications are in (an application already made
  // must not open a dialog the server would refuse)
  const settled = !jobs.isPending && !applications.isPending
  const requested = wanted && settled ? (all.find((j) => String(j.id) === wanted) ?? null) : null
  const requestedOpen = requested && !applied.has(String(requested.id)) ? requested : null
  const dialogJob = applying ?? requestedOpen
  // the job in the address is done with once its dialog closes or it cannot open: drop it
  const dropIntent = useCallback(
    (id: string) => {
      setDoneWith(id)
      setParams(
        (p) => {
          p.delete(APPLY_PARAM)
          return p
        },
        { replace: true },
      )
    },
    [setParams],
  )
  useEffect(() => {
    if (!wanted || !settled || requestedOpen) return
    setIntentNotice(requested ? { kind: 'applied', title: requested.title } : { kind: 'gone' })
    dropIntent(wanted)
  }, [wanted, settled, requested, requestedOpen, dropIntent])

  const closeDialog = () => {
    setApplying(null)
    if (wanted) dropIntent(wanted)
  }

  const refresh = async () => {
    setRefreshing(true)
    const result = await jobs.refetch()
    setRefreshing(false)
    if (result.isError) showMessage('error', JOB_MESSAGES.refreshFailed, 3000)
    else showMessage('success', JOB_MESSAGES.refreshed, 3000)
  }

  const toggle = (id: string) =>
    setExpanded((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  const set = (key: keyof typeof filters) => (value: string) => {
    setFilters((f) => ({ ...f, [key]: value }))
    setPage(1)
  }

  const showView = (saved: boolean) =>
    setParams(
      (p) => {
        if (saved) p.set(VIEW_PARAM, 'saved')
        else p.delete(VIEW_PARAM)
        return p
      },
      { replace: true },
    )

  const goToPage = (next: number) => {
    setPage(next)
    document.getElementById('jobs-title')?.scrollIntoView({ block: 'start' })
  }

  return (
    <section className="cd-section" aria-labelledby="jobs-title">
      <div className="cd-section-head">
        <h2 id="jobs-title">Browse Jobs</h2>
        <div className="cd-refresh">
          {jobs.dataUpdatedAt ? (
            <span className="cd-muted">Last updated: {new Date(jobs.dataUpdatedAt).toLocaleTimeString()}</span>
          ) : null}
          <Button variant="ghost" size="sm" onClick={refresh} busy={refreshing}>
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
      </div>
      <Message message={message} />
      {intentNotice?.kind === 'gone' ? (
        <div className="alert alert-info" role="status">
          {JOB_MESSAGES.applyGone}
        </div>
      ) : intentNotice?.kind === 'applied' ? (
        <div className="alert alert-info" role="status">
          You've already applied for {intentNotice.title}. <Link to="/candidate/dashboard/applications">See where it stands in My Applications</Link>.
        </div>
      ) : null}

      <div className="cd-filter-buttons" role="group" aria-label="Which jobs">
        <Button variant={savedView ? 'ghost' : 'primary'} size="sm" aria-pressed={!savedView} onClick={() => showView(false)}>
          All jobs
        </Button>
        <Button variant={savedView ? 'primary' : 'ghost'} size="sm" icon="bookmark" aria-pressed={savedView} onClick={() => showView(true)}>
          Saved{savedJobs.data ? ` (${savedJobs.data.saved_jobs.length})` : ''}
        </Button>
      </div>

      {savedView ? (
        <SavedJobsList
          applied={applied}
          onBrowse={() => showView(false)}
          onApply={(id) => {
            const job = all.find((j) => String(j.id) === id)
            if (job) setApplying(job)
          }}
        />
      ) : (
        <>
          <div className="cd-filters" role="search">
            <Field label="Search jobs">
              {(control) => <input {...control} className="input" type="search" placeholder="Search by job title" value={filters.search} onChange={(e) => set('search')(e.target.value)} />}
            </Field>
            {folded ? (
              <Button
                variant="ghost"
                size="sm"
                icon="filters"
                className="cd-filters-toggle"
                aria-expanded={filtersOpen}
                aria-controls={moreId}
                onClick={() => setFiltersOpen((o) => !o)}
              >
                Filters{activeSelects > 0 ? ` (${activeSelects})` : ''}
              </Button>
            ) : null}
            <div className="cd-filters-more" id={moreId} hidden={folded && !filtersOpen}>
              <SelectField
                label="Location"
                value={filters.locationId}
                placeholder="All locations"
                options={(locations.data ?? []).map((l) => ({ value: String(l.id), label: l.display_name }))}
                onChange={(e) => set('locationId')(e.target.value)}
              />
              <SelectField
                label="Salary range"
                value={filters.salaryRangeId}
                placeholder="All salary ranges"
                options={(salaryRanges.data ?? []).map((s) => ({ value: String(s.id), label: s.display_name }))}
                onChange={(e) => set('salaryRangeId')(e.target.value)}
              />
              <SelectField label="Job type" value={filters.type} placeholder="All types" options={types.map((t) => ({ value: t, label: t }))} onChange={(e) => set('type')(e.target.value)} />
            </div>
          </div>

          {jobs.isPending ? (
            <p className="cd-muted" aria-busy="true">
              Loading jobs...
            </p>
          ) : jobs.isError && all.length === 0 ? (
            <ErrorAlert message={JOB_MESSAGES.loadFailed} />
          ) : visible.length === 0 ? (
            <EmptyState
              title={JOB_MESSAGES.empty}
              icon="search"
              action={
                <Button variant="outline" size="sm" onClick={() => { setFilters(EMPTY_JOB_FILTERS); setPage(1) }}>
                  Clear search and filters
                </Button>
              }
            >
              <p>Try a broader title, or another location or job type.</p>
            </EmptyState>
          ) : (
            <>
              <p className="cd-muted cd-range" aria-live="polite">
                {showingText(currentPage, DASHBOARD_JOBS_PER_PAGE, visible.length)}
              </p>
              <ul className="cd-cards">
                {pageJobs.map((job) => {
                  const isOpen = expanded.has(job.id)
                  const isApplied = applied.has(String(job.id))
                  return (
                    <li key={job.id} className="cd-card">
                      <div className="cd-card-head">
                        <h3>{job.title}</h3>
                        {isApplied ? (
                          <Badge tone="success" icon="check">
                            Applied
                          </Badge>
                        ) : null}
                      </div>
                      <p className="cd-muted">
                        {job.company} · {job.location} · {job.type}
                      </p>
                      <p className="cd-salary">{salaryText(job)}</p>
                      <JobDescription job={job} expanded={isOpen} />
                      <p className="cd-muted cd-small">
                        Posted <time dateTime={job.created_at} title={formatDate(job.created_at)}>{formatPostedAge(job.created_at)}</time>
                        {job.expires_at ? ` · Apply by ${formatDate(job.expires_at)}` : ''}
                      </p>
                      <div className="cd-card-actions">
                        {hasHiddenDetails(job) ? (
                          <Button variant="ghost" size="sm" aria-expanded={isOpen} onClick={() => toggle(job.id)}>
                            {isOpen ? 'Show Less' : 'See More'}
                          </Button>
                        ) : null}
                        <Button size="sm" disabled={isApplied} onClick={() => setApplying(job)} aria-label={isApplied ? undefined : `Apply Now for ${job.title}`}>
                          {isApplied ? 'Applied Successfully' : 'Apply Now'}
                        </Button>
                        <SaveJobButton jobId={String(job.id)} jobTitle={job.title} />
                      </div>
                    </li>
                  )
                })}
              </ul>
              <Pagination current={currentPage} total={totalPages} onChange={goToPage} label="Job pages" />
            </>
          )}
        </>
      )}

      {dialogJob ? (
        <ApplyModal
          job={dialogJob}
          onClose={closeDialog}
          onApplied={(jobId) => {
            setAppliedNow((s) => new Set(s).add(String(jobId)))
            closeDialog()
            showMessage('success', JOB_MESSAGES.applied, 4000)
          }}
        />
      ) : null}
    </section>
  )
}
