/**
 * "Who did it": the audit trail's account filter by what an auditor knows of a person (a name, an
 * email, a company), with an id pasted from a raw event still taken. Suggestions come from
 * GET /api/admin/accounts as the person types; picking one sets the filter's account id. The
 * combobox's keyboard and screen-reader behaviour is downshift's (WAI-ARIA combobox pattern).
 */
import { useCombobox } from 'downshift'
import { useEffect, useId, useState } from 'react'
import { Field } from '../../../components/ui/Field'
import { ERASED_PERSON, isErased } from '../../../lib/erased'
import { LOOKUP_MIN } from '../api/find-accounts'
import { accountLabel, ROLE_LABELS } from '../model/accounts'
import type { AccountMatch } from '../types'

type Props = {
  /** What the input shows: the picked account's label, or what was typed. */
  text: string
  onText: (text: string) => void
  /** The picked account's id ('' while nothing is picked). */
  picked: string
  onPick: (account: AccountMatch | null) => void
  /** The matches for `asked` (what was typed, once typing paused), and whether they failed. */
  matches: AccountMatch[] | undefined
  asked: string
  /** The matches are the answer to `asked` itself, not the last answer kept while it loads. */
  fresh: boolean
  failed: boolean
  error?: string | null
}

/** A value once it has stopped changing for `ms`: what is typed, asked about after a pause. */
export function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), ms)
    return () => window.clearTimeout(t)
  }, [value, ms])
  return settled
}

export function WhoField({ text, onText, picked, onPick, matches, asked, fresh, failed, error }: Props) {
  const items = !picked && asked.length >= LOOKUP_MIN ? (matches ?? []) : []
  const inputId = useId()
  const { isOpen, getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<AccountMatch>({
    inputId,
    items,
    inputValue: text,
    itemToString: (a) => (a ? accountLabel(a) : ''),
    itemToKey: (a) => a?.id,
    onInputValueChange: ({ inputValue, type }) => {
      if (type === useCombobox.stateChangeTypes.InputChange) {
        onText(inputValue)
        if (picked) onPick(null)
      }
    },
    onSelectedItemChange: ({ selectedItem }) => {
      onPick(selectedItem ?? null)
      if (selectedItem) onText(accountLabel(selectedItem))
    },
  })
  const typed = text.trim()
  const status =
    picked || typed.length < LOOKUP_MIN || asked !== typed
      ? null
      : failed
        ? 'Could not look people up. You can still paste an account id.'
        : fresh && items.length === 0
          ? `Nobody matches “${typed}”`
          : null

  return (
    <Field id={inputId} label="Who did it" className="audit-who" error={error} hint={<span aria-live="polite">{status ?? 'Pick a person from the list, or paste an account id'}</span>}>
      {(p) => (
        <div className="audit-who-box">
          {/* named by Field's own label (for=), not by downshift's label id */}
          <input {...getInputProps({ ...p, 'aria-labelledby': undefined })} className="input" autoComplete="off" spellCheck={false} placeholder="Name, email or company" />
          <ul {...getMenuProps({ 'aria-labelledby': undefined, 'aria-label': 'People who match' })} className={`audit-who-menu${isOpen && items.length > 0 ? ' is-open' : ''}`}>
            {isOpen
              ? items.map((a, index) => (
                  <li key={a.id} {...getItemProps({ item: a, index })} className={`audit-who-option${highlightedIndex === index ? ' is-active' : ''}`}>
                    <span className="audit-who-name">{isErased(a.name) ? ERASED_PERSON : a.company && a.role === 'employer' ? `${a.name}, ${a.company}` : a.name}</span>
                    <span className="audit-who-detail">
                      {ROLE_LABELS[a.role]}
                      {isErased(a.email) ? '' : ` · ${a.email}`}
                    </span>
                  </li>
                ))
              : null}
          </ul>
        </div>
      )}
    </Field>
  )
}
