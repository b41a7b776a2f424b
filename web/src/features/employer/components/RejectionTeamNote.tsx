/**
 * The team's own note with a rejection, beside its reason (as Greenhouse pairs a reason with its
 * rejection notes): optional, and never shown to the candidate. It goes with the rejection itself,
 * as the team wrote it, and the server saves it as a private note on each application it rejects
 * in the same step, led by the reason in the team's words ("Rejected (Salary expectations): …"),
 * so it reads well among the applicant's notes. A rejection and its note are saved together or not
 * at all: the note cannot be lost on its own.
 */
import { useState, type ReactNode } from 'react'
import { Field } from '../../../components/ui/Field'

/** What the team may write: the server's limit on the note it is given. */
export const TEAM_NOTE_MAX = 2000

export const TEAM_NOTE_LABEL = 'Note for your team (optional)'

/**
 * The field for rejecting `count` applicants: `field` goes in the dialog's form, after the reason;
 * at submit, `note()` is the text the team wrote, trimmed ('' for none), to send with the
 * rejection (the server adds the reason before it).
 */
export function useTeamNoteField(count: number): { field: ReactNode; note: () => string } {
  const [text, setText] = useState('')
  const where = count === 1 ? 'the applicant’s notes' : 'each applicant’s notes'
  const field = (
    <Field label={TEAM_NOTE_LABEL} hint={`Only your hiring team sees this. It’s added to ${where} with the reason. Up to ${TEAM_NOTE_MAX} characters.`}>
      {(p) => <textarea {...p} className="input" rows={3} maxLength={TEAM_NOTE_MAX} value={text} onChange={(e) => setText(e.target.value)} />}
    </Field>
  )
  return { field, note: () => text.trim() }
}
