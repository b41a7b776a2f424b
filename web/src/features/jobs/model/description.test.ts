import { describe, expect, it } from 'vitest'
import { DESCRIPTION_PREVIEW_LENGTH, descriptionPreview, hasHiddenDetails } from './description'

describe('description preview (SPEC 9)', () => {
  it('previews the first 150 characters', () => {
    const long = 'x'.repeat(200)
    expect(descriptionPreview(long)).toBe(`${'x'.repeat(150)}…`)
    expect(descriptionPreview('short')).toBe('short')
    expect(descriptionPreview('y'.repeat(150))).toBe('y'.repeat(150))
  })

  it('cuts descriptions at 150 characters', () => {
    expect(DESCRIPTION_PREVIEW_LENGTH).toBe(150)
    const text = `${'a'.repeat(150)}b`
    const preview = descriptionPreview(text)
    expect(preview).toBe(`${'a'.repeat(150)}…`)
    expect(preview).not.toContain('b')
  })

  it('drops the spaces a cut leaves before the ellipsis', () => {
    expect(descriptionPreview(`${'a'.repeat(147)}   and more`)).toBe(`${'a'.repeat(147)}…`)
  })
})

describe('See More / Read More', () => {
  const job = (description: string, lists: { responsibilities?: string[]; requirements?: string[] } = {}) => ({
    description,
    responsibilities: [],
    requirements: [],
    ...lists,
  })

  it('offers more when the description is longer than the preview', () => {
    expect(hasHiddenDetails(job('x'.repeat(151)))).toBe(true)
    expect(hasHiddenDetails(job('x'.repeat(150)))).toBe(false)
  })

  it('offers more when there are responsibilities or requirements to show', () => {
    expect(hasHiddenDetails(job('short', { responsibilities: ['Ship features'] }))).toBe(true)
    expect(hasHiddenDetails(job('short', { requirements: ['TypeScript'] }))).toBe(true)
    expect(hasHiddenDetails(job('short', { responsibilities: [], requirements: [] }))).toBe(false)
  })
})
