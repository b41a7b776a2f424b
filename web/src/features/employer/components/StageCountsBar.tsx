/** A job's applicants per stage as a row of labelled counts (text, not only colour). */
import { STAGES, type StageCounts } from '../types'
import { STAGE_LABELS } from '../model/stages'

export function StageCountsBar({ counts, label }: { counts: StageCounts; label: string }) {
  return (
    <ul className="emp-counts" aria-label={label}>
      {STAGES.map((s) => (
        <li key={s} className={`emp-count emp-count-${s}${counts[s] ? '' : ' is-zero'}`}>
          <span className="emp-count-n">{counts[s]}</span>
          <span className="emp-count-label">{STAGE_LABELS[s]}</span>
        </li>
      ))}
    </ul>
  )
}
