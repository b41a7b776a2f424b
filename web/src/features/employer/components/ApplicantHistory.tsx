/**
 * What happened to the application, newest first, as the server says it ("Moved to Interview by
 * Mei Chen"): when, relative, with the exact time on hover and to screen readers through the
 * <time> element; what the team told the candidate, or a reason given, beneath.
 */
import { Card } from '../../../components/ui/Card'
import { ErasedText } from '../../../components/ui/ErasedPerson'
import { formatRelativeTime } from '../../../lib/format'
import { formatExactTime } from '../model/history'
import type { HistoryEntry } from '../types'

const detailLabel = (e: HistoryEntry) => (e.kind === 'moved' || e.kind === 'status_changed' ? 'Told the candidate' : 'Reason')

export function HistorySection({ entries }: { entries: HistoryEntry[] }) {
  return (
    <Card as="section" className="emp-section" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <ol className="ws-timeline emp-history">
        {[...entries].reverse().map((e, i) => {
          const exact = formatExactTime(e.at)
          return (
            <li key={`${e.at}-${i}`}>
              <span className="emp-history-line">
                {e.summary},{' '}
                <time dateTime={e.at} title={exact} className="ws-muted">
                  {formatRelativeTime(e.at).toLowerCase()}
                </time>
              </span>
              {e.detail ? (
                <p className="ws-muted emp-history-detail">
                  {detailLabel(e)}: <ErasedText text={e.detail} />
                </p>
              ) : null}
            </li>
          )
        })}
      </ol>
    </Card>
  )
}
