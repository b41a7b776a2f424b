/** Upload and edit dialogs of the Documents tab (SPEC 5: title and file required; 10MB stated). */
import { useState, type FormEvent } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Field } from '../../../components/ui/Field'
import { FileDrop } from '../../../components/ui/FileDrop'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { SelectField } from '../../../components/ui/Select'
import { serverMessageOr } from '../../../lib/server-message'
import { useUpdateDocument } from '../api/update-document'
import { useUploadDocument } from '../api/upload-document'
import { DOCUMENT_ACCEPT, DOCUMENT_HINT, EDIT_TITLE_REQUIRED, uploadDocumentError } from '../model/documents'
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, documentTypeOf, type CandidateDocument, type DocumentType } from '../types'

export const UPLOAD_FAILED = 'Upload failed'
export const UPDATE_FAILED = 'Update failed'

const TYPE_OPTIONS = DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))

type Details = { title: string; description: string; type: DocumentType }

export function UploadDocumentModal({ onClose }: { onClose: () => void }) {
  const upload = useUploadDocument()
  return (
    <DocumentDialog
      heading="Upload Document"
      initial={{ title: '', description: '', type: 'other' }}
      withFile
      check={(d, file) => uploadDocumentError(d.title, file)}
      save={async (d, file) => {
        if (file) await upload.mutateAsync({ file, title: d.title, description: d.description, documentType: d.type })
      }}
      failed={UPLOAD_FAILED}
      submitLabel="Upload"
      busyLabel="Uploading..."
      busy={upload.isPending}
      onClose={onClose}
    />
  )
}

export function EditDocumentModal({ document: doc, onClose }: { document: CandidateDocument; onClose: () => void }) {
  const update = useUpdateDocument()
  return (
    <DocumentDialog
      heading="Edit Document"
      initial={{ title: doc.title, description: doc.description ?? '', type: doc.document_type }}
      check={(d) => (d.title.trim() ? null : EDIT_TITLE_REQUIRED)}
      save={(d) => update.mutateAsync({ id: doc.id, title: d.title, description: d.description, document_type: d.type })}
      failed={UPDATE_FAILED}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      busy={update.isPending}
      onClose={onClose}
    />
  )
}

type DialogProps = {
  heading: string
  initial: Details
  /** the upload dialog also takes the file */
  withFile?: boolean
  /** the message that stops the save, or null */
  check: (details: Details, file: File | null) => string | null
  /** runs with the title and description trimmed; a refusal is alerted with the server's message or `failed` */
  save: (details: Details, file: File | null) => Promise<unknown>
  failed: string
  submitLabel: string
  busyLabel: string
  busy: boolean
  onClose: () => void
}

/** The dialog both share: its error line, title, description and type, the file when uploading, Cancel and submit. */
function DocumentDialog({ heading, initial, withFile = false, check, save, failed, submitLabel, busyLabel, busy, onClose }: DialogProps) {
  const [details, setDetails] = useState<Details>(initial)
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const set = (key: 'title' | 'description') => (value: string) => setDetails((d) => ({ ...d, [key]: value }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = check(details, file)
    setError(problem)
    if (problem) return
    try {
      await save({ ...details, title: details.title.trim(), description: details.description.trim() }, file)
      onClose()
    } catch (err) {
      window.alert(serverMessageOr(err, failed))
    }
  }

  return (
    <Modal title={heading} onClose={onClose}>
      <form onSubmit={submit} noValidate className="cd-form">
        <ErrorAlert message={error} />
        <Field label="Title">
          {(control) => <input {...control} className="input" value={details.title} onChange={(e) => set('title')(e.target.value)} aria-required="true" />}
        </Field>
        <Field label="Description">
          {(control) => <textarea {...control} className="input" rows={3} value={details.description} onChange={(e) => set('description')(e.target.value)} />}
        </Field>
        <SelectField label="Document type" value={details.type} options={TYPE_OPTIONS} onChange={(e) => setDetails((d) => ({ ...d, type: documentTypeOf(e.target.value) }))} />
        {withFile ? (
          <FileDrop label="File" accept={DOCUMENT_ACCEPT} hint={DOCUMENT_HINT} fileName={file?.name} onFile={setFile} inputProps={{ 'aria-required': 'true' }} />
        ) : null}
        <ModalFormActions onCancel={onClose} submitLabel={busy ? busyLabel : submitLabel} busy={busy} />
      </form>
    </Modal>
  )
}
