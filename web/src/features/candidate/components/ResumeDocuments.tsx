/**
 * In the profile's Resume/CV section: the documents filed as a Resume (a resume uploaded while
 * applying is one, and so is the copy of one uploaded on the profile), the one sent or uploaded
 * last first: the resumes the apply dialog offers, and which of them employers actually got.
 */
import { formatDate, formatFileSize } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useDownloadDocument } from '../api/download-document'
import { useDocuments } from '../api/get-documents'
import { resumeDocuments } from '../model/documents'
import type { CandidateDocument } from '../types'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'

/** The candidate's documents filed as a Resume, the one used last first. */
export function useResumeDocuments(): CandidateDocument[] {
  return resumeDocuments(useDocuments().data ?? [])
}

export function ResumeDocuments({ resumes, heading = 'Resumes you can apply with' }: { resumes: CandidateDocument[]; heading?: string }) {
  const download = useDownloadDocument()
  if (resumes.length === 0) return null
  return (
    <div className="cd-resume-documents">
      <h3 className="cd-subheading">{heading}</h3>
      <ul className="cd-items">
        {resumes.map((doc, i) => (
          <li key={doc.id} className="cd-item">
            <span>
              <strong>{doc.title}</strong>{' '}
              {i === 0 && doc.last_used_at ? (
                <Badge tone="brand" icon="check">
                  Used last
                </Badge>
              ) : null}
              <span className="cd-small cd-muted">
                {' '}
                {doc.original_name} · {formatFileSize(doc.file_size)} ·{' '}
                {doc.last_used_at ? `sent ${formatDate(doc.last_used_at)}` : `uploaded ${formatDate(doc.created_at)}`}
              </span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Download ${doc.title}`}
              onClick={() => download.mutateAsync(doc).catch((err: unknown) => window.alert(serverMessageOr(err, 'Download failed')))}
            >
              Download
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
