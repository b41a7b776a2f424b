import { percentDone } from '../model/progress'

/** A rebuild's progress: a bar and how many events of how many. */
export function ProgressBar({ done, total, finished, failed, label }: { done: number; total: number; finished: boolean; failed: boolean; label: string }) {
  const pct = percentDone(done, total, finished)
  return (
    <div className={`ops-progress${failed ? ' is-failed' : finished ? ' is-done' : ''}`}>
      <div className="ops-progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct}%, ${done} of ${total} events`}>
        <div className="ops-progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <div className="ops-progress-text">
        <span>
          {done.toLocaleString('en-AU')} of {total.toLocaleString('en-AU')} events
        </span>
        <strong>{pct}%</strong>
      </div>
    </div>
  )
}
