/**
 * A labelled form control with an optional hint and error. The control is a render prop so any
 * input, select or textarea gets the id, aria-describedby and aria-invalid that tie it to its texts.
 */
import { useId, type ReactNode } from 'react'

export type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }

export type FieldProps = {
  label: ReactNode
  hint?: ReactNode
  error?: string | null
  id?: string
  className?: string
  children: (control: ControlProps) => ReactNode
}

export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const auto = useId()
  const controlId = id ?? auto
  const hintId = hint ? `${controlId}-hint` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={`form-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={controlId}>{label}</label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
