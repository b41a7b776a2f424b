import { describe, expect, it } from 'vitest'
import { changeCount, changeSentence, readableChange, readablePath, readableValue } from './diff'
import { justBefore, versionLabel, yesterday } from './timeTravel'

describe('diff formatting', () => {
  it('reads JSON pointers as field paths', () => {
    expect(readablePath('/title')).toBe('title')
    expect(readablePath('/skills/0/years_used')).toBe('skills › 1 › years used')
    expect(readablePath('/a~1b')).toBe('a/b')
    expect(readablePath('')).toBe('(the whole record)')
  })
  it('shows values plainly', () => {
    expect(readableValue(null)).toBe('(empty)')
    expect(readableValue(true)).toBe('yes')
    expect(readableValue(['a', 'b'])).toBe('["a","b"]')
    expect(readableValue('x'.repeat(200)).length).toBe(120)
  })
  it('writes each change as a sentence', () => {
    expect(changeSentence({ op: 'replace', path: '/status', from_value: 'active', value: 'closed' })).toBe('status: active → closed')
    expect(changeSentence({ op: 'add', path: '/closed_reason', value: 'Filled elsewhere' })).toBe('closed reason added: Filled elsewhere')
    expect(changeSentence({ op: 'remove', path: '/phone', from_value: '0400 000 000' })).toBe('phone removed (was 0400 000 000)')
    expect(readableChange({ op: 'replace', path: '/name', from_value: 'Sam', value: '[erased]' }).afterErased).toBe(true)
    expect(changeCount(0)).toBe('No changes')
    expect(changeCount(2)).toBe('2 changes')
  })
})

describe('time travel', () => {
  it('picks yesterday and just before an event', () => {
    const now = new Date('2026-03-02T00:00:00.000Z')
    expect(yesterday(now)).toBe('2026-03-01T00:00:00.000Z')
    expect(justBefore({ recorded_at: '2026-03-01T10:00:00.123456Z' })).toBe('2026-03-01T10:00:00.122Z')
  })
  it('labels versions', () => {
    expect(versionLabel(0, 4)).toBe('Did not exist yet')
    expect(versionLabel(2, 4)).toBe('Version 2 of 4')
    expect(versionLabel(4, 4)).toBe('Version 4 (the latest)')
  })
})
