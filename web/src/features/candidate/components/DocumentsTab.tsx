/** Documents: per-type counters, filter buttons, grid, upload and edit dialogs (SPEC 2.5, 5, 8). */
import { useState } from 'react'
import { formatDate, formatFileSize } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useDeleteDocument } from '../api/delete-document'
import { useDownloadDocument } from '../api/download-document'
import { useDocumentStats } from '../api/get-document-stats'
import { useDocuments } from '../api/get-documents'
import { DELETE_DOCUMENT_CONFIRM, statCount } from '../model/documents'
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, type CandidateDocument, type DocumentType } from '../types'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { EditDocumentModal, UploadDocumentModal } from './DocumentModals'

export const DOCUMENT_MESSAGES = {
  empty: 'No documents found',
  deleteFailed: 'Delete failed',
  downloadFailed: 'Download failed',
} as const

const typeLabel = (t: string) => DOCUMENT_TYPE_LABELS[t as DocumentType] ?? t

export function DocumentsTab() {
  const documents = useDocuments()
  const stats = useDocumentStats()
  const remove = useDeleteDocument()
  const download = useDownloadDocument()
  const [filter, setFilter] = useState<'all' | DocumentType>('all')
  const [uploading, setUploading] = useState(false)
  const [editing, setEditing] = useState<CandidateDocument | null>(null)
  const list = documents.data ?? []
  const shown = filter === 'all' ? list : list.filter((d) => d.document_type === filter)
  const statList = stats.data ?? []

  const onDelete = async (doc: CandidateDocument) => {
    if (!window.confirm(DELETE_DOCUMENT_CONFIRM)) return
    try {
      await remove.mutateAsync(doc.id)
    } catch (err) {
      window.alert(serverMessageOr(err, DOCUMENT_MESSAGES.deleteFailed))
    }
  }

  const onDownload = async (doc: CandidateDocument) => {
    try {
      await download.mutateAsync(doc)
    } catch (err) {
      window.alert(serverMessageOr(err, DOCUMENT_MESSAGES.downloadFailed))
    }
  }

  return (
    <section className="cd-section" aria-labelledby="docs-title">
      <div className="cd-section-head">
        <h2 id="docs-title">Documents</h2>
        <Button size="sm" icon="upload" onClick={() => setUploading(true)}>
          Upload Document
        </Button>
      </div>
      <dl className="cd-stats">
        {DOCUMENT_TYPES.map((t) => (
          <div className="cd-stat" key={t}>
            <dt>{DOCUMENT_TYPE_LABELS[t]}</dt>
            <dd>{statCount(statList, t)}</dd>
          </div>
        ))}
      </dl>
      <div className="cd-filter-buttons" role="group" aria-label="Filter documents by type">
        {(['all', ...DOCUMENT_TYPES] as const).map((t) => (
          <Button key={t} variant={filter === t ? 'primary' : 'ghost'} size="sm" aria-pressed={filter === t} onClick={() => setFilter(t)}>
            {t === 'all' ? 'All' : DOCUMENT_TYPE_LABELS[t]}
          </Button>
        ))}
      </div>
      {documents.isPending ? (
        <p className="cd-muted" aria-busy="true">
          Loading documents...
        </p>
      ) : shown.length === 0 ? (
        <EmptyState
          title={DOCUMENT_MESSAGES.empty}
          icon="folder"
          action={
            <Button size="sm" onClick={() => setUploading(true)}>
              Upload your first file
            </Button>
          }
        >
          <p>Keep resumes, cover letters, certificates and portfolios here, ready to attach when you apply.</p>
        </EmptyState>
      ) : (
        <ul className="cd-grid">
          {shown.map((doc) => (
            <li key={doc.id} className="cd-card">
              <div className="cd-card-head">
                <h3>{doc.title}</h3>
                <Badge tone="neutral">{typeLabel(doc.document_type)}</Badge>
              </div>
              {doc.description ? <p>{doc.description}</p> : null}
              <p className="cd-small cd-muted">
                {doc.original_name} · {formatFileSize(doc.file_size)} · {formatDate(doc.created_at)}
              </p>
              <div className="cd-card-actions">
                <Button variant="ghost" size="sm" aria-label={`Download ${doc.title}`} onClick={() => onDownload(doc)}>
                  Download
                </Button>
                <Button variant="ghost" size="sm" aria-label={`Edit ${doc.title}`} onClick={() => setEditing(doc)}>
                  Edit
                </Button>
                <Button variant="danger" size="sm" aria-label={`Delete ${doc.title}`} onClick={() => onDelete(doc)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {uploading ? <UploadDocumentModal onClose={() => setUploading(false)} /> : null}
      {editing ? <EditDocumentModal document={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  )
}
