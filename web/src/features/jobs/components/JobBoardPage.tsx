/**
 * /jobs/find: search header, filter sidebar, paginated job cards (SPEC 2.4, 4, 5, 9). The filters,
 * the sort and the page live in the address (model/jobSearch), so a reload, Back from a job and a
 * shared link show the same list; ?title= and ?location= are also what the home page's search
 * sends. On a phone the selects fold behind a "Filters" button and the side cards move around the
 * results, so the first job shows on the first screen.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { Icon } from '../../../components/ui/Icon'
import { useMediaQuery } from '../../../hooks/useMediaQuery'
import { pageCount, pageSlice, showingText } from '../../../lib/pagination'
import { SPECIALISATIONS, specialisationFromName } from '../../../lib/specialisations'
import { SaveSearch } from '../../alerts'
import { useDocumentTitle } from '../../site'
import { useJobBoard } from '../api/get-job-board'
import { referenceOptions, useLocations, useSalaryRanges } from '../api/get-reference'
import { jobKeys } from '../api/keys'
import { EMPTY_JOB_FILTERS, filterJobBoard, JOBS_PER_PAGE } from '../model/filters'
import { useJobSearch } from '../hooks/useJobSearch'
import { JOB_SORTS, jobTypeFromName, sortJobs, type JobSearch, type JobSort } from '../model/jobSearch'
import { JOB_TYPES } from '../types'
import { ApplySidebarNote } from './ApplySidebarNote'
import { JobCard } from './JobCard'
import { Pagination } from '../../../components/ui/Pagination'
import { SearchField, SearchForm } from '../../../components/ui/SearchForm'
import { SelectField, type SelectOption, valueOptions } from '../../../components/ui/Select'
import { SkeletonCard } from '../../../components/ui/Skeleton'
import '../jobs.css'

/** Under this width the filter selects fold away behind a button. */
export const FILTERS_FOLD_QUERY = '(max-width: 639.98px)'

