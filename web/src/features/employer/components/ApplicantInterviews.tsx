/**
 * An applicant's interviews: book, move or cancel one, in Sydney time. Each time the server emails
 * the candidate (with a calendar file) and notifies them; an erased candidate gets no email. The
 * toast names who was told, in our words rather than the server's reply, which repeats the title.
 * Only an applicant still in the running can be invited: not once hired or rejected, nor once they
 * withdrew the application (the server refuses those too), and the card says why.
 */
import { Fragment, useState, type FormEvent, type ReactNode } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { useToast } from '../../../components/ui/toast'
import { serverMessageOr } from '../../../lib/server-message'
import { useCancelInterview } from '../api/cancel-interview'
import { useRescheduleInterview } from '../api/reschedule-interview'
import { useScheduleInterview } from '../api/schedule-interview'
import { EMPTY_INTERVIEW_FORM, formatSydney, interviewForm, toInterviewBody, type InterviewForm } from '../model/interview'
import type { Interview, Stage } from '../types'
import { safeVideoLink } from '../../../lib/links'

type Dialog = { kind: 'book' } | { kind: 'move'; interview: Interview } | { kind: 'cancel'; interview: Interview }

type Props = {
  applicationId: string
  name: string
  stage: Stage
  interviews: Interview[]
  erased?: boolean
  /** the candidate withdrew the application (its card's `withdrawn_at` is set) */
  withdrawn?: boolean
}

export function ApplicantInterviews({ applicationId, name, stage, interviews, erased = false, withdrawn = false }: Props) {
  const [dialog, setDialog] = useState<Dialog | null>(null)
  // An erased applicant can no longer be invited (the server refuses too); a
  // booked interview can still be cancelled.
  const inRunning = stage !== 'hired' && stage !== 'rejected' && !withdrawn
  const canBook = inRunning && !erased
  const sorted = [...interviews].sort((a, b) => a.starts_at.localeCompare(b.starts_at))
  return (
    <Card as="section" className="emp-section" aria-labelledby="interviews-heading">
      <h2 id="interviews-heading">Interviews</h2>
      {sorted.length === 0 ? <p className="ws-muted">{canBook ? 'No interview booked yet.' : 'No interviews were booked.'}</p> : null}
      <ul className="emp-plain-list">
        {sorted.map((i) => {
          // only an https link, and none to join once it is cancelled
          const link = i.status === 'cancelled' ? null : safeVideoLink(i.video_link)
          return (
            <li key={i.id}>
              <div className="ws-toolbar">
                <strong>{formatSydney(i.starts_at)}</strong>
                {i.status === 'cancelled' ? <Badge tone="danger">Cancelled</Badge> : <Badge tone="success">Booked</Badge>}
              </div>
              <p className="ws-muted">{detailsLine(i, link)}</p>
              {i.status === 'cancelled' && i.cancel_reason ? <p className="ws-muted">Reason: {i.cancel_reason}</p> : null}
              {i.status !== 'cancelled' ? (
                <div className="ws-actions">
                  {erased ? null : (
                    <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'move', interview: i })}>
                      Reschedule
                    </Button>
                  )}
                  <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'cancel', interview: i })}>
                    Cancel interview
                  </Button>
                </div>
              ) : null}
            </li>
          )
        })}
      </ul>
      {withdrawn ? <p className="ws-muted">They withdrew this application, so no interview can be booked.</p> : null}
      {erased && inRunning ? <p className="ws-muted">Their personal data was erased, so they can no longer be invited.</p> : null}
      {canBook ? (
        <div>
          <Button size="sm" icon="calendar" onClick={() => setDialog({ kind: 'book' })}>
            Schedule an interview
          </Button>
        </div>
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <CancelDialog applicationId={applicationId} name={name} erased={erased} interview={dialog.interview} onClose={() => setDialog(null)} />
      ) : dialog ? (
        <InterviewDialog applicationId={applicationId} name={name} interview={dialog.kind === 'move' ? dialog.interview : undefined} onClose={() => setDialog(null)} />
      ) : null}
    </Card>
  )
}

/** "45 minutes · Level 4 · Video link · with Oscar Lim", from only the parts it has. */
function detailsLine(i: Interview, link: string | null) {
  const parts: ReactNode[] = [`${i.duration_minutes} minutes`]
  if (i.location?.trim()) parts.push(i.location.trim())
  if (link)
    parts.push(
      <a href={link} target="_blank" rel="noopener noreferrer">
        Video link<span className="visually-hidden"> (opens in a new tab)</span>
      </a>,
    )
  if (i.interviewers.length) parts.push(`with ${i.interviewers.join(', ')}`)
  return parts.map((part, n) => (
    <Fragment key={n}>
      {n > 0 ? ' · ' : null}
      {part}
    </Fragment>
  ))
}

