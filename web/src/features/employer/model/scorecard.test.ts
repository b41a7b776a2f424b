import { describe, expect, it } from 'vitest'
import { averageScore, scorecardProblem } from './scorecard'

describe('scorecard rules', () => {
  const ok = [{ criterion: 'Rust', score: 4 }]

  it('accepts criteria scored 1-5 with a recommendation', () => {
    expect(scorecardProblem(ok, 'yes')).toBeNull()
  })

  it('asks for a score on every criterion and a recommendation', () => {
    expect(scorecardProblem([{ criterion: 'Rust', score: 0 }], 'yes')).toBe('Give every criterion a score from 1 to 5')
    expect(scorecardProblem(ok, '')).toBe('Choose a recommendation')
    expect(scorecardProblem([], 'yes')).toBe('Rate at least one criterion')
  })

  it('refuses the same criterion twice, whatever its case', () => {
    expect(scorecardProblem([...ok, { criterion: 'rust', score: 2 }], 'no')).toBe('Each criterion can appear only once')
  })

  it('averages the scores', () => {
    expect(averageScore([{ score: 4 }, { score: 5 }])).toBe(4.5)
    expect(averageScore([])).toBe(0)
  })
})
