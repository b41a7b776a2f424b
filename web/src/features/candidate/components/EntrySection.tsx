/**
 * A Profile section that is a list of entries (education, work experience): each entry with its
 * Remove button, and an Add form that opens beneath the list, is checked by `check` and, once
 * it passes, hands the entry to `onAdd` and closes empty again. The form's draft (null while
 * closed) and its problem are the profile's, so Save Profile can add an entry left in the form.
 */
import type { ReactNode } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'

type Props<T> = {
  legend: string
  emptyText: string
  items: T[]
  describe: (item: T) => ReactNode
  removeLabel: (item: T) => string
  onRemove: (index: number) => void
  /** the open button's label, "Add Education" */
  addLabel: string
  empty: T
  check: (draft: T) => string | null
  onAdd: (item: T) => void
  /** the open Add form's entry, or null while it is closed */
  draft: T | null
  onDraft: (draft: T | null) => void
  /** why the draft cannot be added, shown in the form */
  problem: string | null
  onProblem: (problem: string | null) => void
  /** the Add form's fields for the draft entry; `set` changes one of its fields */
  fields: (draft: T, set: <K extends keyof T>(key: K) => (value: T[K]) => void) => ReactNode
}

export function EntrySection<T>(props: Props<T>) {
  const { legend, emptyText, items, describe, removeLabel, onRemove, addLabel, empty, check, onAdd, fields, draft, onDraft, problem, onProblem } = props
  const open = draft !== null
  const set =
    <K extends keyof T>(key: K) =>
    (value: T[K]) =>
      onDraft({ ...(draft ?? empty), [key]: value })

  const add = () => {
    if (draft === null) return
    const found = check(draft)
    onProblem(found)
    if (found) return
    onAdd(draft)
    onDraft(null)
  }

  return (
    <fieldset className="cd-fieldset">
      <legend>{legend}</legend>
      {items.length === 0 ? (
        <p className="cd-muted">{emptyText}</p>
      ) : (
        <ul className="cd-items">
        {items.map((item, i) => (
          <li key={i} className="cd-item">
            <div>{describe(item)}</div>
            <Button variant="danger" size="sm" aria-label={removeLabel(item)} onClick={() => onRemove(i)}>
              Remove
            </Button>
          </li>
          ))}
        </ul>
      )}
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        onClick={() => {
          onProblem(null)
          onDraft(open ? null : empty)
        }}
      >
        {open ? 'Cancel' : addLabel}
      </Button>
      {open ? (
        <div className="cd-subform">
          <ErrorAlert message={problem} />
          {fields(draft, set)}
          <Button size="sm" onClick={add}>
            Add
          </Button>
        </div>
      ) : null}
    </fieldset>
  )
}
