import { describe, expect, it } from 'vitest'
import { everyOf, type ApiSchema } from '.'

type Stage = ApiSchema<'Stage'>

describe('everyOf', () => {
  it('returns the list it was given, in its order', () => {
    const stages = everyOf<Stage>()(['rejected', 'new', 'screening', 'interview', 'offer', 'hired'])
    expect(stages).toEqual(['rejected', 'new', 'screening', 'interview', 'offer', 'hired'])
  })

  it('is checked by tsc alone: a list that lacks a value or holds a stranger does not compile', () => {
    // @ts-expect-error 'hired' is missing
    const short = everyOf<Stage>()(['new', 'screening', 'interview', 'offer', 'rejected'])
    // @ts-expect-error 'archived' is not a stage
    const long = everyOf<Stage>()(['new', 'screening', 'interview', 'offer', 'hired', 'rejected', 'archived'])
    // Nothing is checked at run time: `tsc --noEmit` fails if either line above compiles.
    expect([short.length, long.length]).toEqual([5, 7])
  })
})
