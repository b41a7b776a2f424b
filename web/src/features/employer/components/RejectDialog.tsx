/**
 * Rejecting one applicant, from the board (drag or Move to…), the list or the applicant page,
 * first asks the team why (one of the server's reasons, for its own reports: required, and never
 * shown to the candidate), with an optional note of its own (RejectionTeamNote), says what the
 * candidate is told and asks for optional feedback. What it says is what the server does: a move
 * to Rejected marks the application "Not progressed" in the candidate's portal and raises a
 * notification saying it won't go further (with the feedback, if any), at once; with "Email … as well" ticked (as it is to begin with) the server also emails
 * them "Your application for … at …" with the feedback, which the dialog can show as it will read.
 * Interviews still to come are cancelled with it, and the candidate gets an email with a calendar
 * update for each, saying the application is not going ahead, whether or not they are sent the
 * rejection email; so unticked, the dialog promises only that the rejection email won't go, and
 * names the first interview. An erased applicant has no one left to tell and no address, so their
 * dialog says so, asks for no feedback, note or email, and says only that their interviews are
 * cancelled. Marking one hired, which is final and tells the candidate at once, first asks to
 * confirm (a slip of a drag must not hire anyone). Cancel sends nothing, so the card stays where
 * it was.
 */
import { useQuery } from '@tanstack/react-query'
import { useCallback, useState, type ReactNode } from 'react'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { isErased, personName } from '../../../lib/erased'
import { employerJobsQueryOptions } from '../api/get-jobs'
import { moveRefusal } from '../model/stages'
import { rejectInterviewsNote } from '../model/upcomingInterviews'
import type { PipelineCard, Stage } from '../types'
import { EmailCheckbox, RejectionMailPreview, type MailJob } from './RejectionEmail'
import { useReasonField } from './RejectionReasonField'
import { useTeamNoteField } from './RejectionTeamNote'
import { useCardMover, type Rejection } from './useCardMover'

/**
 * `requestMove` is `moveCard` with a stop at a dialog for Rejected and Hired; render `dialog`
 * somewhere on the page. `job` names the job in the email's preview; without its company (the
 * applicant page's job has none) the company is read from the jobs list once the dialog opens.
 */
export function useMoveWithFeedback(
  jobId: string,
  job?: { title: string; company?: string },
): { requestMove: (card: PipelineCard, to: Stage) => void; dialog: ReactNode; moving: boolean } {
  const { moveCard, moving } = useCardMover(jobId)
  const [rejecting, setRejecting] = useState<PipelineCard | null>(null)
  const [hiring, setHiring] = useState<PipelineCard | null>(null)
  const mailJob = useMailJob(jobId, job, rejecting !== null && !isErased(rejecting.candidate_name))
  const requestMove = useCallback(
    (card: PipelineCard, to: Stage) => {
      const allowed = moveRefusal(card, to) === null
      if (to === 'rejected' && allowed) setRejecting(card)
      else if (to === 'hired' && allowed && card.stage !== 'hired') setHiring(card)
      else moveCard(card, to)
    },
    [moveCard],
  )
  const dialog = hiring ? (
    <HireDialog
      name={personName(hiring.candidate_name)}
      onCancel={() => setHiring(null)}
      onHire={() => {
        moveCard(hiring, 'hired')
        setHiring(null)
      }}
    />
  ) : rejecting ? (
    <RejectDialog
      name={personName(rejecting.candidate_name)}
      email={rejecting.candidate_email ?? undefined}
      erased={isErased(rejecting.candidate_name)}
      interviews={rejecting}
      job={mailJob}
      onCancel={() => setRejecting(null)}
      onReject={(rejection) => {
        moveCard(rejecting, 'rejected', rejection)
        setRejecting(null)
      }}
    />
  ) : null
  return { requestMove, dialog, moving }
}

/** The job as the email names it, once its title and company are known. */
function useMailJob(jobId: string, job: { title: string; company?: string } | undefined, wanted: boolean): MailJob | undefined {
  const listed = useQuery({ ...employerJobsQueryOptions(), enabled: wanted && job?.company === undefined }).data?.find((j) => j.id === jobId)
  const title = job?.title ?? listed?.title
  const company = job?.company ?? listed?.company
  return title !== undefined && company !== undefined ? { title, company } : undefined
}

