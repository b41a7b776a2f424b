/**
 * The email part of a rejection, shared by the single and the bulk reject dialogs: the box that
 * asks for the candidate to be emailed as well, and the email as it will go out (subject and body,
 * the feedback as typed), folded away until asked for.
 */
import type { ReactNode } from 'react'
import { publicSiteUrl, rejectionMail } from '../model/rejectionMail'

/** What the mail names: the job's title and company, as the server reads them. */
export type MailJob = { title: string; company: string }

export function EmailCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="form-field">
      <label className="emp-check">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
    </div>
  )
}

/** `name` is the candidate's as the mail greets them; `note` goes above the mail (whose copy this is, for many). */
export function RejectionMailPreview({ name, to, job, feedback, note }: { name: string; to?: string; job: MailJob; feedback: string; note?: ReactNode }) {
  const mail = rejectionMail({ name, title: job.title, company: job.company, feedback, publicUrl: publicSiteUrl() })
  return (
    <details className="emp-mail-preview">
      <summary>Preview the email</summary>
      {note ? <p className="ws-small ws-muted">{note}</p> : null}
      <dl className="emp-mail-head ws-small">
        {to ? (
          <>
            <dt>To</dt>
            <dd>{to}</dd>
          </>
        ) : null}
        <dt>Subject</dt>
        <dd>{mail.subject}</dd>
      </dl>
      <div className="emp-mail-body" data-testid="rejection-mail-body">
        {mail.body}
      </div>
    </details>
  )
}
