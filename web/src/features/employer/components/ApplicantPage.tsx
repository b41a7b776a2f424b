/**
 * /dashboard/applicants/{id}: one applicant to one job: where they are (and a way to move them),
 * their profile and documents, the history read from the application's events, and the hiring
 * team's own notes, scorecards and interviews.
 */
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { ErasedChip } from '../../../components/ui/ErasedPerson'
import { Icon } from '../../../components/ui/Icon'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api'
import { isErased, personName } from '../../../lib/erased'
import { formatDate, formatFileSize, formatRelativeTime } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useDownloadApplicantDocument } from '../api/download-document'
import { useApplicant } from '../api/get-applicant'
import { candidateStatus, STAGE_LABELS, STAGE_TONES } from '../model/stages'
import { isPdf } from '../model/documents'
import type { ApplicantDetail, ApplicantDocument, ApplicantProfile, TimelineEntry } from '../types'
import { DocumentViewer } from './DocumentViewer'
import { ApplicantInterviews } from './ApplicantInterviews'
import { NotesSection, ScorecardsSection } from './ApplicantAssessment'
import { MoveButtons } from './MoveMenu'
import { NotLoaded } from './NotLoaded'
import { useMoveWithFeedback } from './RejectDialog'
import { useWorkspaceTitle } from './workspaceTitle'

export default function ApplicantPage() {
  const { applicationId = '' } = useParams()
  const applicant = useApplicant(applicationId)
  useWorkspaceTitle(personName(applicant.data?.application.candidate_name, 'Applicant'))

  if (applicant.isPending) {
    return (
      <SkeletonStack what="the applicant" />
    )
  }
  if (applicant.isError || !applicant.data) {
    const missing = applicant.error instanceof ApiError && applicant.error.status === 404
    return (
      <NotLoaded
        title={missing ? 'We could not find that applicant' : 'The applicant did not load'}
        message={missing ? 'The application may be for another account’s job, or the link is out of date.' : serverMessageOr(applicant.error, 'Please try again shortly.')}
      />
    )
  }
  return <Applicant detail={applicant.data} />
}

function Applicant({ detail }: { detail: ApplicantDetail }) {
  const { application: app, job } = detail
  const { requestMove, dialog: rejectDialog, moving } = useMoveWithFeedback(job.id)
  const status = candidateStatus(app.stage)
  // issue 12: the application outlives its candidate's personal data
  const erased = isErased(app.candidate_name)
  return (
    <div className="ws-stack">
      <Link to={`/dashboard/jobs/${job.id}`} className="ws-back">
        <Icon name="back" size={16} /> {job.title}
      </Link>
      <Card as="section" aria-labelledby="applicant-stage-heading">
        <div className="emp-job-head">
          <h2 id="applicant-stage-heading" className="emp-job-title">
            Stage: <Badge tone={STAGE_TONES[app.stage]}>{STAGE_LABELS[app.stage]}</Badge>
          </h2>
          <span className="ws-muted">
            They see: <strong>{status}</strong>
          </span>
        </div>
        {erased ? (
          <>
            <p className="ws-muted">
              <ErasedChip /> · applied {formatDate(app.created_at)}
            </p>
            <p className="alert alert-info" role="note">
              This applicant’s personal data has been erased. What remains is the application itself: its stage and the dates it changed.
            </p>
          </>
        ) : (
          <p className="ws-muted">
            <a href={`mailto:${app.candidate_email}`}>{app.candidate_email}</a> · applied {formatDate(app.created_at)}
          </p>
        )}
        {job.status === 'closed' ? (
          <p className="ws-muted">This job is closed, so the applicant’s stage cannot change until it is reopened.</p>
        ) : app.stage === 'hired' ? (
          <p className="ws-muted">Hired: the stage no longer changes.</p>
        ) : (
          <>
            <p className="ws-muted">Move to:</p>
            <MoveButtons stage={app.stage} busy={moving} onMove={(to) => requestMove(app, to)} />
          </>
        )}
        {rejectDialog}
      </Card>
      <div className="ws-columns emp-detail">
        <div className="ws-stack">
          <ProfileSection profile={detail.profile} erased={erased} />
          <DocumentsSection documents={detail.documents} erased={erased} />
          <TimelineSection entries={detail.timeline} />
        </div>
        <div className="ws-stack">
          <ApplicantInterviews applicationId={app.id} stage={app.stage} interviews={detail.interviews} erased={erased} />
          <NotesSection applicationId={app.id} notes={detail.notes} />
          <ScorecardsSection applicationId={app.id} scorecards={detail.scorecards} />
        </div>
      </div>
    </div>
  )
}

const skillList = (skills: ApplicantProfile['skills']) =>
  (Array.isArray(skills) ? skills : (skills ?? '').split(','))
    .map((s) => s.trim())
    .filter(Boolean)

