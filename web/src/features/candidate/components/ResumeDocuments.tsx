/**
 * In the profile's Resume/CV section: the documents filed as a Resume (a resume uploaded while
 * applying is one), the one sent with the last application first, so the profile shows the resume
 * employers actually got (issue 27).
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

export function ResumeDocuments({ resumes }: { resumes: CandidateDocument[] }) {
  const download = useDownloadDocument()
  if (resumes.length === 0) return null
  return (
    <div className="cd-resume-documents">
      <h3 className="cd-subheading">Resumes you have applied with</h3>
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
