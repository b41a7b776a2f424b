/**
 * A search or filter form: a search landmark whose submit runs in the page, never a page load;
 * and its box, a labelled search input (SearchField).
 */
import type { CSSProperties, ReactNode } from 'react'
import { Field } from './Field'

type Props = { label: string; className: string; style?: CSSProperties; onSearch?: () => void; children: ReactNode }

export function SearchForm({ label, className, style, onSearch, children }: Props) {
  return (
    <form
      className={className}
      style={style}
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault()
        onSearch?.()
      }}
    >
      {children}
    </form>
  )
}

type SearchFieldProps = {
  label: string
  value: string
  onChange: (text: string) => void
  /** leaving the box, e.g. to run the search typed so far */
  onBlur?: () => void
  placeholder?: string
  hint?: string
  id?: string
  /** the field's class, beside `form-field` */
  className?: string
  /** the input without the workspace's `input` class: the public site's search panels style their own */
  plain?: boolean
}

export function SearchField({ label, value, onChange, onBlur, placeholder, hint, id, className, plain = false }: SearchFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} className={className}>
      {(p) => (
        <input
          {...p}
          className={plain ? undefined : 'input'}
          type="search"
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
      )}
    </Field>
  )
}
