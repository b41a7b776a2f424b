/** Profile: six sections and Save Profile; education and experience added locally (SPEC 2.5, 4, 5, 8). */
import { useId, useState, type FormEvent } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { Field } from '../../../components/ui/Field'
import { FileDrop } from '../../../components/ui/FileDrop'
import { formatMonthYear } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useDeleteResume } from '../api/delete-resume'
import { useDownloadResume } from '../api/download-resume'
import { useProfile } from '../api/get-profile'
import { useUpdateProfile } from '../api/update-profile'
import { useUploadResume } from '../api/upload-resume'
import { useTimedMessage } from '../hooks/useTimedMessage'
import {
  DELETE_RESUME_CONFIRM,
  educationError,
  experienceError,
  formToProfile,
  PROFILE_MESSAGES,
  profileToForm,
  removeAt,
  RESUME_ACCEPT,
  resumeFileError,
  resumeState,
  settleDraft,
  UNFINISHED_ENTRY,
  type ProfileForm,
} from '../model/profile'
import { profileResumeCopy } from '../model/documents'
import type { Education, Experience, Profile } from '../types'
import { EntrySection } from './EntrySection'
import { Message } from './Message'
import { ResumeDocuments, useResumeDocuments } from './ResumeDocuments'

/** Under the resume picker: what an upload here does besides the profile (the server files a copy). */
export const RESUME_COPY_NOTE =
  'A resume uploaded here is also added to your Documents (while they have room), ready to attach when you apply. Deleting it here leaves that copy.'

const EMPTY_EDUCATION: Education = { degree: '', institution: '', field: '', graduationYear: '' }
const EMPTY_EXPERIENCE: Experience = { company: '', position: '', startDate: '', endDate: '', description: '' }

export function ProfileTab() {
  const profile = useProfile()
  if (profile.isPending || profile.isError || !profile.data) {
    // the tab keeps its heading while loading or after a failure, like the other tabs
    return (
      <section className="cd-section" aria-labelledby="profile-title">
        <div className="cd-section-head">
          <h2 id="profile-title">Profile</h2>
        </div>
        {profile.isPending ? (
          <p className="cd-muted" aria-busy="true">
            Loading profile...
          </p>
        ) : (
          <ErrorAlert message={PROFILE_MESSAGES.loadFailed} />
        )}
      </section>
    )
  }
  return <ProfileEditor profile={profile.data} />
}

