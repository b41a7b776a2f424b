/** A stream diff's changes as sentences a person reads: which field, what it was, what it became. */
import { isErased } from '../../admin'
import type { StreamChange } from '../types'

/** A JSON Pointer ("/skills/0/name") as words ("skills › 1 › name"); array indexes count from 1. */
export function readablePath(pointer: string): string {
  if (pointer === '' || pointer === '/') return '(the whole record)'
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((seg) => (/^\d+$/.test(seg) ? String(Number(seg) + 1) : seg.replace(/_/g, ' ')))
    .join(' › ')
}

/** A value in a short plain form: "(empty)" for nothing, text as is, lists and objects as compact JSON. */
export function readableValue(v: unknown, max = 120): string {
  if (v === undefined || v === null || v === '') return '(empty)'
  if (typeof v === 'string') return v.length > max ? `${v.slice(0, max - 1)}…` : v
  if (typeof v === 'boolean') return v ? 'yes' : 'no'
  if (typeof v === 'number') return String(v)
  const s = JSON.stringify(v)
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}

export type ReadableChange = {
  path: string
  verb: 'added' | 'removed' | 'changed'
  before: string | null
  after: string | null
  beforeErased: boolean
  afterErased: boolean
}

export function readableChange(c: StreamChange): ReadableChange {
  const verb = c.op === 'add' ? 'added' : c.op === 'remove' ? 'removed' : 'changed'
  return {
    path: readablePath(c.path),
    verb,
    before: c.op === 'add' ? null : readableValue(c.from_value),
    after: c.op === 'remove' ? null : readableValue(c.value),
    beforeErased: isErased(c.from_value),
    afterErased: isErased(c.value),
  }
}

/** One line for a change: "title: Dev → Senior dev", "skills › 3 added: Rust", "phone removed (was 0400…)". */
export function changeSentence(c: StreamChange): string {
  const r = readableChange(c)
  if (r.verb === 'added') return `${r.path} added: ${r.after}`
  if (r.verb === 'removed') return `${r.path} removed (was ${r.before})`
  return `${r.path}: ${r.before} → ${r.after}`
}

/** "3 changes", "1 change", "No changes". */
export const changeCount = (n: number) => (n === 0 ? 'No changes' : n === 1 ? '1 change' : `${n} changes`)
