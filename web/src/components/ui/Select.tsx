/** A native select (the phone's own picker) styled like the other inputs, with a drawn chevron. */
import type { SelectHTMLAttributes } from 'react'

export type SelectOption = { value: string; label: string }

type Props = SelectHTMLAttributes<HTMLSelectElement> & { options: SelectOption[]; placeholder?: string }

export function Select({ options, placeholder, className, ...rest }: Props) {
  return (
    <select className={`input select${className ? ` ${className}` : ''}`} {...rest}>
      {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}
