/**
 * Files behind a session: fetched with the bearer token (an <a href> cannot send one), read as a
 * blob while counting the bytes, then handed to the browser's own download through an
 * <a download> on an object URL. One place for what the resume, documents, CSV, recovery codes
 * and data exports all do.
 */
import { ApiError, failureText, withBearer } from './api'
import type { Role } from './session'

export type Attachment = { blob: Blob; filename: string | null }

/** Bytes received so far, and the whole size when the server said it (a streamed body does not). */
export type DownloadProgress = (received: number, total: number | null) => void

/** The file name a Content-Disposition header gives (RFC 6266: `filename*` wins), without any folder part. */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header)
  if (extended) {
    try {
      return baseName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')))
    } catch {
      // badly encoded: fall back to the plain filename
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header)
  if (!plain) return null
  return baseName((plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1').trim())
}

const baseName = (name: string) => name.split(/[\\/]/).pop()?.trim() || null

/** GET `path` with the token; a refusal becomes an ApiError carrying the server's words. */
export async function fetchAttachment(
  path: string,
  token: string,
  opts: { signal?: AbortSignal; onProgress?: DownloadProgress } = {},
): Promise<Attachment> {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${token}` }, signal: opts.signal })
  if (!res.ok) {
    const text = await res.text().catch(() => '')
    let data: unknown = text
    try {
      data = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON: the generic text
    }
    throw new ApiError(res.status, failureText(res.status, data))
  }
  const filename = filenameFromDisposition(res.headers.get('Content-Disposition'))
  const reader = opts.onProgress ? res.body?.getReader() : undefined
  if (!reader || !opts.onProgress) return { blob: await res.blob(), filename }
  const total = Number(res.headers.get('Content-Length')) || null
  const chunks: BlobPart[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    received += value.byteLength
    opts.onProgress(received, total)
  }
  return { blob: new Blob(chunks, { type: res.headers.get('Content-Type') ?? '' }), filename }
}

/** `fetchAttachment` with `role`'s bearer token, ending that session if the server refuses it (withBearer). */
export function fetchBearerAttachment(
  role: Role,
  path: string,
  opts: { signal?: AbortSignal; onProgress?: DownloadProgress } = {},
): Promise<Attachment> {
  return withBearer(role, (token) => fetchAttachment(path, token, opts))
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  // the click has started the download; the address is freed once this task is over
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
