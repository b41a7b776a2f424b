/** What a board card says in a few words: how long it has sat in its stage, and its scorecards' rating. */
import type { PipelineCard } from '../types'

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days since the card entered its stage, counted now (a board left open keeps counting). */
export function daysInStage(card: Pick<PipelineCard, 'stage_entered_at' | 'days_in_stage'>, now: Date = new Date()): number {
  const entered = new Date(card.stage_entered_at).getTime()
  if (!Number.isFinite(entered)) return card.days_in_stage ?? 0
  return Math.max(0, Math.floor((now.getTime() - entered) / DAY_MS))
}

export function daysInStageLabel(days: number): string {
  if (days < 1) return 'Under a day in stage'
  return `${days} day${days === 1 ? '' : 's'} in stage`
}

/** "4.3" from 4.25, "4" from 4: the card's rating as one decimal where it has one. */
export const ratingText = (rating: number) => String(Math.round(rating * 10) / 10)

/** The words behind the star, for a screen reader and the hover title: "Rated 4.3 out of 5 (3 scorecards)". */
export function ratingDescription(rating: number, scorecards: number): string {
  return `Rated ${ratingText(rating)} out of 5 (${scorecards} scorecard${scorecards === 1 ? '' : 's'})`
}
