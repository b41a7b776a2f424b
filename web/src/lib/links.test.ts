import { describe, expect, it } from 'vitest'
import { safeVideoLink } from './links'

describe('safeVideoLink', () => {
  it('keeps https links only', () => {
    expect(safeVideoLink('https://meet.example.com/abc')).toBe('https://meet.example.com/abc')
    expect(safeVideoLink('javascript:alert(1)')).toBeNull()
    expect(safeVideoLink('http://meet.example.com')).toBeNull()
    expect(safeVideoLink('not a url')).toBeNull()
    expect(safeVideoLink('not a link')).toBeNull()
    expect(safeVideoLink('')).toBeNull()
    expect(safeVideoLink(null)).toBeNull()
    expect(safeVideoLink(undefined)).toBeNull()
  })
})
