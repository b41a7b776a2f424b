/**
 * A card's resume, one click away: a PDF opens in the document viewer (with its Download), any
 * other file downloads at once. Nothing shows without a resume.
 */
import { useState } from 'react'
import { Icon } from '../../../components/ui/Icon'
import { useToast } from '../../../components/ui/toast'
import { personName } from '../../../lib/erased'
import { serverMessageOr } from '../../../lib/server-message'
import { useDownloadApplicantDocument } from '../api/download-document'
import { isPdf } from '../model/documents'
import type { ApplicantDocument, PipelineCard } from '../types'
import { DocumentViewer } from './DocumentViewer'

export function ResumeButton({ card }: { card: Pick<PipelineCard, 'resume_id' | 'resume_name' | 'candidate_name'> }) {
  const { push } = useToast()
  const download = useDownloadApplicantDocument()
  const [open, setOpen] = useState(false)
  if (!card.resume_id) return null
  const name = personName(card.candidate_name)
  const doc: ApplicantDocument = {
    id: card.resume_id,
    title: `${name}’s resume`,
    document_type: 'resume',
    original_name: card.resume_name ?? 'resume',
    file_size: 0,
    created_at: '',
  }
  const pdf = isPdf(doc)
  const save = () =>
    download.mutate(doc, { onError: (err) => push({ kind: 'error', title: 'Could not download the resume', message: serverMessageOr(err, 'Please try again.') }) })
  return (
    <>
      <button
        type="button"
        className="emp-card-resume"
        aria-label={pdf ? `Open ${name}’s resume` : `Download ${name}’s resume`}
        title={doc.original_name}
        disabled={download.isPending}
        onClick={() => (pdf ? setOpen(true) : save())}
      >
        <Icon name="file" size={13} /> Resume
      </button>
      {open ? <DocumentViewer doc={doc} onDownload={save} onClose={() => setOpen(false)} /> : null}
    </>
  )
}
