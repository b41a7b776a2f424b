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

/** The resume the Apply modal starts with: of the resumes sent with an application and the documents
 *  filed as a Resume, the one sent or uploaded most recently (a resume just uploaded on the profile
 *  beats one sent last month); else none (the candidate picks). */
export function preferredResumeId(docs: CandidateDocument[]): string {
  const latest = (d: CandidateDocument) =>
    Date.parse(d.last_used_at ?? (d.document_type === 'resume' ? d.created_at : '')) || 0
  const [first] = resumeChoices(docs)
    .filter((d) => latest(d) > 0)
    .sort((a, b) => latest(b) - latest(a))
  return first?.id ?? ''
}

/** Documents filed as a Resume, the one used last first (the profile's Resume/CV section lists them). */
export function resumeDocuments(docs: CandidateDocument[]): CandidateDocument[] {
  const last = (d: CandidateDocument) => Date.parse(d.last_used_at ?? d.created_at) || 0
  return docs.filter((d) => d.document_type === 'resume').sort((a, b) => last(b) - last(a))
}

/** How the server describes the Resume document it files with a copy of the profile's resume
 *  (commands/src/profiles.rs, RESUME_DOCUMENT_DESCRIPTION). */
export const PROFILE_COPY_DESCRIPTION = 'Uploaded on your profile'

/** The document filed with a copy of the profile's current resume (named `originalName`): the newest
 *  Resume the server filed from the profile under that name. */
export function profileResumeCopy(docs: CandidateDocument[], originalName: string | null | undefined): CandidateDocument | undefined {
  if (!originalName) return undefined
  return docs
    .filter((d) => d.document_type === 'resume' && d.description === PROFILE_COPY_DESCRIPTION && d.original_name === originalName)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0]
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
