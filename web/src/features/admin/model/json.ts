/**
 * A payload as indented lines for the audit detail: like JSON.stringify(v, null, 2), but every
 * line knows whether its value was erased, so the screen can mark "[erased]" apart from real text.
 */
import { isErased } from './auditEvent'

export type JsonLine = { indent: number; key: string | null; text: string; erased: boolean; comma: boolean }

function scalar(v: unknown): string {
  if (v === undefined) return 'null'
  return JSON.stringify(v) ?? 'null'
}

export function jsonLines(value: unknown): JsonLine[] {
  const out: JsonLine[] = []
  const walk = (v: unknown, key: string | null, indent: number, comma: boolean) => {
    if (Array.isArray(v)) {
      if (v.length === 0) return void out.push({ indent, key, text: '[]', erased: false, comma })
      out.push({ indent, key, text: '[', erased: false, comma: false })
      v.forEach((item, i) => walk(item, null, indent + 1, i < v.length - 1))
      out.push({ indent, key: null, text: ']', erased: false, comma })
      return
    }
    if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>)
      if (entries.length === 0) return void out.push({ indent, key, text: '{}', erased: false, comma })
      out.push({ indent, key, text: '{', erased: false, comma: false })
      entries.forEach(([k, item], i) => walk(item, k, indent + 1, i < entries.length - 1))
      out.push({ indent, key: null, text: '}', erased: false, comma })
      return
    }
    out.push({ indent, key, text: scalar(v), erased: isErased(v), comma })
  }
  walk(value, null, 0, false)
  return out
}