function InterviewDialog({ applicationId, name, interview, onClose }: { applicationId: string; name: string; interview?: Interview; onClose: () => void }) {
  const { push } = useToast()
  const schedule = useScheduleInterview()
  const reschedule = useRescheduleInterview()
  const [form, setForm] = useState<InterviewForm>(() => (interview ? interviewForm(interview) : EMPTY_INTERVIEW_FORM))
  const [error, setError] = useState<string | null>(null)
  const set = (name: keyof InterviewForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!form.date || !form.time) return setError('Choose the date and time')
    setError(null)
    const body = toInterviewBody(form)
    const done = {
      onSuccess: (res: { message?: string | null }) => {
        // a reschedule to the same time and place writes nothing, and the server says so in these words
        if (interview && res.message === 'Nothing changed') push({ kind: 'info', title: 'Nothing changed', message: 'The interview already had these details.' })
        else if (interview) push({ kind: 'success', title: 'Interview moved', message: `We’ve emailed ${name} the new time.` })
        else push({ kind: 'success', title: 'Interview booked', message: `We’ve emailed ${name} the invitation.` })
        onClose()
      },
      onError: (err: unknown) => setError(serverMessageOr(err, 'Please try again.')),
    }
    if (interview) reschedule.mutate({ interviewId: interview.id, applicationId, body }, done)
    else schedule.mutate({ applicationId, body }, done)
  }
  return (
    <Modal title={interview ? 'Reschedule the interview' : 'Schedule an interview'} onClose={onClose}>
      <form className="emp-form" onSubmit={submit} noValidate>
        <ErrorAlert message={error} />
        <p className="ws-muted">Times are Sydney time (AEST/AEDT), whatever your computer’s time zone.</p>
        <div className="emp-form-row">
          <Field label="Date">{(p) => <input {...p} className="input" type="date" value={form.date} onChange={set('date')} />}</Field>
          <Field label="Start time (Sydney)">{(p) => <input {...p} className="input" type="time" step={300} value={form.time} onChange={set('time')} />}</Field>
        </div>
        <Field label="Duration in minutes" hint="From 15 to 480.">
          {(p) => <input {...p} className="input" type="number" min={15} max={480} step={15} value={form.duration} onChange={set('duration')} />}
        </Field>
        <Field label="Place" hint="An address or room. Give a place, a video link, or both.">
          {(p) => <input {...p} className="input" value={form.location} onChange={set('location')} />}
        </Field>
        <Field label="Video link">{(p) => <input {...p} className="input" type="url" placeholder="https://" value={form.video_link} onChange={set('video_link')} />}</Field>
        <Field label="Interviewers" hint="Names, separated by commas (up to 10).">
          {(p) => <input {...p} className="input" value={form.interviewers} onChange={set('interviewers')} />}
        </Field>
        <ModalFormActions onCancel={onClose} cancelLabel="Back" submitLabel={interview ? 'Save new time' : 'Book and invite'} busy={schedule.isPending || reschedule.isPending} />
      </form>
    </Modal>
  )
}

function CancelDialog({ applicationId, name, erased, interview, onClose }: { applicationId: string; name: string; erased: boolean; interview: Interview; onClose: () => void }) {
  const { push } = useToast()
  const cancel = useCancelInterview()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  return (
    <Modal title="Cancel the interview" onClose={onClose}>
      <form
        className="emp-form"
        onSubmit={(e) => {
          e.preventDefault()
          cancel.mutate(
            { interviewId: interview.id, applicationId, reason },
            {
              onSuccess: () => {
                push({
                  kind: 'success',
                  title: 'Interview cancelled',
                  message: erased ? 'No email went out, as their personal data was erased.' : `We’ve emailed ${name} to say so, with a calendar update that removes it.`,
                })
                onClose()
              },
              onError: (err) => setError(serverMessageOr(err, 'Please try again.')),
            },
          )
        }}
      >
        <p>{formatSydney(interview.starts_at)}</p>
        <Field label="Reason (optional, the applicant reads it)" error={error}>
          {(p) => <textarea {...p} className="input" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <ModalFormActions onCancel={onClose} cancelLabel="Keep it" submitLabel="Cancel interview" danger busy={cancel.isPending} />
      </form>
    </Modal>
  )
}
