/**
 * A file fetched with the employer's token, as an object URL a frame or image can show (a frame
 * cannot send the token itself). The URL is revoked when the file changes or the screen goes.
 */
import { useEffect, useState } from 'react'
import { serverMessageOr } from '../../../lib/server-message'

export type BlobUrl = { url: string } | { error: string } | null

/** The file named `key`, loaded by `load` (a module-level fetcher); nothing while `key` is null. */
export function useBlobUrl(key: string | null, load: (key: string, signal: AbortSignal) => Promise<Blob>): BlobUrl {
  const [state, setState] = useState<{ key: string; value: BlobUrl } | null>(null)
  useEffect(() => {
    if (!key) return
    const abort = new AbortController()
    let url: string | null = null
    load(key, abort.signal).then(
      (blob) => {
        if (abort.signal.aborted) return
        url = URL.createObjectURL(blob)
        setState({ key, value: { url } })
      },
      (err: unknown) => {
        if (!abort.signal.aborted) setState({ key, value: { error: serverMessageOr(err, 'The document did not load. Please try again.') } })
      },
    )
    return () => {
      abort.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [key, load])
  // another file's URL is never shown while this one loads
  return state && state.key === key ? state.value : null
}
