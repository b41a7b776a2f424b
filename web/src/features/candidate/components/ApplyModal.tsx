/** The Apply Now dialog: an existing document or a new file per slot; new files upload first (SPEC 4, 5). */
import { useId, useState, type FormEvent } from 'react'
import { useDocuments } from '../api/get-documents'
import { useSubmitApplication } from '../api/submit-application'
import { useUploadDocument } from '../api/upload-document'
import { useTimedMessage } from '../hooks/useTimedMessage'
import { APPLY_ACCEPT, chooseExisting, chooseFile, coverLetterChoices, EMPTY_SLOT, resumeChoices, type DocumentSlot } from '../model/documents'
import type { Job } from '../../jobs'
import { Message } from './Message'
import { FileDrop } from '../../../components/ui/FileDrop'
import { Modal, ModalActions } from '../../../components/ui/Modal'

export const APPLY_FAILED = 'Failed to submit application. Please try again.'

type Props = { job: Job; onClose: () => void; onApplied: (jobId: string) => void }

export function ApplyModal({ job, onClose, onApplied }: Props) {
  const documents = useDocuments()
  const upload = useUploadDocument()
  const submit = useSubmitApplication()
  const [resume, setResume] = useState<DocumentSlot>(EMPTY_SLOT)
  const [cover, setCover] = useState<DocumentSlot>(EMPTY_SLOT)
  const [busy, setBusy] = useState(false)
  const [message, showMessage] = useTimedMessage()
  const ids = { resumeSel: useId(), resumeFile: useId(), coverSel: useId(), coverFile: useId() }
  const docs = documents.data ?? []
  const resumes = resumeChoices(docs)
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
          documentType: 'other',
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
        <fieldset className="cd-fieldset">
          <legend>Resume</legend>
          <div className="cd-field">
            <label htmlFor={ids.resumeSel}>Choose an existing resume</label>
            <select id={ids.resumeSel} value={resume.existingId} onChange={(e) => setResume((s) => chooseExisting(s, e.target.value))}>
              <option value="">None selected</option>
              {resumes.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.title}
                </option>
              ))}
            </select>
          </div>
          <FileDrop
            key={resume.existingId ? 'locked' : 'open'}
            id={ids.resumeFile}
            label="Or upload a new resume (.pdf, .doc, .docx)"
            accept={APPLY_ACCEPT}
            disabled={Boolean(resume.existingId)}
            fileName={resume.file?.name}
            onFile={(file) => setResume((s) => chooseFile(s, file))}
          />
        </fieldset>
        <fieldset className="cd-fieldset">
          <legend>Cover letter</legend>
          <div className="cd-field">
            <label htmlFor={ids.coverSel}>Choose an existing cover letter</label>
            <select id={ids.coverSel} value={cover.existingId} onChange={(e) => setCover((s) => chooseExisting(s, e.target.value))}>
              <option value="">None selected</option>
              {covers.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.title}
                </option>
              ))}
            </select>
          </div>
          <FileDrop
            key={cover.existingId ? 'locked' : 'open'}
            id={ids.coverFile}
            label="Or upload a new cover letter (.pdf, .doc, .docx)"
            accept={APPLY_ACCEPT}
            disabled={Boolean(cover.existingId)}
            fileName={cover.file?.name}
            onFile={(file) => setCover((s) => chooseFile(s, file))}
          />
        </fieldset>
        <ModalActions>
          <button type="button" className="cd-btn cd-btn-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="cd-btn cd-btn-primary" disabled={busy}>
            {busy ? 'Submitting...' : 'Submit Application'}
          </button>
        </ModalActions>
      </form>
    </Modal>
  )
}
