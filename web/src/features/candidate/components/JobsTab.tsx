/**
 * Browse Jobs: search, filters, sort, refresh with 'Last updated', See More / Show Less, Apply Now,
 * ten jobs a page (SPEC 2.5, 8). The filters, sort and page are in the address like the public
 * board's (the jobs feature's useJobSearch; ?location= is a location id here, as SPEC 5 filters the
 * portal by id). Unlike the public board it lists jobs with 24 hours or less left, marked as such.
 * It also shows the candidate's saved jobs (`?view=saved`, issue 27), a view of this tab rather than
 * a fifth tab beside SPEC 2.5's four.
 *
 * Apply Now on a public job ad lands here with `?apply=<job id>` and opens that job's dialog. The job
 * stays in view: its card, in full, on top of the list ("You're applying for"); once sent, the
 * confirmation names it and leads back to the ad and on to My Applications; after Cancel, the card
 * stays with the way back to the ad.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { SearchField } from '../../../components/ui/SearchForm'
import { Pagination } from '../../../components/ui/Pagination'
import { SelectField, SpecialisationField, valueOptions } from '../../../components/ui/Select'
import { specialisationFromName } from '../../../lib/specialisations'
import { useMediaQuery } from '../../../hooks/useMediaQuery'
import { APPLY_PARAM, applyJobId } from '../../../lib/apply-intent'
import { pageCount, pageSlice, showingText } from '../../../lib/pagination'
import { useApplications } from '../api/get-applications'
import {
  hoursLeftIfClosingSoon,
  JOB_SORTS,
  jobTypeFromName,
  referenceOptions,
  sortJobs,
  useJobBoard,
  useJobSearch,
  useLocations,
  useSalaryRanges,
  type Job,
  type JobSearch,
  type JobSort,
} from '../../jobs'
import { SavedJobsList, useSavedJobs, useSaveIntent } from '../../saved-jobs'
import { SaveSearch } from '../../alerts'
import { useTimedMessage } from '../hooks/useTimedMessage'
import { filterDashboardJobs, jobTypeOptions, type JobFilters } from '../model/jobFilter'
import { isWithdrawn } from '../model/withdraw'
import { AppliedNextSteps } from './AppliedNextSteps'
import { ApplyModal } from './ApplyModal'
import { Message } from './Message'
import { PortalJobCard } from './PortalJobCard'

export const JOB_MESSAGES = {
  loadFailed: 'Failed to load jobs. Please try again later.',
  refreshed: 'Jobs refreshed successfully',
  refreshFailed: 'Failed to refresh jobs. Please try again.',
  applied: 'Application submitted successfully',
  empty: 'No jobs found matching your criteria',
  /** beside the "Closes in N hours" badges: why these jobs are here and not on the public board */
  closingSoon: 'Jobs marked “Closes in …” have under 24 hours left: they are off the public job board, and only signed-in candidates like you still see them.',
  /** after Apply Now on a job that closed (or never existed) while the candidate signed in */
  applyGone: "That job is no longer taking applications. Here are the jobs that are open now.",
} as const

/** Ten to a page: the whole board on one page made a 12,000 px scroll on a phone. */
export const DASHBOARD_JOBS_PER_PAGE = 10

const FILTERS_FOLD_QUERY = '(max-width: 639.98px)'

/** What Clear resets: the filters (the sort stays as chosen). */
const CLEARED: Partial<JobSearch> = { title: '', location: '', salaryRangeId: '', type: '', specialisation: '' }

/** `?view=saved` shows the saved jobs instead of the board. */
export const VIEW_PARAM = 'view'

