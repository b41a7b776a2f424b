/**
 * The resume the applicant sent, beside their details: on a wide screen shown in the page (a PDF in
 * the browser's own viewer, an image as itself), fetched with the token from the resume endpoint,
 * which serves it inline; on a phone a card one tap from the full-screen viewer. A Word resume
 * cannot be shown by a browser, so it says so and offers the download; no resume says so plainly.
 */
import { useState } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { formatFileSize } from '../../../lib/format'
import { fetchApplicantResume } from '../api/get-resume'
import { useBlobUrl } from '../hooks/useBlobUrl'
import { isImage, isPdf } from '../model/documents'
import type { ApplicantDocument } from '../types'
import { DocumentViewer, FileActions } from './DocumentViewer'

type Props = {
  applicationId: string
  resume: ApplicantDocument | null
  /** Whose resume, for the frame's accessible name. */
  name: string
  erased: boolean
  onDownload: (doc: ApplicantDocument) => void
}

const shownByBrowser = (doc: ApplicantDocument) => isPdf(doc) || isImage(doc)

function NoResume({ erased }: { erased: boolean }) {
  return (
    <p className="ws-muted">{erased ? 'Their resume was erased with the rest of their personal data.' : 'No resume came with this application. Their profile and any cover letter are on this page.'}</p>
  )
}

function FileLine({ doc }: { doc: ApplicantDocument }) {
  return (
    <span className="ws-muted emp-viewer-name">
      {doc.original_name} · {formatFileSize(doc.file_size)}
    </span>
  )
}

/** The wide screen's pane: the resume itself, filling the column and staying in view. */
export function ResumePane({ applicationId, resume, name, erased, onDownload }: Props) {
  const shown = resume && shownByBrowser(resume) ? resume : null
  const file = useBlobUrl(shown ? applicationId : null, fetchApplicantResume)
  return (
    <Card as="section" className={`emp-resume${shown ? ' emp-resume-shown' : ''}`} aria-labelledby="resume-heading">
      <div className="spread-row emp-viewer-bar">
        <h2 id="resume-heading">Resume</h2>
        {resume ? (
          <FileActions
            url={file && 'url' in file ? file.url : null}
            openVariant="ghost"
            downloadLabel={`Download ${resume.original_name}`}
            onDownload={() => onDownload(resume)}
          />
        ) : null}
      </div>
      {!resume ? (
        <NoResume erased={erased} />
      ) : !shown ? (
        <p>
          <FileLine doc={resume} />
          <br />
          Browsers cannot show this kind of file in the page. Download it to read it.
        </p>
      ) : (
        <>
          <FileLine doc={shown} />
          <div className="emp-viewer-frame emp-resume-frame" aria-busy={file === null || undefined}>
            {file === null ? (
              <p className="ws-muted">Loading the resume…</p>
            ) : 'error' in file ? (
              <ErrorAlert message={file.error} />
            ) : isPdf(shown) ? (
              <iframe src={file.url} title={`Resume of ${name}`} className="emp-viewer-object" />
            ) : (
              <img src={file.url} alt={`Resume of ${name}`} className="emp-resume-image" />
            )}
          </div>
        </>
      )}
    </Card>
  )
}

/** The phone's card: the resume one tap away, in the full-screen viewer. */
export function ResumeCard({ resume, erased, onDownload }: Omit<Props, 'applicationId' | 'name'>) {
  const [viewing, setViewing] = useState(false)
  return (
    <Card as="section" className="emp-section" aria-labelledby="resume-heading">
      <h2 id="resume-heading">Resume</h2>
      {!resume ? (
        <NoResume erased={erased} />
      ) : (
        <>
          <FileLine doc={resume} />
          <div className="ws-actions">
            {isPdf(resume) ? (
              <Button size="sm" icon="file" onClick={() => setViewing(true)}>
                View resume
              </Button>
            ) : null}
            <Button size="sm" variant="outline" icon="download" aria-label={`Download ${resume.original_name}`} onClick={() => onDownload(resume)}>
              Download
            </Button>
          </div>
          {viewing ? <DocumentViewer doc={resume} onDownload={() => onDownload(resume)} onClose={() => setViewing(false)} /> : null}
        </>
      )}
    </Card>
  )
}
