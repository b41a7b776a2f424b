import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api'
import { fetchAttachment, filenameFromDisposition, saveBlob } from './download'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('filenameFromDisposition', () => {
  it('reads the quoted, plain and RFC 5987 forms, and drops any folder', () => {
    expect(filenameFromDisposition('attachment; filename="harbour-it-data-2026-11-23.zip"')).toBe('harbour-it-data-2026-11-23.zip')
    expect(filenameFromDisposition('attachment; filename=report.csv')).toBe('report.csv')
    expect(filenameFromDisposition(`attachment; filename="a.zip"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`)).toBe('résumé.pdf')
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd')
    expect(filenameFromDisposition('attachment')).toBeNull()
    expect(filenameFromDisposition(null)).toBeNull()
  })
})

describe('fetchAttachment', () => {
  it('sends the token, counts the bytes as they come and keeps the server’s file name', async () => {
    const fetchMock = vi.fn<(path: string, init?: RequestInit) => Promise<Response>>(async () =>
      new Response(new Uint8Array(8), {
        headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="harbour-it-data-2026-11-23.zip"' },
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const seen: number[] = []
    const { blob, filename } = await fetchAttachment('/api/exports/t1', 'tok', { onProgress: (n) => seen.push(n) })
    expect((fetchMock.mock.calls[0][1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok')
    expect(filename).toBe('harbour-it-data-2026-11-23.zip')
    expect(blob.size).toBe(8)
    expect(blob.type).toBe('application/zip')
    expect(seen.at(-1)).toBe(8)
  })

  it('turns a refusal into an ApiError with the server’s words, {error} or {message}', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'This download link has already been used. Ask for a new export.' }), { status: 410 })))
    await expect(fetchAttachment('/api/exports/t1', 'tok')).rejects.toEqual(new ApiError(410, 'This download link has already been used. Ask for a new export.'))
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'This download link is not valid' }), { status: 404 })))
    await expect(fetchAttachment('/api/exports/t1', 'tok')).rejects.toEqual(new ApiError(404, 'This download link is not valid'))
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 })))
    await expect(fetchAttachment('/api/exports/t1', 'tok')).rejects.toEqual(new ApiError(502, 'Request failed with status 502'))
  })
})

describe('saveBlob', () => {
  it('clicks an <a download> on an object URL, then frees the URL', async () => {
    vi.useFakeTimers()
    const revoke = vi.fn()
    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: () => 'blob:file', revokeObjectURL: revoke }))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('data.zip')
      expect(this.getAttribute('href')).toBe('blob:file')
      expect(this.isConnected).toBe(true)
    })
    saveBlob(new Blob(['x']), 'data.zip')
    expect(click).toHaveBeenCalledOnce()
    expect(document.querySelector('a[download]')).toBeNull()
    vi.runAllTimers()
    expect(revoke).toHaveBeenCalledWith('blob:file')
    vi.useRealTimers()
  })
})