export function JobsTab() {
  const jobs = useJobBoard()
  const locations = useLocations()
  const salaryRanges = useSalaryRanges()
  const applications = useApplications()
  const { search, titleText, update, typeTitle, goToPage: showPage } = useJobSearch()
  const filters: JobFilters = useMemo(
    () => ({ search: search.title, locationId: search.location, salaryRangeId: search.salaryRangeId, type: search.type, specialisation: search.specialisation }),
    [search],
  )
  const [expanded, setExpanded] = useState<Set<string>>(new Set())
  const [applying, setApplying] = useState<Job | null>(null)
  // Apply Now on a public job brings ?apply=<job id> through the sign-in: open that job's dialog
  const [params, setParams] = useSearchParams()
  const savedView = params.get(VIEW_PARAM) === 'saved'
  const savedJobs = useSavedJobs()
  // a job chosen with Save before signing in (?save=<id>) is saved now
  useSaveIntent()
  // set when the dialog closes or cannot open, so it stays shut even before the address drops the id
  const [doneWith, setDoneWith] = useState<string | null>(null)
  const fromAddress = applyJobId(params)
  const wanted = fromAddress && fromAddress !== doneWith ? fromAddress : null
  const [intentNotice, setIntentNotice] = useState<{ kind: 'gone' } | { kind: 'applied'; title: string } | null>(null)
  const [appliedNow, setAppliedNow] = useState<Set<string>>(new Set())
  // the job just applied for: what happens next stays under the success message after it clears
  // (`fromAd`: applied for from its ad, so the way back to the ad goes with it)
  const [justApplied, setJustApplied] = useState<{ id: string; title: string; company: string; fromAd: boolean } | null>(null)
  // The job whose dialog the address opened (Apply Now on its ad, or again after signing back in):
  // its card stays on top, in full, while the dialog is open ('applying'), and after Cancel with the
  // way back to the ad ('cancelled') until the candidate opens another job's dialog.
  const [cameFor, setCameFor] = useState<{ job: Job; phase: 'applying' | 'cancelled'; expanded: boolean } | null>(null)
  const [refreshing, setRefreshing] = useState(false)
  const [message, showMessage] = useTimedMessage()
  const moreId = useId()
  // on a phone the three selects fold behind a button, so the jobs start on the first screen
  const folded = useMediaQuery(FILTERS_FOLD_QUERY)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const activeSelects = [filters.locationId, filters.salaryRangeId, filters.type, filters.specialisation].filter(Boolean).length

  const all = useMemo(() => jobs.data ?? [], [jobs.data])
  const visible = useMemo(() => sortJobs(filterDashboardJobs(all, filters), search.sort, salaryRanges.data ?? []), [all, filters, search.sort, salaryRanges.data])
  // the portal lists jobs the public board has dropped (24 hours or less left): say so on each
  const hoursLeft = (job: Job) => hoursLeftIfClosingSoon(job, new Date())
  const types = useMemo(() => jobTypeOptions(all), [all])
  const totalPages = pageCount(visible.length, DASHBOARD_JOBS_PER_PAGE)
  const currentPage = Math.min(search.page, totalPages)
  const pageJobs = pageSlice(visible, currentPage, DASHBOARD_JOBS_PER_PAGE)
  // every page's titles: saving the search, the dialog tells whether its alert would send them all
  const visibleTitles = useMemo(() => visible.map((j) => j.title), [visible])
  const applied = useMemo(() => {
    const set = new Set(appliedNow)
    applications.data?.forEach((a) => set.add(String(a.job_id)))
    return set
  }, [applications.data, appliedNow])
  // of those, the ones the candidate took back: their cards say Withdrawn, not Applied
  const withdrawn = useMemo(() => new Set((applications.data ?? []).filter(isWithdrawn).map((a) => String(a.job_id))), [applications.data])

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
  // The job in the address is decided once, as it arrives: its dialog opens and stays open until it
  // closes, or it cannot open and the notice says why. Once open, the applications coming back
  // during the submit (now with this job in them, before the dialog has closed) change nothing: the
  // job was applied for here, and the success says so, never "You've already applied".
  useEffect(() => {
    if (!wanted || !settled || applying) return
    if (requestedOpen) {
      setApplying(requestedOpen)
      setCameFor({ job: requestedOpen, phase: 'applying', expanded: true })
      return
    }
    if (!appliedNow.has(wanted)) {
      // one message at a time: this notice replaces what an earlier application here said
      setJustApplied(null)
      setIntentNotice(requested ? { kind: 'applied', title: requested.title } : { kind: 'gone' })
    }
    dropIntent(wanted)
  }, [wanted, settled, applying, requested, requestedOpen, appliedNow, dropIntent])

  // The open dialog's job is in the address too (?apply=): if the session ends while the candidate
  // is applying (the server answers 401), the portal's guard keeps it through signing in again,
  // and the dialog opens once more.
  const openDialog = (job: Job) => {
    setApplying(job)
    // another job's dialog: the candidate has moved on from the one they came for
    setCameFor((c) => (c && String(c.job.id) === String(job.id) ? { ...c, phase: 'applying' } : null))
    setParams(
      (p) => {
        p.set(APPLY_PARAM, String(job.id))
        return p
      },
      { replace: true },
    )
  }

  const closeDialog = () => {
    setApplying(null)
    setCameFor((c) => (c ? { ...c, phase: 'cancelled' } : null))
    const inAddress = params.get(APPLY_PARAM)
    if (inAddress !== null) dropIntent(fromAddress ?? inAddress)
  }

  const onApplied = (job: Job) => {
    const id = String(job.id)
    const fromAd = cameFor !== null && String(cameFor.job.id) === id
    setAppliedNow((s) => new Set(s).add(id))
    setJustApplied({ id, title: job.title, company: job.company, fromAd })
    closeDialog()
    // one message at a time: the success, which names the job from its ad, stands in for the card on top
    setCameFor(null)
    setIntentNotice(null)
    showMessage('success', JOB_MESSAGES.applied, 4000)
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
    showPage(next)
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
      {justApplied ? (
        <AppliedNextSteps
          key={justApplied.id}
          jobTitle={justApplied.title}
          fromAd={justApplied.fromAd ? { jobId: justApplied.id, company: justApplied.company } : undefined}
        />
      ) : null}
      {intentNotice?.kind === 'gone' ? (
        <div className="alert alert-info" role="status">
          {JOB_MESSAGES.applyGone}
        </div>
      ) : intentNotice?.kind === 'applied' ? (
        <div className="alert alert-info" role="status">
          You've already applied for {intentNotice.title}. <Link to="/candidate/dashboard/applications">See where it stands in My Applications</Link>.
        </div>
      ) : null}
      {cameFor ? (
        <CameForJob
          job={cameFor.job}
          phase={cameFor.phase}
          expanded={cameFor.expanded}
          applied={applied.has(String(cameFor.job.id))}
          withdrawn={withdrawn.has(String(cameFor.job.id))}
          hoursLeft={hoursLeft(cameFor.job)}
          onToggle={() => setCameFor((c) => (c ? { ...c, expanded: !c.expanded } : null))}
          onApply={() => openDialog(cameFor.job)}
        />
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
          withdrawn={withdrawn}
          onBrowse={() => showView(false)}
          onApply={(id) => {
            const job = all.find((j) => String(j.id) === id)
            if (job) openDialog(job)
          }}
        />
      ) : (
        <>
        <div className="cd-filters" role="search">
          <SearchField label="Search jobs" placeholder="Search by job title" value={titleText} onChange={typeTitle} />
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
              options={referenceOptions(locations.data ?? [])}
              onChange={(e) => update({ location: e.target.value })}
            />
            <SelectField
              label="Salary range"
              value={filters.salaryRangeId}
              placeholder="All salary ranges"
              options={referenceOptions(salaryRanges.data ?? [])}
              onChange={(e) => update({ salaryRangeId: e.target.value })}
            />
            <SelectField label="Job type" value={filters.type} placeholder="All types" options={valueOptions(types)} onChange={(e) => update({ type: jobTypeFromName(e.target.value) })} />
            <SpecialisationField value={filters.specialisation} placeholder="All specialisations" onChange={(e) => update({ specialisation: specialisationFromName(e.target.value) })} />
          </div>
        </div>
        <SaveSearch search={search} locationBy="id" className="cd-save-search" shownTitles={visibleTitles} />

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
              <Button variant="outline" size="sm" onClick={() => update({ ...CLEARED })}>
                Clear search and filters
              </Button>
            }
          >
            <p>Try a broader title, or another location or job type.</p>
          </EmptyState>
        ) : (
          <>
            <div className="cd-list-head">
              <p className="cd-muted cd-range" aria-live="polite">
                {showingText(currentPage, DASHBOARD_JOBS_PER_PAGE, visible.length)}
              </p>
              <SelectField
                label="Sort by"
                className="cd-sort"
                value={search.sort}
                options={JOB_SORTS.map((o) => ({ value: o.value, label: o.label }))}
                onChange={(e) => update({ sort: e.target.value as JobSort })}
              />
            </div>
            {pageJobs.some((job) => hoursLeft(job) != null) ? (
              <p className="cd-muted cd-small cd-closing-note">{JOB_MESSAGES.closingSoon}</p>
            ) : null}
            <ul className="cd-cards">
              {pageJobs.map((job) => (
                <PortalJobCard
                  key={job.id}
                  job={job}
                  expanded={expanded.has(job.id)}
                  applied={applied.has(String(job.id))}
                  withdrawn={withdrawn.has(String(job.id))}
                  hoursLeft={hoursLeft(job)}
                  onToggle={() => toggle(job.id)}
                  onApply={() => openDialog(job)}
                />
              ))}
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
          onApplied={() => onApplied(dialogJob)}
        />
      ) : null}
    </section>
  )
}

type CameForProps = {
  job: Job
  phase: 'applying' | 'cancelled'
  expanded: boolean
  applied: boolean
  withdrawn: boolean
  hoursLeft: number | null
  onToggle: () => void
  onApply: () => void
}

/** On top of Browse Jobs, the job the candidate came from its ad to apply for: its own card, in
 *  full, and the way back to the ad. The list below is left as it is. */
function CameForJob({ job, phase, expanded, applied, withdrawn, hoursLeft, onToggle, onApply }: CameForProps) {
  const headingId = useId()
  return (
    <section className="cd-came-for" aria-labelledby={headingId}>
      <div className="cd-list-head">
        <h3 id={headingId} className="cd-subheading">
          {phase === 'applying' ? "You're applying for" : 'The job you were looking at'}
        </h3>
        <Link to={`/jobs/${job.id}`} className="cd-small">
          Back to the job ad
        </Link>
      </div>
      <ul className="cd-cards">
        <PortalJobCard job={job} expanded={expanded} applied={applied} withdrawn={withdrawn} hoursLeft={hoursLeft} onToggle={onToggle} onApply={onApply} />
      </ul>
    </section>
  )
}