/** One text, date, URL or multi-line input of the Profile form, on the shared Field; the form holds plain strings. */
function ProfileInput(props: { label: string; value: string; onChange: (v: string) => void; type?: string; multiline?: boolean; placeholder?: string }) {
  const { label, value, onChange, type = 'text', multiline = false, placeholder } = props
  return (
    <Field label={label}>
      {(control) =>
        multiline ? (
          <textarea {...control} className="input" rows={4} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...control} className="input" type={type} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  )
}

function ProfileEditor({ profile }: { profile: Profile }) {
  const save = useUpdateProfile()
  const uploadResume = useUploadResume()
  const deleteResume = useDeleteResume()
  const downloadResume = useDownloadResume()
  const [form, setForm] = useState<ProfileForm>(() => profileToForm(profile))
  const [message, showMessage] = useTimedMessage()
  const [resumeMessage, showResumeMessage] = useTimedMessage()

  const [resumeFile, setResumeFile] = useState<File | null>(null)
  const [resumeDeleted, setResumeDeleted] = useState(false)
  const [resumeInputKey, setResumeInputKey] = useState(0)
  const resumeInputId = useId()
  const state = resumeState(resumeFile, profile.resumeFilename, resumeDeleted)
  const appliedWith = useResumeDocuments()
  // the copy of the profile's resume among the documents is the profile's resume: shown once
  const profileCopy = state === 'uploaded' ? profileResumeCopy(appliedWith, profile.resumeOriginalName) : undefined
  const otherResumes = profileCopy ? appliedWith.filter((d) => d.id !== profileCopy.id) : appliedWith

  // the Add forms' entries (null while closed), which Save Profile adds if they pass their checks
  const [educationDraft, setEducationDraft] = useState<Education | null>(null)
  const [educationProblem, setEducationProblem] = useState<string | null>(null)
  const [experienceDraft, setExperienceDraft] = useState<Experience | null>(null)
  const [experienceProblem, setExperienceProblem] = useState<string | null>(null)

  const set = (key: keyof ProfileForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }))

  const onSave = async (e: FormEvent) => {
    e.preventDefault()
    // an entry typed but not added, or a resume chosen but not uploaded, is what the person meant
    // to save: it goes with the rest, never silently left behind
    const education = settleDraft(educationDraft, educationError)
    const experience = settleDraft(experienceDraft, experienceError)
    setEducationProblem(education.problem)
    setExperienceProblem(experience.problem)
    if (education.problem || experience.problem) {
      showMessage('error', UNFINISHED_ENTRY, 3000)
      return
    }
    const next = { ...form, education: [...form.education, ...education.items], experience: [...form.experience, ...experience.items] }
    setForm(next)
    if (education.items.length) setEducationDraft(null)
    if (experience.items.length) setExperienceDraft(null)
    if (resumeFile) await onUploadResume()
    try {
      await save.mutateAsync(formToProfile(next, profile))
      showMessage('success', PROFILE_MESSAGES.updated, 3000)
    } catch (err) {
      showMessage('error', serverMessageOr(err, PROFILE_MESSAGES.updateFailed), 3000)
    }
  }

  const onResumeChosen = (file: File | null) => {
    if (!file) return
    const problem = resumeFileError(file)
    if (problem) {
      showResumeMessage('error', problem, 3000)
      setResumeFile(null)
      setResumeInputKey((k) => k + 1)
      return
    }
    setResumeFile(file)
  }

  const onUploadResume = async () => {
    if (!resumeFile) return
    try {
      await uploadResume.mutateAsync(resumeFile)
      setResumeFile(null)
      setResumeDeleted(false)
      setResumeInputKey((k) => k + 1)
      showResumeMessage('success', PROFILE_MESSAGES.resumeUploaded, 3000)
    } catch (err) {
      console.error(PROFILE_MESSAGES.resumeUploadFailed, err)
      showResumeMessage('error', PROFILE_MESSAGES.resumeUploadFailed, 3000)
    }
  }

  const onDeleteResume = async () => {
    if (!window.confirm(DELETE_RESUME_CONFIRM)) return
    try {
      await deleteResume.mutateAsync()
      setResumeDeleted(true)
      showResumeMessage('success', PROFILE_MESSAGES.resumeDeleted, 3000)
    } catch (err) {
      console.error(PROFILE_MESSAGES.resumeDeleteFailed, err)
      showResumeMessage('error', PROFILE_MESSAGES.resumeDeleteFailed, 3000)
    }
  }

  const onDownloadResume = async () => {
    try {
      await downloadResume.mutateAsync(profile.resumeOriginalName || profile.resumeFilename || 'resume')
    } catch (err) {
      console.error(PROFILE_MESSAGES.resumeDownloadFailed, err)
      showResumeMessage('error', PROFILE_MESSAGES.resumeDownloadFailed, 3000)
    }
  }

  return (
    <form className="cd-section cd-form" onSubmit={onSave} aria-labelledby="profile-title" noValidate>
      <div className="cd-section-head">
        <h2 id="profile-title">Profile</h2>
      </div>
      <Message message={message} />

      <fieldset className="cd-fieldset">
        <legend>Basic Information</legend>
        <div className="cd-form-grid">
          <ProfileInput label="Full Name" value={form.name} onChange={set('name')} />
          <ProfileInput label="Email" type="email" value={form.email} onChange={set('email')} />
          <ProfileInput label="Location" value={form.location} onChange={set('location')} />
        </div>
        <ProfileInput label="Professional Summary" multiline value={form.summary} onChange={set('summary')} />
      </fieldset>

      <EntrySection
        legend="Education"
        emptyText="No education added yet."
        items={form.education}
        describe={(ed) => (
          <>
            <strong>{ed.degree}</strong>
            {ed.field ? ` in ${ed.field}` : ''} — {ed.institution}
            {ed.graduationYear ? <span className="cd-muted"> ({ed.graduationYear.slice(0, 4)})</span> : null}
          </>
        )}
        removeLabel={(ed) => `Remove education ${ed.degree}`}
        onRemove={(i) => setForm((f) => ({ ...f, education: removeAt(f.education, i) }))}
        addLabel="Add Education"
        empty={EMPTY_EDUCATION}
        check={educationError}
        onAdd={(ed) => setForm((f) => ({ ...f, education: [...f.education, ed] }))}
        draft={educationDraft}
        onDraft={setEducationDraft}
        problem={educationProblem}
        onProblem={setEducationProblem}
        fields={(ed, setEd) => (
          <div className="cd-form-grid">
            <ProfileInput label="Degree" value={ed.degree} onChange={setEd('degree')} />
            <ProfileInput label="Institution" value={ed.institution} onChange={setEd('institution')} />
            <ProfileInput label="Field of Study" value={ed.field ?? ''} onChange={setEd('field')} />
            <ProfileInput label="Graduation Date" type="date" value={ed.graduationYear ?? ''} onChange={setEd('graduationYear')} />
          </div>
        )}
      />

      <EntrySection
        legend="Work Experience"
        emptyText="No work experience added yet."
        items={form.experience}
        describe={(ex) => (
          <>
            <strong>{ex.position}</strong> — {ex.company}
            <span className="cd-muted">
              {' '}
              ({formatMonthYear(ex.startDate) || '?'} – {formatMonthYear(ex.endDate) || 'Present'})
            </span>
            {ex.description ? <p className="cd-small">{ex.description}</p> : null}
          </>
        )}
        removeLabel={(ex) => `Remove experience ${ex.position} at ${ex.company}`}
        onRemove={(i) => setForm((f) => ({ ...f, experience: removeAt(f.experience, i) }))}
        addLabel="Add Experience"
        empty={EMPTY_EXPERIENCE}
        check={experienceError}
        onAdd={(ex) => setForm((f) => ({ ...f, experience: [...f.experience, ex] }))}
        draft={experienceDraft}
        onDraft={setExperienceDraft}
        problem={experienceProblem}
        onProblem={setExperienceProblem}
        fields={(ex, setEx) => (
          <>
            <div className="cd-form-grid">
              <ProfileInput label="Company" value={ex.company} onChange={setEx('company')} />
              <ProfileInput label="Position" value={ex.position} onChange={setEx('position')} />
              <ProfileInput label="Start Date" type="date" value={ex.startDate ?? ''} onChange={setEx('startDate')} />
              <ProfileInput label="End Date (leave empty if current)" type="date" value={ex.endDate ?? ''} onChange={setEx('endDate')} />
            </div>
            <ProfileInput label="Description" multiline value={ex.description ?? ''} onChange={setEx('description')} />
          </>
        )}
      />

      <fieldset className="cd-fieldset">
        <legend>Skills &amp; Languages</legend>
        <ProfileInput label="Skills (comma separated)" value={form.skills} onChange={set('skills')} placeholder="React, TypeScript, AWS" />
        <ProfileInput label="Languages (comma separated)" value={form.languages} onChange={set('languages')} placeholder="English, Mandarin" />
      </fieldset>

      <fieldset className="cd-fieldset">
        <legend>Contact &amp; Professional Links</legend>
        <div className="cd-form-grid">
          <ProfileInput label="Phone" type="tel" value={form.phone} onChange={set('phone')} />
          <ProfileInput label="LinkedIn" type="url" value={form.linkedin} onChange={set('linkedin')} placeholder="https://linkedin.com/in/..." />
          <ProfileInput label="Portfolio" type="url" value={form.portfolio} onChange={set('portfolio')} placeholder="https://..." />
        </div>
      </fieldset>

      <fieldset className="cd-fieldset">
        <legend>Resume/CV</legend>
        <Message message={resumeMessage} />
        {state === 'uploaded' ? (
          <div className="cd-item">
            <span>
              Current resume: <strong>{profile.resumeOriginalName || profile.resumeFilename}</strong>
              {profileCopy ? (
                <span className="cd-small cd-muted cd-resume-copy">
                  In your Documents as “{profileCopy.title}”, ready to attach when you apply. Deleting it here leaves that copy.
                </span>
              ) : null}
            </span>
            <span className="cd-card-actions">
              <Button variant="ghost" size="sm" onClick={onDownloadResume}>
                Download Resume
              </Button>
              <Button variant="danger" size="sm" onClick={onDeleteResume} busy={deleteResume.isPending}>
                Delete Resume
              </Button>
            </span>
          </div>
        ) : state === 'deleted' ? (
          <p className="cd-muted">Your resume has been deleted. Upload a new one below.</p>
        ) : state === 'none' ? (
          <p className="cd-muted">{appliedWith.length ? 'No resume on your profile yet.' : 'No resume uploaded yet.'}</p>
        ) : null}
        <ResumeDocuments resumes={otherResumes} heading={profileCopy ? 'Other resumes you can apply with' : undefined} />
        {profileCopy ? null : <p className="cd-small cd-muted">{RESUME_COPY_NOTE}</p>}
        <FileDrop
          key={resumeInputKey}
          id={resumeInputId}
          label={`${state === 'uploaded' ? 'Replace resume' : 'Choose a resume'} (.pdf, .doc, .docx, under 5MB)`}
          accept={RESUME_ACCEPT}
          onFile={onResumeChosen}
        />
        {state === 'selected' && resumeFile ? (
          <div className="cd-item">
            <span>
              Selected: <strong>{resumeFile.name}</strong> (not uploaded yet)
            </span>
            <Button size="sm" onClick={onUploadResume} busy={uploadResume.isPending}>
              {uploadResume.isPending ? 'Uploading...' : 'Upload Resume'}
            </Button>
          </div>
        ) : null}
      </fieldset>

      <div className="cd-save">
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </form>
  )
}
