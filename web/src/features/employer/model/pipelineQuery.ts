/** The board's filter as the pipeline endpoint's query string (only what is set). */
import type { PipelineFilter } from '../types'

export function pipelineQuery(f: PipelineFilter): string {
  const params = new URLSearchParams()
  if (f.stage) params.set('stage', f.stage)
  if (f.q?.trim()) params.set('q', f.q.trim())
  if (f.from) params.set('from', f.from)
  if (f.to) params.set('to', f.to)
  if (f.sort && f.sort !== 'newest') params.set('sort', f.sort)
  const s = params.toString()
  return s ? `?${s}` : ''
}
