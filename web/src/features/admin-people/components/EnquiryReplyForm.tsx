/**
 * Replying to an enquiry by email from the inbox: the reply box (focused as it opens) beside the
 * email as it will be sent, greeting and sign-off included, so nobody writes their own on top of
 * ours; a gentle note says so when the reply brings its own.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../../components/ui/Button'
import { Field } from '../../../components/ui/Field'
import { useToast } from '../../../components/ui/toast'
import { serverMessageOr } from '../../../lib/server-message'
import { useEnquiryAction } from '../api/enquiry-actions'
import { REPLY_REQUIRED } from '../model/forms'
import { REPLY_SUBJECT, replyMailParts, replyNotes } from '../model/replyMail'
import type { Enquiry } from '../types'

export function EnquiryReplyForm({ enquiry, name, onDone }: { enquiry: Enquiry; name: string; onDone: () => void }) {
  const act = useEnquiryAction()
  const { push } = useToast()
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | null>(null)
  const box = useRef<HTMLTextAreaElement>(null)
  const notesId = useId()
  const previewId = useId()
  const notes = replyNotes(enquiry.first_name, body)
  const mail = replyMailParts(enquiry.first_name, body)

  // Opening the form puts the cursor in the box, ready to type.
  useEffect(() => {
    box.current?.focus()
  }, [])

  const submit = (ev: React.FormEvent) => {
    ev.preventDefault()
    if (!body.trim()) {
      setError(REPLY_REQUIRED)
      box.current?.focus()
      return
    }
    setError(null)
    act.mutate(
      { id: enquiry.id, action: 'reply', body },
      {
        onSuccess: () => {
          push({ kind: 'success', title: 'Reply sent', message: `We emailed your reply to ${enquiry.email}.` })
          onDone()
        },
        onError: (err) => {
          setError(serverMessageOr(err, 'Your reply was not sent. Please try again.'))
          box.current?.focus()
        },
      },
    )
  }

  return (
    <form className="adm-reply" onSubmit={submit} noValidate aria-label={`Reply to ${name}`}>
      <div className="adm-reply-grid">
        <div className="adm-reply-write">
          <Field
            label={`Your reply to ${name}`}
            hint={`Just write the message. It goes from the agency to ${enquiry.email}, with the greeting and sign-off added for you.`}
            error={error}
          >
            {(p) => (
              <textarea
                {...p}
                ref={box}
                rows={6}
                value={body}
                aria-required="true"
                aria-describedby={[p['aria-describedby'], notes.length ? notesId : null].filter(Boolean).join(' ') || undefined}
                onChange={(e) => setBody(e.target.value)}
              />
            )}
          </Field>
          {/* always in the page, so a note that appears while typing is read out */}
          <div id={notesId} className="adm-reply-notes" role="status">
            {notes.map((n) => (
              <p key={n} className="ws-small">
                {n}
              </p>
            ))}
          </div>
        </div>
        <figure className="adm-mail-preview" aria-labelledby={previewId}>
          <figcaption id={previewId}>How your email will read</figcaption>
          <dl className="adm-mail-head ws-small">
            <dt>To</dt>
            <dd>{enquiry.email}</dd>
            <dt>Subject</dt>
            <dd>{REPLY_SUBJECT}</dd>
          </dl>
          <div className="adm-mail-body">
            {`${mail.greeting}\n\n`}
            {mail.message || <span className="ws-muted">Your message appears here as you type.</span>}
            {`\n\n${mail.signOff}`}
          </div>
        </figure>
      </div>
      <div className="ws-actions">
        <Button type="submit" icon="publish" busy={act.isPending}>
          Send reply
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