function ProfileSection({ profile, erased }: { profile: ApplicantProfile | null; erased: boolean }) {
  const skills = skillList(profile?.skills)
  return (
    <Card as="section" className="emp-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      {erased ? (
        <p className="ws-muted">Erased with the rest of their personal data.</p>
      ) : !profile ? (
        <p className="ws-muted">This applicant has not filled in a profile yet. Their documents and your notes are below.</p>
      ) : (
        <div className="ws-stack">
          {profile.summary ? <p>{profile.summary}</p> : null}
          {profile.location || profile.phone ? (
            <dl className="emp-dl">
              {profile.location ? (
                <>
                  <dt>Location</dt>
                  <dd>{profile.location}</dd>
                </>
              ) : null}
              {profile.phone ? (
                <>
                  <dt>Phone</dt>
                  <dd>{profile.phone}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
          {skills.length ? (
            <div>
              <h3 className="ws-subtitle">Skills</h3>
              <ul className="emp-skills">
                {skills.map((s) => (
                  <li key={s}>
                    <Badge tone="brand">{s}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {profile.experience?.length ? (
            <div>
              <h3 className="ws-subtitle">Experience</h3>
              <ul className="emp-plain-list">
                {profile.experience.map((x, i) => (
                  <li key={i}>
                    <strong>{x.position}</strong>, {x.company}
                    <br />
                    <span className="ws-muted">{[x.startDate, x.endDate ?? 'now'].filter(Boolean).join(' to ')}</span>
                    {x.description ? <p>{x.description}</p> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {profile.education?.length ? (
            <div>
              <h3 className="ws-subtitle">Education</h3>
              <ul className="emp-plain-list">
                {profile.education.map((x, i) => (
                  <li key={i}>
                    <strong>{x.degree}</strong>
                    {x.field ? ` in ${x.field}` : ''}, {x.institution}
                    {x.graduationYear ? <span className="ws-muted"> ({x.graduationYear})</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </Card>
  )
}

function DocumentsSection({ documents, erased }: { documents: ApplicantDetail['documents']; erased: boolean }) {
  const download = useDownloadApplicantDocument()
  const { push } = useToast()
  const [viewing, setViewing] = useState<ApplicantDocument | null>(null)
  const save = (d: ApplicantDocument) =>
    download.mutate(d, { onError: (err) => push({ kind: 'error', title: 'Download failed', message: serverMessageOr(err, 'Please try again.') }) })
  return (
    <Card as="section" className="emp-section" aria-labelledby="documents-heading">
      <h2 id="documents-heading">Documents</h2>
      {documents.length === 0 ? (
        <p className="ws-muted">{erased ? 'Their resume and documents were erased with their personal data.' : 'No resume or cover letter came with this application.'}</p>
      ) : (
        <ul className="emp-plain-list">
          {documents.map((d) => (
            <li key={d.id} className="ws-toolbar">
              <span>
                <Icon name="file" size={16} /> {d.title}
                <br />
                <span className="ws-muted">
                  {d.original_name} · {formatFileSize(d.file_size)}
                </span>
              </span>
              <span className="ws-actions">
                {isPdf(d) ? (
                  <Button size="sm" variant="outline" icon="file" aria-label={`View ${d.title}`} onClick={() => setViewing(d)}>
                    View
                  </Button>
                ) : null}
                <Button size="sm" variant="outline" icon="download" aria-label={`Download ${d.title}`} onClick={() => save(d)}>
                  Download
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {viewing ? <DocumentViewer doc={viewing} onDownload={() => save(viewing)} onClose={() => setViewing(null)} /> : null}
    </Card>
  )
}

function timelineText(e: TimelineEntry): string {
  const who = e.actor_role === 'candidate' ? 'the applicant' : e.actor_role === 'employer' ? 'your team' : e.actor_role === 'seed' ? 'the demo data' : 'the system'
  if (e.kind === 'submitted') return 'Applied'
  if (e.kind === 'moved' && e.stage) return `Moved ${e.previous ? `from ${STAGE_LABELS[e.previous]} ` : ''}to ${STAGE_LABELS[e.stage]} by ${who}`
  if (e.kind === 'status_changed') return `Status set to ${e.status ?? 'unknown'} by ${who}`
  return e.kind
}

function TimelineSection({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Card as="section" className="emp-section" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading">History</h2>
      <ol className="ws-timeline">
        {[...entries].reverse().map((e, i) => (
          <li key={`${e.at}-${i}`}>
            <strong>{timelineText(e)}</strong>
            <br />
            <span className="ws-muted">
              <time dateTime={e.at}>{formatRelativeTime(e.at)}</time>
            </span>
            {e.feedback ? <p className="ws-muted">Feedback: {e.feedback}</p> : null}
          </li>
        ))}
      </ol>
    </Card>
  )
}
