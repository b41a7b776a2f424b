/** A native select (the phone's own picker) styled like the other inputs, with a drawn chevron. */
import type { SelectHTMLAttributes } from 'react'
import { SPECIALISATIONS } from '../../lib/specialisations'
import { Field, type FieldProps } from './Field'

/** `id` keys the option where its value is not a stable identity of its own (a display name). */
export type SelectOption = { value: string; label: string; id?: string | number }

/** Options that show their own value: job types, specialisations, categories. */
export const valueOptions = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: value }))

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

/** the Field owns the id, the class and what ties its hint and error to the select */
type SelectFieldProps = Omit<FieldProps, 'children'> &
  Omit<Props, 'id' | 'className' | 'aria-describedby' | 'aria-invalid'>

/** A labelled select: the Field's label, hint and error tied to a Select. */
export function SelectField({ label, hint, error, id, className, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <Select {...control} {...select} />}
    </Field>
  )
}

const SPECIALISATION_OPTIONS = valueOptions(SPECIALISATIONS)

/** "Specialisation": one of the nine (SPEC 1); `placeholder` names the empty choice ("All specialisations"). */
export function SpecialisationField(props: Omit<SelectFieldProps, 'label' | 'options'>) {
  return <SelectField label="Specialisation" options={SPECIALISATION_OPTIONS} {...props} />
}
