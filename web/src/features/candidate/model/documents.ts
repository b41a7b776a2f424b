/** Rules of the Documents tab and the Apply modal (SPEC 5). */
import type { CandidateDocument } from '../types'
import { acceptsFile } from '../../../components/ui/FileDrop'
import { RESUME_TYPE_MESSAGE } from './profile'

export const UPLOAD_REQUIRED_MESSAGE = 'Please provide a title and select a file'
export const EDIT_TITLE_REQUIRED = 'Please provide a title'
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png,.gif,.txt'
export const DOCUMENT_HINT = 'Accepted file types: PDF, DOC, DOCX, JPG, JPEG, PNG, GIF, TXT. Maximum size 10MB.'
export const APPLY_ACCEPT = '.pdf,.doc,.docx'
export const DELETE_DOCUMENT_CONFIRM = 'Are you sure you want to delete this document?'

/** A new file in the Apply modal must be a PDF or Word document (SPEC 5), by the same `accept` rule
 *  FileDrop applies to a dropped file, refused in the profile resume's words. */
export function applyFileError(file: File): string | null {
  return acceptsFile(file, APPLY_ACCEPT) ? null : RESUME_TYPE_MESSAGE
}

/** What the Apply modal says when no resume goes with the application: it may go without one
 *  (SPEC 3), but the candidate should know before sending. */
export const NO_RESUME_HINT = 'No resume attached. You can apply without one, but most employers expect it.'

/** Upload needs a title and a file; returns the message or null. */
export function uploadDocumentError(title: string, file: File | null | undefined): string | null {
  return !title.trim() || !file ? UPLOAD_REQUIRED_MESSAGE : null
}

/** Resume choices in the Apply modal: type resume; and, as SPEC 5 has it, type other or 'resume' in the title. */
export function resumeChoices(docs: CandidateDocument[]): CandidateDocument[] {
  return docs.filter((d) => d.document_type === 'resume' || d.document_type === 'other' || d.title.toLowerCase().includes('resume'))
}

/** The resume the Apply modal starts with: the one sent with the last application, else the newest
 *  document filed as a Resume, else none (the candidate picks). `docs` come newest first. */
export function preferredResumeId(docs: CandidateDocument[]): string {
  const choices = resumeChoices(docs)
  const used = choices
    .filter((d) => d.last_used_at)
    .sort((a, b) => Date.parse(b.last_used_at ?? '') - Date.parse(a.last_used_at ?? ''))[0]
  return used?.id ?? choices.find((d) => d.document_type === 'resume')?.id ?? ''
}

/** Documents filed as a Resume, the one used last first (the profile's Resume/CV section lists them). */
export function resumeDocuments(docs: CandidateDocument[]): CandidateDocument[] {
  const last = (d: CandidateDocument) => Date.parse(d.last_used_at ?? d.created_at) || 0
  return docs.filter((d) => d.document_type === 'resume').sort((a, b) => last(b) - last(a))
}

/** Cover letter choices: type cover_letter. */
export function coverLetterChoices(docs: CandidateDocument[]): CandidateDocument[] {
  return docs.filter((d) => d.document_type === 'cover_letter')
}

/** The counter of one type from the stats list (0 when absent). */
export function statCount(stats: { document_type: string; count: number }[], type: string): number {
  return stats.find((s) => s.document_type === type)?.count ?? 0
}

/** One slot (resume or cover letter) of the Apply modal: an existing document or a new file, never both. */
export type DocumentSlot = { existingId: string; file: File | null }

export const EMPTY_SLOT: DocumentSlot = { existingId: '', file: null }

export function chooseExisting(_slot: DocumentSlot, existingId: string): DocumentSlot {
  return { existingId, file: null }
}

export function chooseFile(_slot: DocumentSlot, file: File | null): DocumentSlot {
  return { existingId: '', file }
}
