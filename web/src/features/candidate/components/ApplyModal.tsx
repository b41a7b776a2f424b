/** The Apply Now dialog: an existing document or a new file per slot; new files upload first (SPEC 4, 5). A new
 *  resume is filed as a Resume, and the next dialog starts with the resume used last (issue 27). */
import { useState, type FormEvent, type ReactNode } from 'react'
import { useDocuments } from '../api/get-documents'
import { useSubmitApplication } from '../api/submit-application'
import { useUploadDocument } from '../api/upload-document'
import { useTimedMessage } from '../hooks/useTimedMessage'
import { APPLY_ACCEPT, applyFileError, chooseExisting, chooseFile, coverLetterChoices, EMPTY_SLOT, NO_RESUME_HINT, preferredResumeId, resumeChoices, type DocumentSlot } from '../model/documents'
import type { Job } from '../../jobs'
import type { CandidateDocument } from '../types'
import { Message } from './Message'
import { FileDrop } from '../../../components/ui/FileDrop'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { SelectField } from '../../../components/ui/Select'

export const APPLY_FAILED = 'Failed to submit application. Please try again.'

type Props = { job: Job; onClose: () => void; onApplied: (jobId: string) => void }

export function ApplyModal({ job, onClose, onApplied }: Props) {
  const documents = useDocuments()
  const upload = useUploadDocument()
  const submit = useSubmitApplication()
  // null until the candidate touches the slot: it starts on the resume they used last
  const [resumeChoice, setResume] = useState<DocumentSlot | null>(null)
  const [cover, setCover] = useState<DocumentSlot>(EMPTY_SLOT)
  const [busy, setBusy] = useState(false)
  const [message, showMessage] = useTimedMessage()
  const docs = documents.data ?? []
  const resumes = resumeChoices(docs)
  const resume = resumeChoice ?? { existingId: preferredResumeId(docs), file: null }
  const covers = coverLetterChoices(docs)

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    try {
      let resumeId = resume.existingId || undefined
      let coverLetterId = cover.existingId || undefined
      if (resume.file) {
        const doc = await upload.mutateAsync({
          file: resume.file,
          title: `Resume - ${resume.file.name}`,
          description: `Resume for ${job.title}`,
          documentType: 'resume',
        })
        resumeId = doc.id
      }
      if (cover.file) {
        const doc = await upload.mutateAsync({
          file: cover.file,
          title: `Cover Letter - ${cover.file.name}`,
          description: `Cover letter for ${job.title}`,
          documentType: 'cover_letter',
        })
        coverLetterId = doc.id
      }
      await submit.mutateAsync({
        jobId: job.id,
        ...(resumeId ? { resumeId } : {}),
        ...(coverLetterId ? { coverLetterId } : {}),
      })
      onApplied(job.id)
    } catch (err) {
      console.error('Application failed', err)
      showMessage('error', APPLY_FAILED, 4000)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal title={`Apply for ${job.title}`} onClose={onClose}>
      <form onSubmit={onSubmit} className="cd-form">
        <p className="cd-muted">
          {job.company} · {job.location}
        </p>
        <Message message={message} />
        <SlotPicker legend="Resume" noun="resume" choices={resumes} slot={resume} onChange={(update) => setResume(update(resume))}>
          {!resume.existingId && !resume.file && !documents.isPending ? <p className="field-hint">{NO_RESUME_HINT}</p> : null}
        </SlotPicker>
        <SlotPicker legend="Cover letter" noun="cover letter" choices={covers} slot={cover} onChange={setCover} />
        <ModalFormActions onCancel={onClose} cancelDisabled={busy} submitLabel={busy ? 'Submitting...' : 'Submit Application'} busy={busy} />
      </form>
    </Modal>
  )
}

type SlotProps = {
  legend: string
  /** what the slot holds, in the labels: "Choose an existing resume" */
  noun: string
  choices: CandidateDocument[]
  slot: DocumentSlot
  onChange: (update: (slot: DocumentSlot) => DocumentSlot) => void
  /** a line under the slot (the resume's "none attached" hint) */
  children?: ReactNode
}

/** One slot of the dialog: pick a stored document or drop a new file; picking one locks the other. */
function SlotPicker({ legend, noun, choices, slot, onChange, children }: SlotProps) {
  // the system picker can be switched to "All files", so a chosen file is checked as a dropped one is
  const [fileError, setFileError] = useState<string | null>(null)
  return (
    <fieldset className="cd-fieldset">
      <legend>{legend}</legend>
      <SelectField
        label={`Choose an existing ${noun}`}
        value={slot.existingId}
        placeholder="None selected"
        options={choices.map((d) => ({ value: d.id, label: d.title }))}
        onChange={(e) => {
          setFileError(null)
          onChange((s) => chooseExisting(s, e.target.value))
        }}
      />
      <FileDrop
        key={slot.existingId ? 'locked' : 'open'}
        label={`Or upload a new ${noun} (.pdf, .doc, .docx)`}
        accept={APPLY_ACCEPT}
        disabled={Boolean(slot.existingId)}
        fileName={slot.file?.name}
        error={fileError}
        onFile={(file) => {
          const refused = file ? applyFileError(file) : null
          setFileError(refused)
          onChange((s) => chooseFile(s, refused ? null : file))
        }}
      />
      {children}
    </fieldset>
  )
}
