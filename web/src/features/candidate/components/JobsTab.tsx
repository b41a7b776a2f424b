/** Browse Jobs: search, filters, refresh with 'Last updated', See More / Show Less, Apply Now, ten jobs a page (SPEC 2.5, 8). */
import { useId, useMemo, useState } from 'react'
import { Badge } from '../../../components/ui/Badge'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Icon } from '../../../components/ui/Icon'
import { Pagination } from '../../../components/ui/Pagination'
import { useMediaQuery } from '../../../hooks/useMediaQuery'
import { formatDate, formatPostedAge } from '../../../lib/format'
import { pageCount, pageSlice, showingText } from '../../../lib/pagination'
import { useApplications } from '../api/get-applications'
import { hasHiddenDetails, JobDescription, salaryText, useJobBoard, useLocations, useSalaryRanges, type Job } from '../../jobs'
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
} as const

/** Ten to a page: the whole board on one page made a 12,000 px scroll on a phone. */
export const DASHBOARD_JOBS_PER_PAGE = 10

const FILTERS_FOLD_QUERY = '(max-width: 639.98px)'

export function JobsTab() {
  const jobs = useJobBoard()
  const locations = useLocations()
  const salaryRanges = useSalaryRanges()
  const applications = useApplications()
  const [filters, setFilters] = useState(EMPTY_JOB_FILTERS)
  const [expanded, setExpanded] = useState<Set<string>>(new Set())
  const [applying, setApplying] = useState<Job | null>(null)
  const [appliedNow, setAppliedNow] = useState<Set<string>>(new Set())
  const [refreshing, setRefreshing] = useState(false)
  const [page, setPage] = useState(1)
  const [message, showMessage] = useTimedMessage()
  const ids = { search: useId(), location: useId(), salary: useId(), type: useId(), more: useId() }
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
          <button type="button" className="cd-btn cd-btn-ghost" onClick={refresh} disabled={refreshing}>
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
      </div>
      <Message message={message} />

      <div className="cd-filters" role="search">
        <div className="cd-field">
          <label htmlFor={ids.search}>Search jobs</label>
          <input id={ids.search} type="search" placeholder="Search by job title" value={filters.search} onChange={(e) => set('search')(e.target.value)} />
        </div>
        {folded ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm cd-filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={ids.more}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <Icon name="filters" size={16} />
            Filters{activeSelects > 0 ? ` (${activeSelects})` : ''}
          </button>
        ) : null}
        <div className="cd-filters-more" id={ids.more} hidden={folded && !filtersOpen}>
          <div className="cd-field">
            <label htmlFor={ids.location}>Location</label>
            <select id={ids.location} value={filters.locationId} onChange={(e) => set('locationId')(e.target.value)}>
              <option value="">All locations</option>
              {(locations.data ?? []).map((l) => (
                <option key={l.id} value={String(l.id)}>
                  {l.display_name}
                </option>
              ))}
            </select>
          </div>
          <div className="cd-field">
            <label htmlFor={ids.salary}>Salary range</label>
            <select id={ids.salary} value={filters.salaryRangeId} onChange={(e) => set('salaryRangeId')(e.target.value)}>
              <option value="">All salary ranges</option>
              {(salaryRanges.data ?? []).map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.display_name}
                </option>
              ))}
            </select>
          </div>
          <div className="cd-field">
            <label htmlFor={ids.type}>Job type</label>
            <select id={ids.type} value={filters.type} onChange={(e) => set('type')(e.target.value)}>
              <option value="">All types</option>
              {types.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      {jobs.isPending ? (
        <p className="cd-muted" aria-busy="true">
          Loading jobs...
        </p>
      ) : jobs.isError && all.length === 0 ? (
        <p className="cd-message cd-message-error" role="alert">
          {JOB_MESSAGES.loadFailed}
        </p>
      ) : visible.length === 0 ? (
        <EmptyState
          title={JOB_MESSAGES.empty}
          icon="search"
          action={
            <button type="button" className="btn btn-outline btn-sm" onClick={() => { setFilters(EMPTY_JOB_FILTERS); setPage(1) }}>
              Clear search and filters
            </button>
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
                      <button type="button" className="cd-btn cd-btn-ghost" aria-expanded={isOpen} onClick={() => toggle(job.id)}>
                        {isOpen ? 'Show Less' : 'See More'}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="cd-btn cd-btn-primary"
                      disabled={isApplied}
                      onClick={() => setApplying(job)}
                      aria-label={isApplied ? undefined : `Apply Now for ${job.title}`}
                    >
                      {isApplied ? 'Applied Successfully' : 'Apply Now'}
                    </button>
                  </div>
                </li>
              )
            })}
          </ul>
          <Pagination current={currentPage} total={totalPages} onChange={goToPage} label="Job pages" />
        </>
      )}

      {applying ? (
        <ApplyModal
          job={applying}
          onClose={() => setApplying(null)}
          onApplied={(jobId) => {
            setAppliedNow((s) => new Set(s).add(String(jobId)))
            setApplying(null)
            showMessage('success', JOB_MESSAGES.applied, 4000)
          }}
        />
      ) : null}
    </section>
  )
}
