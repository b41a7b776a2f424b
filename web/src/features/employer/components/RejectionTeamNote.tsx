/**
 * The team's own note with a rejection, beside its reason (as Greenhouse pairs a reason with its
 * rejection notes): optional, and never shown to the candidate. Once the rejection has taken, it is
 * saved as a private note on each application that was rejected, led by the reason in the team's
 * words ("Rejected (Salary expectations): …"), so it reads well among the applicant's notes. A
 * note that does not save leaves the rejection as it is, and a toast says so.
 */
import { useCallback, useState, type ReactNode } from 'react'
import { Field } from '../../../components/ui/Field'
import { useToast } from '../../../components/ui/toast'
import { useAddNoteToEach } from '../api/add-note'
import { who } from '../model/bulkRejection'
import type { PipelineCard } from '../types'

/** What the team may write; with its lead-in, well inside the server's limit on a note. */
export const TEAM_NOTE_MAX = 2000

export const TEAM_NOTE_LABEL = 'Note for your team (optional)'

/**
 * The note as it is saved: the reason's label (from the server's list) first, or just
 * "Rejected" without one; empty when nothing was written.
 */
export function rejectionNote(label: string | null, text: string): string {
  const written = text.trim()
  if (!written) return ''
  return label ? `Rejected (${label}): ${written}` : `Rejected: ${written}`
}

/**
 * The field for rejecting `count` applicants: `field` goes in the dialog's form, after the reason;
 * at submit, `note(label)` is the note to save with the chosen reason's label, or '' for none.
 */
export function useTeamNoteField(count: number): { field: ReactNode; note: (label: string | null) => string } {
  const [text, setText] = useState('')
  const where = count === 1 ? 'the applicant’s notes' : 'each applicant’s notes'
  const field = (
    <Field label={TEAM_NOTE_LABEL} hint={`Only your hiring team sees this. It’s added to ${where} with the reason. Up to ${TEAM_NOTE_MAX} characters.`}>
      {(p) => <textarea {...p} className="input" rows={3} maxLength={TEAM_NOTE_MAX} value={text} onChange={(e) => setText(e.target.value)} />}
    </Field>
  )
  return { field, note: (label) => rejectionNote(label, text) }
}

/** The toast for applicants who were rejected but whose note did not save. */
export function noteNotSavedToast(missed: PipelineCard[]) {
  const pages = missed.length === 1 ? 'their applicant page' : 'their applicant pages'
  return {
    kind: 'warning' as const,
    title: 'Your note didn’t save',
    message: `Rejected, but the note didn’t save for ${who(missed)}. Add it on ${pages}.`,
  }
}

/**
 * Saves `note` on each of `rejected` (those the server rejected) once the rejection has taken;
 * nothing for an empty note. Any that fail are named in a toast; the rejection stands.
 */
export function useSaveRejectionNote(): (rejected: PipelineCard[], note: string) => Promise<void> {
  const addToEach = useAddNoteToEach()
  const { push } = useToast()
  return useCallback(
    async (rejected, note) => {
      if (!note || rejected.length === 0) return
      const failed = await addToEach(rejected.map((c) => c.id), note)
      const missed = rejected.filter((c) => failed.includes(c.id))
      if (missed.length) push(noteNotSavedToast(missed))
    },
    [addToEach, push],
  )
}
