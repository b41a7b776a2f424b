/**
 * A job's applicants per stage as a row of labelled counts (text, not only colour). `compact` is
 * the jobs table's: the five stages still in play (New to Hired) in a narrow strip; without it,
 * all six.
 */
import { STAGES, type Stage, type StageCounts } from '../types'
import { STAGE_LABELS } from '../model/stages'

const IN_PLAY: Stage[] = ['new', 'screening', 'interview', 'offer', 'hired']

export function StageCountsBar({ counts, label, compact }: { counts: StageCounts; label: string; compact?: boolean }) {
  return (
    <ul className={`emp-counts${compact ? ' is-compact' : ''}`} aria-label={label}>
      {(compact ? IN_PLAY : STAGES).map((s) => (
        <li key={s} className={`emp-count emp-count-${s}${counts[s] ? '' : ' is-zero'}`}>
          <span className="emp-count-n">{counts[s]}</span>
          <span className="emp-count-label">{STAGE_LABELS[s]}</span>
        </li>
      ))}
    </ul>
  )
}
