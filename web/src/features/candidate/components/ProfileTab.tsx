/** Profile: six sections and Save Profile; education and experience added locally (SPEC 2.5, 4, 5, 8). */
import { useId, useState, type FormEvent } from 'react'
import { FileDrop } from '../../../components/ui/FileDrop'
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
  type ProfileForm,
} from '../model/profile'
import type { Education, Experience, Profile } from '../types'
import { Message } from './Message'

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
          <p className="cd-message cd-message-error" role="alert">
            {PROFILE_MESSAGES.loadFailed}
          </p>
        )}
      </section>
    )
  }
  return <ProfileEditor profile={profile.data} />
}

function Field(props: {
  label: string
  value: string
  onChange: (v: string) => void
  type?: string
  multiline?: boolean
  placeholder?: string
}) {
  const id = useId()
  return (
    <div className="cd-field">
      <label htmlFor={id}>{props.label}</label>
      {props.multiline ? (
        <textarea id={id} rows={4} value={props.value} placeholder={props.placeholder} onChange={(e) => props.onChange(e.target.value)} />
      ) : (
        <input
          id={id}
          type={props.type ?? 'text'}
          value={props.value}
          placeholder={props.placeholder}
          onChange={(e) => props.onChange(e.target.value)}
        />
      )}
    </div>
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

  const [showEducation, setShowEducation] = useState(false)
  const [education, setEducation] = useState<Education>(EMPTY_EDUCATION)
  const [educationProblem, setEducationProblem] = useState<string | null>(null)
  const [showExperience, setShowExperience] = useState(false)
  const [experience, setExperience] = useState<Experience>(EMPTY_EXPERIENCE)
  const [experienceProblem, setExperienceProblem] = useState<string | null>(null)

  const [resumeFile, setResumeFile] = useState<File | null>(null)
  const [resumeDeleted, setResumeDeleted] = useState(false)
  const [resumeInputKey, setResumeInputKey] = useState(0)
  const resumeInputId = useId()
  const state = resumeState(resumeFile, profile.resumeFilename, resumeDeleted)

  const set = (key: keyof ProfileForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }))

  const addEducation = () => {
    const problem = educationError(education)
    setEducationProblem(problem)
    if (problem) return
    setForm((f) => ({ ...f, education: [...f.education, education] }))
    setEducation(EMPTY_EDUCATION)
    setShowEducation(false)
  }

  const addExperience = () => {
    const problem = experienceError(experience)
    setExperienceProblem(problem)
    if (problem) return
    setForm((f) => ({ ...f, experience: [...f.experience, experience] }))
    setExperience(EMPTY_EXPERIENCE)
    setShowExperience(false)
  }

  const onSave = async (e: FormEvent) => {
    e.preventDefault()
    try {
      await save.mutateAsync(formToProfile(form, profile))
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
          <Field label="Full Name" value={form.name} onChange={set('name')} />
          <Field label="Email" type="email" value={form.email} onChange={set('email')} />
          <Field label="Location" value={form.location} onChange={set('location')} />
        </div>
        <Field label="Professional Summary" multiline value={form.summary} onChange={set('summary')} />
      </fieldset>

      <fieldset className="cd-fieldset">
        <legend>Education</legend>
        {form.education.length === 0 ? <p className="cd-muted">No education added yet.</p> : null}
        <ul className="cd-items">
          {form.education.map((ed, i) => (
            <li key={i} className="cd-item">
              <div>
                <strong>{ed.degree}</strong>
                {ed.field ? ` in ${ed.field}` : ''} — {ed.institution}
                {ed.graduationYear ? <span className="cd-muted"> ({ed.graduationYear.slice(0, 4)})</span> : null}
              </div>
              <button
                type="button"
                className="cd-btn cd-btn-danger"
                aria-label={`Remove education ${ed.degree}`}
                onClick={() => setForm((f) => ({ ...f, education: removeAt(f.education, i) }))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="cd-btn cd-btn-ghost" aria-expanded={showEducation} onClick={() => setShowEducation((s) => !s)}>
          {showEducation ? 'Cancel' : 'Add Education'}
        </button>
        {showEducation ? (
          <div className="cd-subform">
            {educationProblem ? (
              <p className="cd-message cd-message-error" role="alert">
                {educationProblem}
              </p>
            ) : null}
            <div className="cd-form-grid">
              <Field label="Degree" value={education.degree} onChange={(v) => setEducation((e) => ({ ...e, degree: v }))} />
              <Field label="Institution" value={education.institution} onChange={(v) => setEducation((e) => ({ ...e, institution: v }))} />
              <Field label="Field of Study" value={education.field} onChange={(v) => setEducation((e) => ({ ...e, field: v }))} />
              <Field
                label="Graduation Date"
                type="date"
                value={education.graduationYear ?? ''}
                onChange={(v) => setEducation((e) => ({ ...e, graduationYear: v }))}
              />
            </div>
            <button type="button" className="cd-btn cd-btn-primary" onClick={addEducation}>
              Add
            </button>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="cd-fieldset">
        <legend>Work Experience</legend>
        {form.experience.length === 0 ? <p className="cd-muted">No work experience added yet.</p> : null}
        <ul className="cd-items">
          {form.experience.map((ex, i) => (
            <li key={i} className="cd-item">
              <div>
                <strong>{ex.position}</strong> — {ex.company}
                <span className="cd-muted">
                  {' '}
                  ({ex.startDate || '?'} – {ex.endDate || 'Present'})
                </span>
                {ex.description ? <p className="cd-small">{ex.description}</p> : null}
              </div>
              <button
                type="button"
                className="cd-btn cd-btn-danger"
                aria-label={`Remove experience ${ex.position} at ${ex.company}`}
                onClick={() => setForm((f) => ({ ...f, experience: removeAt(f.experience, i) }))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="cd-btn cd-btn-ghost" aria-expanded={showExperience} onClick={() => setShowExperience((s) => !s)}>
          {showExperience ? 'Cancel' : 'Add Experience'}
        </button>
        {showExperience ? (
          <div className="cd-subform">
            {experienceProblem ? (
              <p className="cd-message cd-message-error" role="alert">
                {experienceProblem}
              </p>
            ) : null}
            <div className="cd-form-grid">
              <Field label="Company" value={experience.company} onChange={(v) => setExperience((e) => ({ ...e, company: v }))} />
              <Field label="Position" value={experience.position} onChange={(v) => setExperience((e) => ({ ...e, position: v }))} />
              <Field label="Start Date" type="date" value={experience.startDate ?? ''} onChange={(v) => setExperience((e) => ({ ...e, startDate: v }))} />
              <Field
                label="End Date (leave empty if current)"
                type="date"
                value={experience.endDate ?? ''}
                onChange={(v) => setExperience((e) => ({ ...e, endDate: v }))}
              />
            </div>
            <Field label="Description" multiline value={experience.description} onChange={(v) => setExperience((e) => ({ ...e, description: v }))} />
            <button type="button" className="cd-btn cd-btn-primary" onClick={addExperience}>
              Add
            </button>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="cd-fieldset">
        <legend>Skills &amp; Languages</legend>
        <Field label="Skills (comma separated)" value={form.skills} onChange={set('skills')} placeholder="React, TypeScript, AWS" />
        <Field label="Languages (comma separated)" value={form.languages} onChange={set('languages')} placeholder="English, Mandarin" />
      </fieldset>

      <fieldset className="cd-fieldset">
        <legend>Contact &amp; Professional Links</legend>
        <div className="cd-form-grid">
          <Field label="Phone" type="tel" value={form.phone} onChange={set('phone')} />
          <Field label="LinkedIn" type="url" value={form.linkedin} onChange={set('linkedin')} placeholder="https://linkedin.com/in/..." />
          <Field label="Portfolio" type="url" value={form.portfolio} onChange={set('portfolio')} placeholder="https://..." />
        </div>
      </fieldset>

      <fieldset className="cd-fieldset">
        <legend>Resume/CV</legend>
        <Message message={resumeMessage} />
        {state === 'uploaded' ? (
          <div className="cd-item">
            <span>
              Current resume: <strong>{profile.resumeOriginalName || profile.resumeFilename}</strong>
            </span>
            <span className="cd-card-actions">
              <button type="button" className="cd-btn cd-btn-ghost" onClick={onDownloadResume}>
                Download Resume
              </button>
              <button type="button" className="cd-btn cd-btn-danger" onClick={onDeleteResume} disabled={deleteResume.isPending}>
                Delete Resume
              </button>
            </span>
          </div>
        ) : state === 'deleted' ? (
          <p className="cd-muted">Your resume has been deleted. Upload a new one below.</p>
        ) : state === 'none' ? (
          <p className="cd-muted">No resume uploaded yet.</p>
        ) : null}
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
            <button type="button" className="cd-btn cd-btn-primary" onClick={onUploadResume} disabled={uploadResume.isPending}>
              {uploadResume.isPending ? 'Uploading...' : 'Upload Resume'}
            </button>
          </div>
        ) : null}
      </fieldset>

      <div className="cd-save">
        <button type="submit" className="cd-btn cd-btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Profile'}
        </button>
      </div>
    </form>
  )
}
