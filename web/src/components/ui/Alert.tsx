/** Error messages announced to screen readers: a form's or dialog's message, and a screen whose data did not load. */
import type { ReactNode } from 'react'
import { serverMessageOr } from '../../lib/server-message'
import { Button } from './Button'

/** Renders nothing while there is no message. */
export function ErrorAlert({ message }: { message: ReactNode }) {
  if (!message) return null
  return (
    <div className="alert alert-error" role="alert">
      {message}
    </div>
  )
}

/** The server's message (or "We could not load {what}") and a button to load again. */
export function LoadFailed({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      {serverMessageOr(error, `We could not load ${what}. Please try again shortly.`)}{' '}
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
