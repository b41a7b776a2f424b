/** A success or error line (used with useTimedMessage), in the shared alert style. */
import type { TimedMessage } from '../hooks/useTimedMessage'

export function Message({ message }: { message: TimedMessage | null }) {
  if (!message) return null
  return (
    <div className={`alert alert-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      {message.text}
    </div>
  )
}
