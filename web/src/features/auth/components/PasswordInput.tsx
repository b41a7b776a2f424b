/** A labelled password input with a show/hide toggle, on the shared Field (label, error, aria wiring). */
import { useState } from 'react'
import { Field } from '../../../components/ui/Field'
import '../auth.css'

type Props = {
  label: string
  value: string
  onChange: (value: string) => void
  autoComplete: string
  error?: string | null
  hint?: string
  name?: string
  /** focused when it appears (the email is already filled in) */
  autoFocus?: boolean
}

export function PasswordInput({ label, value, onChange, autoComplete, error, hint, name, autoFocus }: Props) {
  const [shown, setShown] = useState(false)
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <div className="auth-password">
          <input
            {...control}
            className="input"
            name={name}
            type={shown ? 'text' : 'password'}
            value={value}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className="auth-toggle"
            aria-label={shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  )
}
