/** Bearer calls of the candidate portal: the stored candidate token, or a 401 without one. */
import { bearerFetch, type RequestOptions } from '../../../lib/api'
import { fetchBearerAttachment, saveBlob } from '../../../lib/download'

export function candidateFetch<T>(path: string, opts: Omit<RequestOptions, 'token'> = {}): Promise<T> {
  return bearerFetch<T>('candidate', path, opts)
}

/** Files come back as attachments: fetch with the bearer token, then hand the blob to the browser. */
export async function downloadWithToken(path: string, filename: string): Promise<void> {
  const { blob } = await fetchBearerAttachment('candidate', path)
  saveBlob(blob, filename)
}
