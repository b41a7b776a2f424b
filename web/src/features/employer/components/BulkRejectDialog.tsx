/**
 * Rejecting the applicants chosen in the list, with one reason (the team's own, for its reports:
 * required, and never shown to the candidates), one optional note for the team, sent with the
 * rejection and saved by the server on each applicant it rejects, in the same step
 * (RejectionTeamNote), and one feedback text: each sees straight away, in their portal and
 * notifications, that their application won't go further; with "Email each of them as well"
 * ticked (as it is to begin with) the server also emails each one, greeted by name. Anyone whose
 * personal data was erased has no one left to tell and no address, and the dialog says so first
 * (the server saves no note about them), then speaks of "the other 2" (or the one left, by name); when every chosen applicant is, it asks
 * for no feedback, note or email. When any of them have interviews still to come, one line says
 * those are cancelled too (each with an email and a calendar update, ticked or not: unticked, only
 * the rejection email does not go). The toast says who the server reports it emailed, how many it
 * did not, how many interviews it cancelled, and who it passed over because they were already
 * rejected (left as they were: no new reason, feedback, note or email).
 */
import { useState } from 'react'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { useToast } from '../../../components/ui/toast'
import { isErased, personName } from '../../../lib/erased'
import { serverMessageOr } from '../../../lib/server-message'
import { useBulkReject } from '../api/bulk-reject'
import { bulkRejectedToast } from '../model/bulkRejection'
import { bulkInterviewsNote } from '../model/upcomingInterviews'
import type { PipelineCard } from '../types'
import { REJECT_FEEDBACK_HINT, RejectNotice } from './RejectDialog'
import { EmailCheckbox, RejectionMailPreview, type MailJob } from './RejectionEmail'
import { useReasonField } from './RejectionReasonField'
import { useTeamNoteField } from './RejectionTeamNote'

type Props = { jobId: string; job?: MailJob; cards: PipelineCard[]; onClose: () => void; onDone: () => void }

export function BulkRejectDialog({ jobId, job, cards, onClose, onDone }: Props) {
  const { push } = useToast()
  const reject = useBulkReject()
  const [feedback, setFeedback] = useState('')
  // on unless unticked, as for one applicant
  const [emailCandidates, setEmailCandidates] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const reachable = cards.filter((c) => !isErased(c.candidate_name))
  const erased = cards.length - reachable.length
  // with some erased, the many left to tell are "the other 2"
  const others = erased && reachable.length > 1 ? reachable.length : undefined
  const emailing = emailCandidates && reachable.length > 0
  const first = reachable[0]
  const interviewsNote = bulkInterviewsNote(cards)
  const reason = useReasonField(cards.length, emailing)
  const teamNote = useTeamNoteField(reachable.length)

  return (
    <Modal title={cards.length === 1 ? 'Reject 1 applicant' : `Reject ${cards.length} applicants`} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          setError(null)
          const chosen = reason.chosen()
          if (!chosen) return
          const sent = reachable.length ? feedback.trim() : ''
          const note = reachable.length ? teamNote.note() : ''
          reject.mutate(
            { ids: cards.map((c) => c.id), jobId, feedback: sent, emailCandidates: emailing, reason: chosen, teamNote: note },
            {
              onSuccess: (res) => {
                push(bulkRejectedToast(cards, res, { feedback: sent !== '' }))
                onDone()
              },
              onError: (err) => setError(serverMessageOr(err, 'Please try again.')),
            },
          )
        }}
      >
        <p className="ws-muted">{cards.map((c) => personName(c.candidate_name)).join(', ')}</p>
        {first === undefined ? (
          <>
            {cards.length === 1 ? (
              <RejectNotice erased />
            ) : (
              <p>Their personal data was erased, so there is no one to tell: the applications simply move to Rejected.</p>
            )}
            {interviewsNote ? <p>{interviewsNote}</p> : null}
            {reason.field}
            {error ? (
              <p className="field-error" role="alert">
                {error}
              </p>
            ) : null}
          </>
        ) : (
          <>
            {erased ? <ErasedNote count={erased} /> : null}
            {reachable.length === 1 ? (
              <RejectNotice name={personName(first.candidate_name)} email={emailing} />
            ) : (
              <RejectNotice email={emailing} others={others} />
            )}
            {interviewsNote ? <p>{interviewsNote}</p> : null}
            {reason.field}
            {teamNote.field}
            <Field label="Feedback for the applicants (optional)" hint={REJECT_FEEDBACK_HINT} error={error}>
              {(p) => <textarea {...p} className="input" rows={4} maxLength={2000} value={feedback} onChange={(e) => setFeedback(e.target.value)} />}
            </Field>
            <EmailCheckbox
              label={reachable.length === 1 ? `Email ${personName(first.candidate_name)} as well` : others ? `Email the other ${others} as well` : 'Email each of them as well'}
              checked={emailCandidates}
              onChange={setEmailCandidates}
            />
            {emailing && job ? (
              <RejectionMailPreview
                name={personName(first.candidate_name)}
                to={first.candidate_email ?? undefined}
                job={job}
                feedback={feedback}
                note={reachable.length > 1 ? `${others ? `Each of the other ${others}` : 'Each of them'} gets their own, greeted by their first name. This is ${personName(first.candidate_name)}’s.` : undefined}
              />
            ) : null}
          </>
        )}
        <ModalFormActions onCancel={onClose} submitLabel="Reject" danger busy={reject.isPending} />
      </form>
    </Modal>
  )
}

/** Said before the others (then "the other 2") when some of the chosen applicants were erased. */
function ErasedNote({ count }: { count: number }) {
  return (
    <p>
      {count === 1 ? 'One of them' : `${count} of them`} had their personal data erased: there is no one to tell or email, so{' '}
      {count === 1 ? 'their application simply moves' : 'their applications simply move'} to Rejected.
    </p>
  )
}
