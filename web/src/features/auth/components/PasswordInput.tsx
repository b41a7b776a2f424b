/** A labelled password input with a show/hide toggle. */
import { useId, useState } from 'react'

type Props = {
  label: string
  value: string
  onChange: (value: string) => void
  autoComplete: string
  error?: string | null
  name?: string
}

export function PasswordInput({ label, value, onChange, autoComplete, error, name }: Props) {
  const id = useId()
  const errorId = `${id}-error`
  const [shown, setShown] = useState(false)
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <div className="auth-password">
        <input
          id={id}
          name={name}
          type={shown ? 'text' : 'password'}
          value={value}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
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
      {error ? (
        <p id={errorId} className="auth-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
