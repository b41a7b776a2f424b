/**
 * /dashboard/applicants/{id}: one applicant to one job, built around their resume. On a wide
 * screen the resume fills the left of the page and stays in view while the right holds where they
 * are (and Move to…), their profile, the team's scorecards, notes and interviews, and the history
 * in sentences; on a phone the same column with the resume one tap away. Previous / Next (J / K)
 * walk the job's applicants in the order of the view the manager came from.
 */
import { Link, useParams } from 'react-router'
import { Badge } from '../../../components/ui/Badge'
import { Card } from '../../../components/ui/Card'
import { ErasedChip } from '../../../components/ui/ErasedPerson'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { useToast } from '../../../components/ui/toast'
import { useMediaQuery } from '../../../hooks/useMediaQuery'
import { ApiError } from '../../../lib/api'
import { isErased, personName } from '../../../lib/erased'
import { formatDate } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useDownloadApplicantDocument } from '../api/download-document'
import { useApplicant } from '../api/get-applicant'
import { useRejectionReasonLabel } from '../api/get-rejection-reasons'
import { positionText } from '../model/applicantNavigation'
import { allowedTargets, STAGE_LABELS, STAGE_TONES } from '../model/stages'
import { progressLabel } from '../../../lib/stages'
import type { ApplicantDetail, ApplicantDocument } from '../types'
import { NotesSection, ScorecardsSection } from './ApplicantAssessment'
import { HistorySection } from './ApplicantHistory'
import { AlsoApplied } from './AlsoApplied'
import { ApplicantInterviews } from './ApplicantInterviews'
import { ApplicantNav, useApplicantNavigation, type ApplicantNavigation } from './ApplicantNav'
import { DocumentsSection, ProfileSection } from './ApplicantProfile'
import { MoveMenu } from './MoveMenu'
import { NotLoaded } from './NotLoaded'
import { useMoveWithFeedback } from './RejectDialog'
import { ResumeCard, ResumePane } from './ResumePane'
import { useWorkspaceTitle } from './workspaceTitle'
import { useReadOnArrival } from '../../notifications'

/** Wide enough for the resume beside the details (the detail columns' breakpoint). */
const WIDE = '(min-width: 1024px)'

export default function ApplicantPage() {
  const { applicationId = '' } = useParams()
  const applicant = useApplicant(applicationId)
  // once the applicant is on screen, the bell's notices about them are read
  useReadOnArrival('employer', applicant.data ? `/dashboard/applicants/${applicationId}` : '')
  const name = personName(applicant.data?.application.candidate_name, 'Applicant')
  useWorkspaceTitle(name)
  const nav = useApplicantNavigation(applicationId, applicant.data?.job.id ?? '')

  let page
  if (applicant.isPending) {
    page = <SkeletonStack what="the applicant" />
  } else if (applicant.isError || !applicant.data) {
    const missing = applicant.error instanceof ApiError && applicant.error.status === 404
    page = (
      <NotLoaded
        title={missing ? 'We could not find that applicant' : 'The applicant did not load'}
        message={missing ? 'The application may be for another account’s job, or the link is out of date.' : serverMessageOr(applicant.error, 'Please try again shortly.')}
      />
    )
  } else {
    page = <Applicant detail={applicant.data} nav={nav} />
  }
  // the status line stays mounted from applicant to applicant, so the new name is announced
  return (
    <>
      <p className="visually-hidden" role="status">
        {applicant.data ? `Showing ${name}${nav.position ? `, applicant ${positionText(nav.position)}` : ''}` : ''}
      </p>
      {page}
    </>
  )
}

