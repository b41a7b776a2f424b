/** A native select (the phone's own picker) styled like the other inputs, with a drawn chevron. */
import type { SelectHTMLAttributes } from 'react'

/** `id` keys the option where its value is not a stable identity of its own (a display name). */
export type SelectOption = { value: string; label: string; id?: string | number }

type Props = SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[]; placeholder?: string }

export function Select({ options, placeholder, className, ...rest }: Props) {
  return (
    <select className={`input select${className ? ` ${className}` : ''}`} {...rest}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.id ?? o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}
