/** Upload and edit dialogs of the Documents tab (SPEC 5: title and file required; 10MB stated). */
import { useId, useState, type FormEvent } from 'react'
import { serverMessageOr } from '../../../lib/server-message'
import { useUpdateDocument } from '../api/update-document'
import { useUploadDocument } from '../api/upload-document'
import { DOCUMENT_ACCEPT, DOCUMENT_HINT, EDIT_TITLE_REQUIRED, uploadDocumentError } from '../model/documents'
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type CandidateDocument } from '../types'
import { FileDrop } from '../../../components/ui/FileDrop'
import { Modal, ModalActions } from '../../../components/ui/Modal'

export const UPLOAD_FAILED = 'Upload failed'
export const UPDATE_FAILED = 'Update failed'

function TypeSelect({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      {DOCUMENT_TYPES.map((t) => (
        <option key={t} value={t}>
          {DOCUMENT_TYPE_LABELS[t]}
        </option>
      ))}
    </select>
  )
}

export function UploadDocumentModal({ onClose }: { onClose: () => void }) {
  const upload = useUploadDocument()
  const [title, setTitle] = useState('')
  const [description, setDescription] = useState('')
  const [type, setType] = useState<string>('other')
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const ids = { title: useId(), desc: useId(), type: useId(), file: useId() }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = uploadDocumentError(title, file)
    setError(problem)
    if (problem || !file) return
    try {
      await upload.mutateAsync({ file, title: title.trim(), description: description.trim(), documentType: type })
      onClose()
    } catch (err) {
      window.alert(serverMessageOr(err, UPLOAD_FAILED))
    }
  }

  return (
    <Modal title="Upload Document" onClose={onClose}>
      <form onSubmit={submit} noValidate className="cd-form">
        <DetailFields
          ids={ids}
          error={error}
          title={title}
          description={description}
          type={type}
          onTitle={setTitle}
          onDescription={setDescription}
          onType={setType}
        />
        <FileDrop
          id={ids.file}
          label="File"
          accept={DOCUMENT_ACCEPT}
          hint={DOCUMENT_HINT}
          fileName={file?.name}
          onFile={setFile}
          inputProps={{ 'aria-required': 'true' }}
        />
        <ModalActions>
          <button type="button" className="cd-btn cd-btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="cd-btn cd-btn-primary" disabled={upload.isPending}>
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </button>
        </ModalActions>
      </form>
    </Modal>
  )
}

export function EditDocumentModal({ document: doc, onClose }: { document: CandidateDocument; onClose: () => void }) {
  const update = useUpdateDocument()
  const [title, setTitle] = useState(doc.title)
  const [description, setDescription] = useState(doc.description ?? '')
  const [type, setType] = useState<string>(doc.document_type)
  const [error, setError] = useState<string | null>(null)
  const ids = { title: useId(), desc: useId(), type: useId() }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!title.trim()) {
      setError(EDIT_TITLE_REQUIRED)
      return
    }
    setError(null)
    try {
      await update.mutateAsync({ id: doc.id, title: title.trim(), description: description.trim(), document_type: type })
      onClose()
    } catch (err) {
      window.alert(serverMessageOr(err, UPDATE_FAILED))
    }
  }

  return (
    <Modal title="Edit Document" onClose={onClose}>
      <form onSubmit={submit} noValidate className="cd-form">
        <DetailFields
          ids={ids}
          error={error}
          title={title}
          description={description}
          type={type}
          onTitle={setTitle}
          onDescription={setDescription}
          onType={setType}
        />
        <ModalActions>
          <button type="button" className="cd-btn cd-btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="cd-btn cd-btn-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </ModalActions>
      </form>
    </Modal>
  )
}

type DetailFieldsProps = {
  ids: { title: string; desc: string; type: string }
  error: string | null
  title: string
  description: string
  type: string
  onTitle: (v: string) => void
  onDescription: (v: string) => void
  onType: (v: string) => void
}

/** The error line and the title, description and type fields both modals share. */
function DetailFields({ ids, error, title, description, type, onTitle, onDescription, onType }: DetailFieldsProps) {
  return (
    <>
      {error ? (
        <p className="cd-message cd-message-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="cd-field">
        <label htmlFor={ids.title}>Title</label>
        <input id={ids.title} value={title} onChange={(e) => onTitle(e.target.value)} aria-required="true" />
      </div>
      <div className="cd-field">
        <label htmlFor={ids.desc}>Description</label>
        <textarea id={ids.desc} value={description} onChange={(e) => onDescription(e.target.value)} rows={3} />
      </div>
      <div className="cd-field">
        <label htmlFor={ids.type}>Document type</label>
        <TypeSelect id={ids.type} value={type} onChange={onType} />
      </div>
    </>
  )
}
