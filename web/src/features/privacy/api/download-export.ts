/**
 * GET /api/exports/{token}: the ZIP behind an export link (`data.json` and `files/`), fetched with
 * the session's bearer token (the person themselves or an admin) and saved. Each link works once
 * and for an hour, so it is asked for and used in one go; 404 and 410 carry the server's words.
 * `useExportDownload` runs both steps for any screen and reports where it has got to.
 */
import { useMutation } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import type { ApiSchema } from '../../../api'
import { fetchBearerAttachment, saveBlob } from '../../../lib/download'
import type { Role } from '../../../lib/session'
import { serverMessageOr } from '../../../lib/server-message'
import { EXPORT_FAILED, exportFileName, type ExportState } from '../model/exportProgress'

/** The answer of POST /api/account/export and POST /api/admin/people/{id}/export (201). */
export type ExportLink = ApiSchema<'ExportLink'>

type Steps = {
  /** asks the server for a link */
  request: () => Promise<ExportLink>
  /** whose bearer token the link is fetched with (the person themselves, or an admin) */
  role: Role
  onProgress?: (received: number, total: number | null) => void
}

/** Asks for a link, fetches the file behind it and saves it; resolves to the saved file's name. */
export async function downloadExport({ request, role, onProgress }: Steps): Promise<string> {
  const link = await request()
  const { blob, filename } = await fetchBearerAttachment(role, link.url, { onProgress })
  const name = filename ?? exportFileName(new Date())
  saveBlob(blob, name)
  return name
}

// a streamed ZIP arrives in many small chunks: redraw the count a few times a second, not per chunk
const PROGRESS_EVERY_MS = 150

/** What a screen hears when the download ends, besides `state` (a toast, say). */
type Outcome = { onSaved?: (filename: string) => void; onFailed?: (message: string) => void }

export function useExportDownload(steps: Omit<Steps, 'onProgress'>, outcome: Outcome = {}) {
  const [state, setState] = useState<ExportState>({ phase: 'idle' })
  const lastDrawn = useRef(0)
  const mutation = useMutation({
    mutationFn: () => {
      setState({ phase: 'preparing' })
      lastDrawn.current = 0
      return downloadExport({
        ...steps,
        onProgress: (received, total) => {
          const now = Date.now()
          if (now - lastDrawn.current < PROGRESS_EVERY_MS) return
          lastDrawn.current = now
          setState({ phase: 'downloading', received, total })
        },
      })
    },
    onSuccess: (filename) => {
      setState({ phase: 'saved', filename })
      outcome.onSaved?.(filename)
    },
    onError: (err) => {
      const message = serverMessageOr(err, EXPORT_FAILED)
      setState({ phase: 'failed', message })
      outcome.onFailed?.(message)
    },
  })
  const { mutate } = mutation
  const start = useCallback(() => mutate(), [mutate])
  return { start, state, busy: mutation.isPending }
}
