import { describe, expect, it } from 'vitest'
import approach from '../approach.json'
import careerAdvice from '../career-advice.json'
import employers from '../employers.json'
import hire from '../hire.json'
import jobSeekers from '../job-seekers.json'
import resources from '../resources.json'
import { gridColumns, type PageContent } from './ContentPage'

const pages: [string, PageContent][] = [
  ['approach', approach],
  ['career advice', careerAdvice],
  ['employers', employers],
  ['hire', hire],
  ['job seekers', jobSeekers],
  ['resources', resources],
]

describe('content pages', () => {
  it.each(pages)('%s: every card band is a width the grid lays out', (_, content) => {
    for (const band of content.bands) {
      if ('cards' in band) expect(() => gridColumns(band.columns)).not.toThrow()
    }
  })

  it('refuses a width the grid has no class for', () => {
    expect(gridColumns(undefined)).toBeUndefined()
    expect(gridColumns(4)).toBe(4)
    expect(() => gridColumns(7)).toThrow('A card grid is 2, 3 or 4 columns wide, not 7')
  })
})
