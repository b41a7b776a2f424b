/**
 * The applicant page's top bar: back to the job (to the view, and the list's filter, the manager
 * came from), and Previous / Next through the job's applicants with the position ("3 of 15"), also
 * on J and K. The order is the pipeline's (read from its query, usually already cached) as it stood
 * when the first applicant was opened: written into that page's history entry at once and carried
 * from page to page in the navigation state, so a move (the manager's own, or a colleague's) does
 * not reshuffle it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { Button } from '../../../components/ui/Button'
import { Icon } from '../../../components/ui/Icon'
import { applicantQueryOptions } from '../api/get-applicant'
import { pipelineQueryOptions } from '../api/get-pipeline'
import { pipelineOrder, positionIn, positionText, readNavState, shortcutFor, SHORTCUT_KEYS, type Position } from '../model/applicantNavigation'
import { pipelinePath } from '../model/pipelineParams'

/**
 * Where this applicant stands in the order being walked, a way to go to a neighbour, and J / K on
 * the whole page (also while the next applicant loads). `jobId` is empty until the applicant has.
 */
export function useApplicantNavigation(applicationId: string, jobId: string) {
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const nav = readNavState(location.state)
  const pipeline = useQuery({ ...pipelineQueryOptions(jobId, nav.from.filter), enabled: !nav.order && !!jobId })
  const derived = !nav.order && pipeline.data && !pipeline.isPlaceholderData ? pipelineOrder(pipeline.data.applications, nav.from.view) : null
  // a cached pipeline without this applicant (they applied since it was read) waits for the fresh one
  const snapshot = derived && (derived.includes(applicationId) || !pipeline.isFetching) ? derived : null
  const order = nav.order ?? derived
  const position = order ? positionIn(order, applicationId) : null

  // Moving this applicant reorders the pipeline (the board goes stage by stage), so the order is
  // kept as it first came, in this page's own history entry: Next still goes to whoever was next,
  // and Back or a reload finds the same order. It acts once: the replaced entry carries the
  // order, so the next render has no snapshot.
  const { pathname, search, hash } = location
  useEffect(() => {
    if (snapshot) navigate({ pathname, search, hash }, { replace: true, state: { from: nav.from, order: snapshot } })
  })

  const go = (id: string | null) => {
    if (id) navigate(`/dashboard/applicants/${id}`, { state: { from: nav.from, order } })
  }
  // the next applicant is loaded before it is asked for, so J feels instant
  useEffect(() => {
    if (position?.next) void queryClient.prefetchQuery(applicantQueryOptions(position.next))
  }, [position?.next, queryClient])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const shortcut = shortcutFor(e)
      const target = shortcut && position?.[shortcut]
      if (!target) return
      e.preventDefault()
      go(target)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  })

  const back = pipelinePath(jobId, nav.from.view, nav.from.filter)
  return { position, go, back }
}

export type ApplicantNavigation = ReturnType<typeof useApplicantNavigation>

export function ApplicantNav({ job, nav: { position, go, back } }: { job: { title: string }; nav: ApplicantNavigation }) {
  return (
    <nav className="spread-row emp-applicant-nav" aria-label="Applicants for this job">
      <Link to={back} className="ws-back">
        <Icon name="back" size={16} /> {job.title}
      </Link>
      {position && position.total > 1 ? <Stepper position={position} onGo={go} /> : null}
    </nav>
  )
}

function Stepper({ position, onGo }: { position: Position; onGo: (id: string | null) => void }) {
  return (
    <div className="ws-actions emp-stepper">
      <Button size="sm" variant="outline" icon="back" disabled={!position.previous} aria-keyshortcuts={SHORTCUT_KEYS.previous} onClick={() => onGo(position.previous)}>
        Previous
      </Button>
      <span className="emp-stepper-position" aria-label={`Applicant ${positionText(position)}`}>
        {positionText(position)}
      </span>
      <Button size="sm" variant="outline" disabled={!position.next} aria-keyshortcuts={SHORTCUT_KEYS.next} onClick={() => onGo(position.next)}>
        Next
        <span className="emp-next-icon" aria-hidden="true">
          <Icon name="back" size={16} />
        </span>
      </Button>
      <p className="emp-shortcuts ws-small ws-muted" id="applicant-shortcuts">
        Keyboard shortcuts: <kbd>{SHORTCUT_KEYS.next}</kbd> next, <kbd>{SHORTCUT_KEYS.previous}</kbd> previous
      </p>
    </div>
  )
}