/**
 * What the candidate is told when they are rejected, said before the manager decides: one by
 * name, or many; `email` is whether they are sent the rejection email as well. Unticked, it says
 * only that the rejection email won't go: an interview the rejection cancels is still mailed.
 * `others` counts the many when some chosen with them were erased (said apart, just before):
 * "The other 2 will see…", as no one is told of the erased.
 */
export function RejectNotice({ name, erased = false, email = false, others }: { name?: string; erased?: boolean; email?: boolean; others?: number }) {
  if (erased) return <p>Their personal data was erased, so there is no one to tell: the application simply moves to Rejected.</p>
  const how = email ? 'We’ll also send them an email saying so.' : 'We won’t send them the rejection email.'
  if (name) {
    return (
      <p>
        {name} will see straight away, in their portal and notifications, that this application won’t go further. {how}
      </p>
    )
  }
  const who = others === undefined ? 'Each of them' : `The other ${others}`
  const mail = others === undefined ? 'We’ll also send each of them an email saying so.' : 'We’ll also email each of them.'
  return (
    <p>
      {who} will see straight away, in their portal and notifications, that their application won’t go further. {email ? mail : how}
    </p>
  )
}

/** The feedback field's hint, for one applicant or many. */
export const REJECT_FEEDBACK_HINT = 'They’ll read it with that news. Up to 2000 characters.'

type RejectProps = {
  name: string
  /** the address the email goes to, shown in its preview */
  email?: string
  erased?: boolean
  /** their interviews still to come, as their card has them: a rejection cancels them */
  interviews?: Pick<PipelineCard, 'next_interview_at' | 'upcoming_interviews'>
  /** the job the email names; without it there is no preview */
  job?: MailJob
  onCancel: () => void
  /** with the reason always, the feedback (trimmed; empty for an erased applicant), whether to email them and the team's note ('' for none) */
  onReject: (rejection: Required<Rejection>) => void
}

export function RejectDialog({ name, email, erased = false, interviews, job, onCancel, onReject }: RejectProps) {
  const [feedback, setFeedback] = useState('')
  const interviewsNote = interviews ? rejectInterviewsNote(interviews, { erased }) : ''
  // on unless unticked: not hearing back is what job seekers mind most
  const [emailCandidate, setEmailCandidate] = useState(true)
  const emailing = emailCandidate && !erased
  const reason = useReasonField(1, emailing)
  const teamNote = useTeamNoteField(1)
  return (
    <Modal title={`Reject ${name}?`} onClose={onCancel}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          const chosen = reason.chosen()
          if (chosen) onReject({ reason: chosen, feedback: erased ? '' : feedback.trim(), emailCandidate: emailing, note: erased ? '' : teamNote.note() })
        }}
      >
        <RejectNotice name={name} erased={erased} email={emailing} />
        {interviewsNote ? <p>{interviewsNote}</p> : null}
        {reason.field}
        {erased ? null : (
          <>
            {teamNote.field}
            <Field label={`Feedback for ${name} (optional)`} hint={REJECT_FEEDBACK_HINT}>
              {(p) => <textarea {...p} className="input" rows={4} maxLength={2000} value={feedback} onChange={(e) => setFeedback(e.target.value)} />}
            </Field>
            <EmailCheckbox label={`Email ${name} as well`} checked={emailCandidate} onChange={setEmailCandidate} />
            {emailing && job ? <RejectionMailPreview name={name} to={email} job={job} feedback={feedback} /> : null}
          </>
        )}
        <ModalFormActions onCancel={onCancel} submitLabel="Reject" danger />
      </form>
    </Modal>
  )
}

export function HireDialog({ name, onCancel, onHire }: { name: string; onCancel: () => void; onHire: () => void }) {
  return (
    <Modal title={`Mark ${name} as hired?`} onClose={onCancel}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          onHire()
        }}
      >
        <p>Hired is final: their stage can no longer change afterwards, and {name} is told straight away.</p>
        <ModalFormActions onCancel={onCancel} submitLabel="Mark as hired" />
      </form>
    </Modal>
  )
}
