/** A success or error line (used with useTimedMessage). */
import type { TimedMessage } from '../hooks/useTimedMessage'

export function Message({ message }: { message: TimedMessage | null }) {
  if (!message) return null
  return (
    <div className={`cd-message cd-message-${message.kind}`} role={message.kind === 'error' ? 'alert' : 'status'}>
      {message.text}
    </div>
  )
}