function Applicant({ detail, nav }: { detail: ApplicantDetail; nav: ApplicantNavigation }) {
  const { application: app } = detail
  const wide = useMediaQuery(WIDE)
  const download = useDownloadApplicantDocument()
  const { push } = useToast()
  const save = (d: ApplicantDocument) =>
    download.mutate(d, { onError: (err) => push({ kind: 'error', title: 'Download failed', message: serverMessageOr(err, 'Please try again.') }) })
  // issue 12: the application outlives its candidate's personal data
  const erased = isErased(app.candidate_name)
  const name = personName(app.candidate_name, 'Applicant')
  const resume = detail.documents.find((d) => d.id === app.resume_id) ?? null

  // The bar is not keyed, so it stays mounted from applicant to applicant (focus stays on Next);
  // what holds a half-typed note or an open dialog starts afresh with each applicant.
  const details = (
    <div className="ws-stack">
      <ApplicantNav job={detail.job} nav={nav} />
      <StageCard key={app.id} detail={detail} erased={erased} />
      {wide ? null : <ResumeCard key={`resume-${app.id}`} resume={resume} erased={erased} onDownload={save} />}
      <ProfileSection profile={detail.profile ?? null} erased={erased} />
      <ScorecardsSection key={`scorecards-${app.id}`} applicationId={app.id} scorecards={detail.scorecards} erased={erased} />
      <NotesSection key={`notes-${app.id}`} applicationId={app.id} notes={detail.notes} erased={erased} />
      <ApplicantInterviews
        key={`interviews-${app.id}`}
        applicationId={app.id}
        name={name}
        stage={app.stage}
        interviews={detail.interviews}
        erased={erased}
        withdrawn={Boolean(app.withdrawn_at)}
      />
      <HistorySection entries={detail.history} />
      <DocumentsSection key={`documents-${app.id}`} documents={detail.documents} erased={erased} onDownload={save} />
    </div>
  )
  // One tree at every width, the resume pane's slot empty when narrow: crossing the breakpoint (a
  // rotated tablet, a resized window) must not remount the details and lose an open dialog or a
  // half-typed note.
  return (
    <div className={wide ? 'emp-applicant' : undefined}>
      {wide ? <ResumePane applicationId={app.id} resume={resume} name={name} erased={erased} onDownload={save} /> : null}
      {details}
    </div>
  )
}

/**
 * Where the applicant is (once rejected, why, as only the team sees it), what they see of it, and
 * the way to move them: only the moves the server allows (for an erased applicant, Rejected alone).
 */
function StageCard({ detail, erased }: { detail: ApplicantDetail; erased: boolean }) {
  const { application: app, job } = detail
  // the job's company, which the rejection email names, comes from the jobs list (useMoveWithFeedback)
  const { requestMove, dialog: rejectDialog, moving } = useMoveWithFeedback(job.id, job)
  // As the candidate's portal reads it: an interview not cancelled and not yet over.
  const now = Date.now()
  const interviewBooked = (detail.interviews ?? []).some((i) => i.status !== 'cancelled' && Date.parse(i.starts_at) + i.duration_minutes * 60_000 > now)
  const canReject = job.status !== 'closed' && allowedTargets(app).includes('rejected')
  const reason = useRejectionReasonLabel(app.stage === 'rejected' ? app.rejection_reason : null)
  return (
    <Card as="section" aria-labelledby="applicant-stage-heading" className="emp-section emp-stage-card">
      <div className="emp-job-head">
        <h2 id="applicant-stage-heading" className="emp-job-title">
          Stage: <Badge tone={STAGE_TONES[app.stage]}>{STAGE_LABELS[app.stage]}</Badge>
        </h2>
        {job.status === 'closed' || app.stage === 'hired' ? null : (
          <MoveMenu name={personName(app.candidate_name)} moves={app.moves} disabled={moving} variant="primary" onMove={(to) => requestMove(app, to)} />
        )}
      </div>
      {reason ? (
        <p className="ws-muted">
          Reason: <strong>{reason}</strong>. Only your hiring team sees this.
        </p>
      ) : null}
      <p className="ws-muted">
        They see: <strong>{progressLabel(app.progress, interviewBooked)}</strong> · applied for <Link to={`/dashboard/jobs/${job.id}`}>{job.title}</Link> on {formatDate(app.created_at)}
      </p>
      <AlsoApplied others={detail.other_applications} />
      {erased ? (
        <>
          <p className="ws-muted">
            <ErasedChip />
          </p>
          <p className="alert alert-info" role="note">
            This applicant’s personal data has been erased. What remains is the application itself: its stage and the dates it changed.
            {canReject ? ' You can still close the application as Rejected.' : null}
          </p>
        </>
      ) : (
        <p className="ws-muted">
          <a href={`mailto:${app.candidate_email}`}>{app.candidate_email}</a>
        </p>
      )}
      {job.status === 'closed' ? (
        <p className="ws-muted">This job is closed, so the applicant’s stage cannot change until it is reopened.</p>
      ) : app.stage === 'hired' ? (
        <p className="ws-muted">Hired: the stage no longer changes.</p>
      ) : null}
      {rejectDialog}
    </Card>
  )
}
