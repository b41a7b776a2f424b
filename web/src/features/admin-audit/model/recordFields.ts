/**
 * A record folded by time travel as rows a person reads: each field labelled in words ("Closed by
 * agency"), its value plain (dates in full, a closed choice in the words the screens use for it:
 * stages "Screening", rejection reasons "Location or work rights" in the server's words (`reasons`,
 * GET /api/admin/rejection-reasons); other statuses capitalised, yes/no), nested fields under their
 * parent ("Details › Title"), ids last. And a diff as before/after rows in the same words.
 */
import { ERASED, formatInstant, isErased, STAGE_LABELS } from '../../admin'
import type { ReasonLabels } from '../api/get-rejection-reasons'
import type { StreamChange } from '../types'

const NO_REASONS: ReasonLabels = new Map()

export type RecordField = { key: string; label: string; value: string; erased: boolean }

const WORDS: Record<string, string> = { id: 'ID', url: 'URL', cv: 'CV', totp: 'two-factor' }

/** "closed_by_agency" → "Closed by agency", "employer_id" → "Employer ID". */
export function fieldLabel(key: string): string {
  if (/^\d+$/.test(key)) return String(Number(key) + 1)
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase())
  const text = words.join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
/** Fields whose values are one word of a closed set (a stage, a status, a kind): shown capitalised. */
const WORD_VALUES = /(^|_)(stage|status|previous|role|kind|job_type|specialisation|recommendation|grounds)$/

/** Fields that hold a pipeline stage ("stage", "previous_stage", "rejected_from"). */
const STAGE_FIELDS = /(^|_)stage$|^rejected_from$|^previous$/
/** Fields that hold a rejection reason's code ("rejection_reason"). */
const REASON_FIELDS = /(^|_)rejection_reason$/

/**
 * A code of one of the server's closed choices in the words the screens show it by
 * ("location" → "Location or work rights", "screening" → "Screening"); null for any other value
 * (a reason before its words are in).
 */
export function closedChoiceLabel(key: string, v: string, reasons: ReasonLabels = NO_REASONS): string | null {
  if (REASON_FIELDS.test(key)) return reasons.get(v) ?? null
  if (STAGE_FIELDS.test(key) && Object.hasOwn(STAGE_LABELS, v)) return STAGE_LABELS[v as keyof typeof STAGE_LABELS]
  return null
}

/** A value in a short plain form for the field `key`. */
export function fieldValue(key: string, v: unknown, max = 160, reasons: ReasonLabels = NO_REASONS): string {
  if (v === undefined || v === null || v === '') return '(empty)'
  if (typeof v === 'boolean') return v ? 'Yes' : 'No'
  if (typeof v === 'number') return v.toLocaleString('en-AU')
  if (typeof v === 'string') {
    if (isErased(v)) return ERASED
    const choice = closedChoiceLabel(key, v, reasons)
    if (choice) return choice
    if (ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v))) return formatInstant(v)
    if (WORD_VALUES.test(key) && /^[a-z_]+$/.test(v)) return fieldLabel(v)
    return v.length > max ? `${v.slice(0, max - 1)}…` : v
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return '(none)'
    if (v.every((x) => typeof x === 'string' || typeof x === 'number')) return fieldValue('', v.join(', '), max)
    return v.length === 1 ? '1 item' : `${v.length} items`
  }
  const s = JSON.stringify(v)
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}

const isIdKey = (key: string) => key === 'id' || key.endsWith('_id') || key.endsWith('_ids')

/** The record's fields in reading order: plain fields first (nested ones under their parent), ids last. */
export function recordFields(state: Record<string, unknown> | null | undefined, reasons: ReasonLabels = NO_REASONS): RecordField[] {
  if (!state || typeof state !== 'object') return []
  const rows: RecordField[] = []
  const walk = (obj: Record<string, unknown>, prefix: string, labelPrefix: string) => {
    for (const [key, v] of Object.entries(obj)) {
      const path = prefix ? `${prefix}.${key}` : key
      const label = labelPrefix ? `${labelPrefix} › ${fieldLabel(key)}` : fieldLabel(key)
      if (v && typeof v === 'object' && !Array.isArray(v)) walk(v as Record<string, unknown>, path, label)
      else rows.push({ key: path, label, value: fieldValue(key, v, 160, reasons), erased: isErased(v) })
    }
  }
  walk(state, '', '')
  const last = (r: RecordField) => (isIdKey(r.key.split('.').pop() ?? '') ? 1 : 0)
  return rows.map((r, i) => ({ r, i })).sort((a, b) => last(a.r) - last(b.r) || a.i - b.i).map(({ r }) => r)
}

export type ChangeRow = { key: string; field: string; before: string; after: string; beforeErased: boolean; afterErased: boolean }

type Leaf = { label: string; key: string; value: unknown }

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** Every plain field under `v`, keyed by its path, labelled from `labels` down. */
function leaves(v: unknown, path: string, labels: string[], out: Map<string, Leaf>) {
  if (isRecord(v)) {
    for (const [k, child] of Object.entries(v)) leaves(child, `${path}/${k}`, [...labels, fieldLabel(k)], out)
  } else if (v !== undefined) {
    out.set(path, { label: labels.length ? labels.join(' › ') : 'The whole record', key: path.split('/').pop() ?? '', value: v })
  }
}

/**
 * A diff's changes as before/after rows, "(not set)" for a field added or removed. A change of a
 * whole object (the record coming into being, a nested part replaced) becomes one row per field.
 */
export function changeRows(changes: StreamChange[], reasons: ReasonLabels = NO_REASONS): ChangeRow[] {
  const rows: ChangeRow[] = []
  changes.forEach((c, i) => {
    const segments = c.path
      .replace(/^\//, '')
      .split('/')
      .filter(Boolean)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    const before = new Map<string, Leaf>()
    const after = new Map<string, Leaf>()
    const labels = segments.map(fieldLabel)
    if (c.op !== 'add') leaves(c.from_value === null && isRecord(c.value) ? {} : c.from_value, '', labels, before)
    if (c.op !== 'remove') leaves(c.value === null && isRecord(c.from_value) ? {} : c.value, '', labels, after)
    for (const path of new Set([...before.keys(), ...after.keys()])) {
      const b = before.get(path)
      const a = after.get(path)
      if (b && a && JSON.stringify(b.value) === JSON.stringify(a.value)) continue
      const leaf = (a ?? b)!
      const key = leaf.key || segments[segments.length - 1] || ''
      rows.push({
        key: `${c.path}${path}-${i}`,
        field: leaf.label,
        before: b ? fieldValue(key, b.value, 160, reasons) : '(not set)',
        after: a ? fieldValue(key, a.value, 160, reasons) : '(not set)',
        beforeErased: !!b && isErased(b.value),
        afterErased: !!a && isErased(a.value),
      })
    }
  })
  return rows
}
