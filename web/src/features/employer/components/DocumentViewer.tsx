/**
 * A PDF the applicant sent, shown in a dialog: fetched with the employer's token as a blob, shown
 * from an object URL that is revoked when the dialog closes. A browser that cannot show PDFs
 * inline (Chrome on Android) gets the <object>'s fallback: open it in a new tab, or download it.
 * On a phone the dialog is the whole screen, and "Open in a new tab" hands the file to the
 * phone's own viewer with a real link tap (a window opened after the fetch would be blocked).
 */
import { useEffect, useState } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button, buttonClass } from '../../../components/ui/Button'
import { Modal } from '../../../components/ui/Modal'
import { serverMessageOr } from '../../../lib/server-message'
import { fetchApplicantDocument } from '../api/download-document'
import type { ApplicantDocument } from '../types'

type Props = { doc: ApplicantDocument; onDownload: () => void; onClose: () => void }
type State = { url: string } | { error: string } | null

type FileActionsProps = {
  /** the file's object URL once it is here: until then there is nothing to open */
  url: string | null
  openVariant: 'outline' | 'ghost'
  /** the Download button's accessible name, where "Download" alone would not say what */
  downloadLabel?: string
  onDownload: () => void
}

/** A fetched file's two actions, in the viewer's bar and the resume pane's: open it in a new tab, download it. */
export function FileActions({ url, openVariant, downloadLabel, onDownload }: FileActionsProps) {
  return (
    <div className="ws-actions">
      {url ? (
        <a className={buttonClass(openVariant, 'sm')} href={url} target="_blank" rel="noopener">
          Open in a new tab
        </a>
      ) : null}
      <Button size="sm" variant="outline" icon="download" aria-label={downloadLabel} onClick={onDownload}>
        Download
      </Button>
    </div>
  )
}

export function DocumentViewer({ doc, onDownload, onClose }: Props) {
  const [state, setState] = useState<State>(null)
  useEffect(() => {
    const abort = new AbortController()
    let url: string | null = null
    fetchApplicantDocument(doc, abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return
        url = URL.createObjectURL(blob)
        setState({ url })
      },
      (err: unknown) => {
        if (!abort.signal.aborted) setState({ error: serverMessageOr(err, 'The document did not load. Please try again.') })
      },
    )
    return () => {
      abort.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [doc])

  const label = `${doc.title} (${doc.original_name})`
  return (
    <Modal title={doc.title} onClose={onClose} size="viewer">
      <div className="spread-row emp-viewer-bar">
        <span className="ws-muted emp-viewer-name">{doc.original_name}</span>
        <FileActions url={state && 'url' in state ? state.url : null} openVariant="outline" onDownload={onDownload} />
      </div>
      <div className="emp-viewer-frame" aria-busy={state === null || undefined}>
        {state === null ? (
          <p className="ws-muted">Loading the document…</p>
        ) : 'error' in state ? (
          <ErrorAlert message={state.error} />
        ) : (
          <object data={state.url} type="application/pdf" aria-label={label} className="emp-viewer-object">
            <div className="emp-viewer-fallback">
              <p>This browser cannot show the PDF here.</p>
              <p>
                <a href={state.url} target="_blank" rel="noopener">
                  Open {doc.original_name} in a new tab
                </a>{' '}
                or download it.
              </p>
            </div>
          </object>
        )}
      </div>
    </Modal>
  )
}
