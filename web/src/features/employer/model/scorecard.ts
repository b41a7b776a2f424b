/** Scorecard rules the form checks before sending: 1 to 12 criteria, each once, each scored 1-5, and a recommendation. */
import type { Recommendation } from '../types'

export const DEFAULT_CRITERIA = ['Technical skills', 'Communication', 'Team fit']

export const SCORE_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) }))

export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  strong_yes: 'Strong yes',
  yes: 'Yes',
  no: 'No',
  strong_no: 'Strong no',
}

export function scorecardProblem(ratings: { criterion: string; score: number }[], recommendation: string): string | null {
  if (ratings.length === 0) return 'Rate at least one criterion'
  if (ratings.length > 12) return 'A scorecard has at most 12 criteria'
  const names = ratings.map((r) => r.criterion.toLowerCase())
  if (new Set(names).size !== names.length) return 'Each criterion can appear only once'
  if (ratings.some((r) => !Number.isInteger(r.score) || r.score < 1 || r.score > 5)) return 'Give every criterion a score from 1 to 5'
  if (!recommendation) return 'Choose a recommendation'
  return null
}

export const averageScore = (ratings: { score: number }[]) => (ratings.length ? ratings.reduce((n, r) => n + r.score, 0) / ratings.length : 0)
