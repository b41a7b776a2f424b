import { describe, expect, it } from 'vitest'
import { daysInStage, daysInStageLabel, ratingDescription, ratingText } from './card'

describe('a board card in a few words', () => {
  const now = new Date('2026-11-27T09:00:00Z')

  it('counts whole days in the stage from when the card entered it', () => {
    expect(daysInStage({ stage_entered_at: '2026-11-24T03:00:00Z', days_in_stage: 0 }, now)).toBe(3)
    expect(daysInStage({ stage_entered_at: '2026-11-27T08:00:00Z', days_in_stage: 0 }, now)).toBe(0)
    // a clock a little behind the server's never shows a negative count
    expect(daysInStage({ stage_entered_at: '2026-11-27T09:05:00Z', days_in_stage: 0 }, now)).toBe(0)
    // no time to count from: the server's count
    expect(daysInStage({ stage_entered_at: 'not a time', days_in_stage: 4 }, now)).toBe(4)
  })

  it('says the days in plain words', () => {
    expect(daysInStageLabel(0)).toBe('Under a day in stage')
    expect(daysInStageLabel(1)).toBe('1 day in stage')
    expect(daysInStageLabel(12)).toBe('12 days in stage')
  })

  it('says the rating and how many scorecards it comes from, in plain words', () => {
    expect(ratingText(4.25)).toBe('4.3')
    expect(ratingText(4)).toBe('4')
    expect(ratingDescription(4.25, 1)).toBe('Rated 4.3 out of 5 (1 scorecard)')
    expect(ratingDescription(3.5, 3)).toBe('Rated 3.5 out of 5 (3 scorecards)')
  })
})
