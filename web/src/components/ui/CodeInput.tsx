/**
 * The one input for a code from an authenticator app or a recovery code: the keyboard, autofill
 * and spelling hints a one-time code needs, in one place for every screen that asks for one
 * (sign-in's second step, the step-up dialog, setting two-factor sign-in up or turning it off).
 * `kind` "either" takes six digits or a recovery code in one field.
 */
import type { InputHTMLAttributes, Ref } from 'react'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'> & {
  kind: 'app' | 'recovery' | 'either'
  ref?: Ref<HTMLInputElement>
}

export function CodeInput({ kind, className, ...rest }: Props) {
  const recovery = kind === 'recovery'
  return (
    <input
      name="code"
      {...rest}
      className={className ?? 'input'}
      inputMode={kind === 'app' ? 'numeric' : 'text'}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      maxLength={kind === 'app' ? 12 : 40}
    />
  )
}
