/** Rules of the Profile tab (SPEC 3, 4, 5): add-form checks, resume file checks, the save payload. */
import type { Education, Experience, Profile } from '../types'

export const EDUCATION_REQUIRED = 'Please fill in degree and institution fields.'
export const EXPERIENCE_REQUIRED = 'Please fill in company and position fields.'
export const RESUME_TYPE_MESSAGE = 'Please select a PDF or Word document (.pdf, .doc, .docx)'
export const RESUME_SIZE_MESSAGE = 'File size must be less than 5MB'
export const RESUME_MAX_BYTES = 5 * 1024 * 1024
export const RESUME_ACCEPT = '.pdf,.doc,.docx'
export const DELETE_RESUME_CONFIRM = 'Are you sure you want to delete your resume? This action cannot be undone.'

export const PROFILE_MESSAGES = {
  loadFailed: 'Failed to load profile. Please refresh the page.',
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile. Please try again.',
  resumeUploaded: 'Resume uploaded successfully',
  resumeUploadFailed: 'Failed to upload resume',
  resumeDeleted: 'Resume deleted successfully',
  resumeDeleteFailed: 'Failed to delete resume',
  resumeDownloadFailed: 'Failed to download resume',
} as const

export function educationError(item: Pick<Education, 'degree' | 'institution'>): string | null {
  return item.degree.trim() && item.institution.trim() ? null : EDUCATION_REQUIRED
}

export function experienceError(item: Pick<Experience, 'company' | 'position'>): string | null {
  return item.company.trim() && item.position.trim() ? null : EXPERIENCE_REQUIRED
}

const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx']
const RESUME_MIME = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
]

/** PDF or Word only, and under 5MB. */
export function resumeFileError(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const name = file.name.toLowerCase()
  const typeOk = RESUME_MIME.includes(file.type) || RESUME_EXTENSIONS.some((ext) => name.endsWith(ext))
  if (!typeOk) return RESUME_TYPE_MESSAGE
  if (file.size >= RESUME_MAX_BYTES) return RESUME_SIZE_MESSAGE
  return null
}

/** What Save Profile says when an entry left in its Add form cannot be added as it stands. */
export const UNFINISHED_ENTRY = 'Finish or cancel the entry you started before saving.'

/**
 * An entry left in its Add form when Save Profile is pressed: nothing when the form is closed or
 * untouched, the entry when it passes its check (saved with the rest, as the person meant), else
 * why it cannot be.
 */
export function settleDraft<T extends object>(draft: T | null, check: (draft: T) => string | null): { items: T[]; problem: string | null } {
  const touched = draft !== null && Object.values(draft).some((v) => typeof v === 'string' && v.trim() !== '')
  if (!touched) return { items: [], problem: null }
  const problem = check(draft)
  return problem ? { items: [], problem } : { items: [draft], problem: null }
}

/** A web address typed without its scheme ("linkedin.com/in/sam") as the server takes it: https://. */
export function withScheme(url: string): string {
  const trimmed = url.trim()
  return !trimmed || /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
}

export type ResumeState = 'none' | 'selected' | 'uploaded' | 'deleted'

export function resumeState(selected: File | null, uploadedName: string | null | undefined, deleted: boolean): ResumeState {
  if (selected) return 'selected'
  if (uploadedName) return 'uploaded'
  return deleted ? 'deleted' : 'none'
}

export const removeAt = <T,>(list: T[], index: number): T[] => list.filter((_, i) => i !== index)

/** Empty strings become null (SPEC 3: empty dates are sent as null). */
export const dateOrNull = (value: string | null | undefined): string | null => (value ? value : null)

/** A date for an <input type="date">: the yyyy-mm-dd part, or ''. */
export function dateInputValue(value: string | null | undefined): string {
  if (!value) return ''
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : ''
}

export type ProfileForm = {
  name: string
  email: string
  phone: string
  location: string
  summary: string
  skills: string
  languages: string
  linkedin: string
  portfolio: string
  education: Education[]
  experience: Experience[]
}

export function profileToForm(p: Profile): ProfileForm {
  return {
    name: p.name ?? '',
    email: p.email ?? '',
    phone: p.phone ?? '',
    location: p.location ?? '',
    summary: p.summary ?? '',
    skills: p.skills ?? '',
    languages: p.languages ?? '',
    linkedin: p.linkedin ?? '',
    portfolio: p.portfolio ?? '',
    education: (p.education ?? []).map((e) => ({ ...e, graduationYear: dateInputValue(e.graduationYear) })),
    experience: (p.experience ?? []).map((e) => ({
      ...e,
      startDate: dateInputValue(e.startDate),
      endDate: dateInputValue(e.endDate),
    })),
  }
}

/** The full profile for PUT, with empty dates as null. */
export function formToProfile(form: ProfileForm, original: Profile): Profile {
  return {
    ...original,
    name: form.name.trim(),
    email: form.email.trim(),
    phone: form.phone.trim() || null,
    location: form.location.trim() || null,
    summary: form.summary.trim() || null,
    skills: form.skills,
    languages: form.languages,
    linkedin: withScheme(form.linkedin) || null,
    portfolio: withScheme(form.portfolio) || null,
    education: form.education.map((e) => ({ ...e, graduationYear: dateOrNull(e.graduationYear) })),
    experience: form.experience.map((e) => ({
      ...e,
      startDate: dateOrNull(e.startDate),
      endDate: dateOrNull(e.endDate),
    })),
  }
}
