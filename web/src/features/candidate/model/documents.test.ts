import { describe, expect, it } from 'vitest'
import type { CandidateDocument, DocumentType } from '../types'
import {
  chooseExisting,
  chooseFile,
  coverLetterChoices,
  EMPTY_SLOT,
  preferredResumeId,
  profileResumeCopy,
  resumeChoices,
  resumeDocuments,
  statCount,
  uploadDocumentError,
} from './documents'

const file = new File(['x'], 'cv.pdf', { type: 'application/pdf' })
const doc = (id: string, title: string, document_type: DocumentType): CandidateDocument => ({
  id,
  title,
  document_type,
  original_name: `${id}.pdf`,
  file_size: 1,
  created_at: '2025-01-01T00:00:00Z',
})

describe('document upload rules', () => {
  it("needs a title and a file: 'Please provide a title and select a file'", () => {
    expect(uploadDocumentError('', file)).toBe('Please provide a title and select a file')
    expect(uploadDocumentError('   ', file)).toBe('Please provide a title and select a file')
    expect(uploadDocumentError('My CV', null)).toBe('Please provide a title and select a file')
    expect(uploadDocumentError('My CV', file)).toBeNull()
  })
  it('reads a per-type counter from the stats, 0 when absent', () => {
    const stats = [{ document_type: 'portfolio', count: 3 }]
    expect(statCount(stats, 'portfolio')).toBe(3)
    expect(statCount(stats, 'certificate')).toBe(0)
  })
})

describe('apply modal choices', () => {
  const docs = [
    doc('a', 'Portfolio site', 'portfolio'),
    doc('b', 'Misc', 'other'),
    doc('c', 'My Resume 2025', 'certificate'),
    doc('d', 'Cover letter', 'cover_letter'),
  ]
  it("lists documents of type other or with 'resume' in the title as resumes", () => {
    expect(resumeChoices(docs).map((d) => d.id)).toEqual(['b', 'c'])
  })
  it('lists cover_letter documents as cover letters', () => {
    expect(coverLetterChoices(docs).map((d) => d.id)).toEqual(['d'])
  })
  it('choosing an existing document clears the new file, and vice versa', () => {
    const withFile = chooseFile(EMPTY_SLOT, file)
    expect(withFile).toEqual({ existingId: '', file })
    const withExisting = chooseExisting(withFile, 'b')
    expect(withExisting).toEqual({ existingId: 'b', file: null })
    expect(chooseFile(withExisting, file)).toEqual({ existingId: '', file })
  })
})

describe('the resume is one thing', () => {
  const used = (d: CandidateDocument, at: string): CandidateDocument => ({ ...d, last_used_at: at })
  it('offers documents filed as a Resume among the resumes', () => {
    expect(resumeChoices([doc('r', 'CV', 'resume'), doc('p', 'Site', 'portfolio')]).map((d) => d.id)).toEqual(['r'])
  })
  it('starts the apply dialog with a Resume uploaded after the last one sent (a new profile resume)', () => {
    const sent = used(doc('sent', 'Resume - cv.pdf', 'resume'), '2026-11-01T00:00:00Z')
    const fromProfile = { ...doc('profile', 'Resume - cv-2026.pdf', 'resume'), created_at: '2026-11-20T00:00:00Z' }
    expect(preferredResumeId([fromProfile, sent])).toBe('profile')
    // An "other" document that was never sent is offered, not chosen for them.
    const misc = { ...doc('misc', 'Misc', 'other'), created_at: '2026-11-27T00:00:00Z' }
    expect(preferredResumeId([misc, sent])).toBe('sent')
  })
  it('starts the apply dialog with the resume used last, else the newest Resume, else none', () => {
    const newer = doc('new', 'CV 2026', 'resume')
    const older = used(doc('old', 'CV 2025', 'resume'), '2026-11-01T00:00:00Z')
    const oldest = used(doc('misc', 'Misc', 'other'), '2026-10-01T00:00:00Z')
    expect(preferredResumeId([newer, older, oldest])).toBe('old')
    expect(preferredResumeId([newer, doc('x', 'CV', 'resume')])).toBe('new')
    expect(preferredResumeId([doc('p', 'Site', 'portfolio')])).toBe('')
  })
  it('lists Resumes for the profile, the one used last first', () => {
    const a = { ...doc('a', 'CV A', 'resume'), created_at: '2026-11-20T00:00:00Z' }
    const b = used({ ...doc('b', 'CV B', 'resume'), created_at: '2026-01-01T00:00:00Z' }, '2026-11-25T00:00:00Z')
    expect(resumeDocuments([a, b, doc('c', 'Letter', 'cover_letter')]).map((d) => d.id)).toEqual(['b', 'a'])
  })
})

describe("the profile resume's copy", () => {
  const copy = (id: string, name: string, at: string): CandidateDocument => ({
    ...doc(id, `Resume - ${name}`, 'resume'),
    original_name: name,
    description: 'Uploaded on your profile',
    created_at: at,
  })
  it('is the newest Resume the server filed from the profile under the same name', () => {
    const older = copy('old', 'cv.pdf', '2026-11-01T00:00:00Z')
    const newer = copy('new', 'cv.pdf', '2026-11-20T00:00:00Z')
    const sentWhileApplying = { ...doc('sent', 'Resume - cv.pdf', 'resume'), original_name: 'cv.pdf', created_at: '2026-11-25T00:00:00Z' }
    expect(profileResumeCopy([older, sentWhileApplying, newer], 'cv.pdf')?.id).toBe('new')
    expect(profileResumeCopy([older, newer], 'other.pdf')).toBeUndefined()
    expect(profileResumeCopy([older], null)).toBeUndefined()
  })
})
