/**
 * The state of a form that asks for a one-time code (CodeInput): sign-in's second step, the
 * step-up dialog, turning two-factor sign-in on or off. One code field, whether it takes a
 * recovery code, the error under it, and a submit that refuses an empty code (CODE_REQUIRED) and otherwise lets
 * `check` decide: null when the code passed, or the words to show, and then the field is emptied
 * and (when `input` is on it) takes focus for another try. The field takes focus when the form
 * opens and whenever the kind of code changes.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'

export const CODE_REQUIRED = 'Enter the code from your app'

export function useCodeEntry(check: (code: string) => Promise<string | null>) {
  const [code, setCode] = useState('')
  const [recovery, setRecovery] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [recovery])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const value = code.trim()
    if (!value) {
      setError(CODE_REQUIRED)
      return
    }
    setError(null)
    const failure = await check(value)
    if (failure === null) return
    setError(failure)
    setCode('')
    input.current?.focus()
  }

  /** From the app's code to a recovery code and back: the field starts empty, with no error. */
  const switchKind = () => {
    setRecovery((r) => !r)
    setCode('')
    setError(null)
  }

  return { code, setCode, recovery, switchKind, error, input, submit }
}