export default function JobBoardPage() {
  useDocumentTitle('Find a Job')
  const queryClient = useQueryClient()
  const jobsQuery = useJobBoard()
  const { data: locations = [] } = useLocations()
  const { data: salaryRanges = [] } = useSalaryRanges()
  const { search, titleText, update: updateSearch, typeTitle, goToPage: showPage } = useJobSearch()
  const folded = useMediaQuery(FILTERS_FOLD_QUERY)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const filtersId = useId()
  const [expandedId, setExpandedId] = useState<string | null>(null)

  const jobs = jobsQuery.data
  const visible = useMemo(
    () => sortJobs(filterJobBoard(jobs ?? [], search, new Date()), search.sort, salaryRanges),
    [jobs, search, salaryRanges],
  )
  const totalPages = pageCount(visible.length, JOBS_PER_PAGE)
  const currentPage = Math.min(search.page, totalPages)
  const pageJobs = pageSlice(visible, currentPage, JOBS_PER_PAGE)
  // every page's titles: saving the search, the dialog tells whether its alert would send them all
  const visibleTitles = useMemo(() => visible.map((j) => j.title), [visible])
  const loading = jobsQuery.isPending

  // a choice is a step Back can undo; typing in the title box only rewrites the current entry
  const update = (patch: Partial<JobSearch>, replace = false) => {
    updateSearch(patch, replace)
    setExpandedId(null)
  }

  const clear = () => update({ ...EMPTY_JOB_FILTERS })

  const refresh = () => {
    update({}, true)
    // reset drops the cached list (the page empties) and fetches it again
    void queryClient.resetQueries({ queryKey: jobKeys.board() })
  }

  const goToPage = (next: number) => {
    showPage(next)
    setExpandedId(null)
    window.scrollTo({ top: 0, behavior: 'smooth' })
  }

  const count = visible.length
  const salaryName = salaryRanges.find((r) => String(r.id) === search.salaryRangeId)?.display_name
  const chips = (
    [
      search.title.trim() ? { key: 'title', label: `“${search.title.trim()}”`, clear: { title: '' } } : null,
      search.location ? { key: 'location', label: search.location, clear: { location: '' } } : null,
      search.salaryRangeId ? { key: 'salary', label: salaryName ?? 'Salary range', clear: { salaryRangeId: '' } } : null,
      search.type ? { key: 'type', label: search.type, clear: { type: '' } } : null,
      search.specialisation ? { key: 'specialisation', label: search.specialisation, clear: { specialisation: '' } } : null,
    ] satisfies ({ key: string; label: string; clear: Partial<JobSearch> } | null)[]
  ).filter((c) => c !== null)
  const activeSelects = chips.filter((c) => c.key !== 'title').length
  // the filter selects, each one's first option meaning "any"; `patch` is the search a chosen value asks for
  type SelectKey = 'location' | 'salaryRangeId' | 'type' | 'specialisation'
  const selects: { key: SelectKey; id: string; label: string; anyLabel: string; options: SelectOption[]; patch: (value: string) => Partial<JobSearch> }[] = [
    { key: 'location', id: 'job-search-location', label: 'Location', anyLabel: 'All locations', options: locations.map((l) => ({ id: l.id, value: l.display_name, label: l.display_name })), patch: (location) => ({ location }) },
    { key: 'salaryRangeId', id: 'job-search-salary', label: 'Salary range', anyLabel: 'Any salary', options: referenceOptions(salaryRanges), patch: (salaryRangeId) => ({ salaryRangeId }) },
    { key: 'type', id: 'job-search-type', label: 'Job type', anyLabel: 'All types', options: valueOptions(JOB_TYPES), patch: (type) => ({ type: jobTypeFromName(type) }) },
    { key: 'specialisation', id: 'job-search-specialisation', label: 'Specialisation', anyLabel: 'All specialisations', options: valueOptions(SPECIALISATIONS), patch: (name) => ({ specialisation: specialisationFromName(name) }) },
  ]

  return (
    <>
      <section className="page-hero job-search-hero">
        <div className="container">
          <p className="eyebrow">Job board</p>
          <h1>Find your next IT role</h1>
          <p className="lead job-search-lead">Browse current openings from Sydney and Australia-wide employers we partner with.</p>
          <SearchForm className="search-panel job-search" label="Search jobs">
            <SearchField
              id="job-search-title"
              label="Job title"
              plain
              placeholder="e.g. Data Engineer"
              value={titleText}
              onChange={(text) => {
                typeTitle(text)
                setExpandedId(null)
              }}
            />
            <div className="job-search-more" id={filtersId} hidden={folded && !filtersOpen}>
              {selects.map((f) => (
                <SelectField
                  key={f.key}
                  id={f.id}
                  label={f.label}
                  placeholder={f.anyLabel}
                  value={search[f.key]}
                  options={f.options}
                  onChange={(e) => update(f.patch(e.target.value))}
                />
              ))}
            </div>
            <div className="job-search-actions">
              {folded ? (
                <button
                  type="button"
                  className="btn btn-outline-light job-filters-toggle"
                  aria-expanded={filtersOpen}
                  aria-controls={filtersId}
                  onClick={() => setFiltersOpen((o) => !o)}
                >
                  <Icon name="filters" size={16} />
                  Filters{activeSelects > 0 ? ` (${activeSelects})` : ''}
                </button>
              ) : null}
              <button type="button" className="btn btn-light" onClick={clear}>
                Clear
              </button>
            </div>
          </SearchForm>
        </div>
      </section>

      <div className="container job-board">
        <aside className="job-sidebar" aria-labelledby="job-sidebar-heading">
          <div className="card job-summary">
            <h2 id="job-sidebar-heading" className="job-sidebar-heading">
              Search results
            </h2>
            <p className="job-count" aria-live="polite">
              {loading ? 'Loading jobs…' : `${count} ${count === 1 ? 'job' : 'jobs'} found`}
            </p>
            <p className="job-range">{!loading && count > 0 ? showingText(currentPage, JOBS_PER_PAGE, count) : ''}</p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={refresh} disabled={jobsQuery.isFetching}>
              Refresh Jobs
            </button>
            {chips.length > 0 ? (
              <ul className="tag-list filter-chips" aria-label="Active filters">
                {chips.map((c) => (
                  <li key={c.key}>
                    <button type="button" className="filter-chip" onClick={() => update(c.clear)} aria-label={`Remove filter: ${c.label}`}>
                      {c.label}
                      <Icon name="cross" size={14} />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </aside>

        <section className="job-results" aria-labelledby="job-results-heading">
          <h2 id="job-results-heading" className="visually-hidden">
            Job listings
          </h2>
          <div className="spread-row job-results-head">
            <SaveSearch search={search} locationBy="name" shownTitles={visibleTitles} />
            <SelectField
              id="job-sort"
              label="Sort by"
              className="job-sort"
              value={search.sort}
              options={JOB_SORTS.map((o) => ({ value: o.value, label: o.label }))}
              onChange={(e) => update({ sort: e.target.value as JobSort })}
            />
          </div>
          {loading ? (
            // Card-sized placeholders hold the page's shape, so nothing below
            // them jumps when the jobs arrive.
            <div className="job-list job-list-loading" aria-busy="true">
              <p className="visually-hidden">Loading jobs…</p>
              {Array.from({ length: JOBS_PER_PAGE }, (_, i) => (
                <SkeletonCard key={i} />
              ))}
            </div>
          ) : count === 0 ? (
            <div className="empty-state">
              <h3>No jobs available</h3>
              <p>Sorry, there are no active job postings matching your search criteria at the moment.</p>
              <p>Please check back later or try modifying your search filters.</p>
            </div>
          ) : (
            <>
              <div className="job-list">
                {pageJobs.map((job) => (
                  <JobCard
                    key={job.id}
                    job={job}
                    expanded={expandedId === job.id}
                    onToggle={() => setExpandedId((id) => (id === job.id ? null : job.id))}
                  />
                ))}
              </div>
              <Pagination current={currentPage} total={totalPages} onChange={goToPage} label="Job results pages" />
            </>
          )}
        </section>

        <ApplySidebarNote />
      </div>
    </>
  )
}
