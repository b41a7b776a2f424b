import { describe, expect, it } from 'vitest'
import { actorLabel, eventSummary, eventSummaryParts, humaniseType, jsonLines, shortStream, streamKind } from '../../admin'
import { changeCount, changeSentence, readableChange, readablePath, readableValue } from './diff'
import { justBefore, versionLabel, yesterday } from './timeTravel'

describe('audit event summaries', () => {
  it('turns type names into words', () => {
    expect(humaniseType('JobPosted')).toBe('Job posted')
    expect(humaniseType('ApplicationStageChanged')).toBe('Application stage changed')
    expect(humaniseType('CVUploaded')).toBe('CV uploaded')
  })
  it('names the actor with a role, and never shows an erased name', () => {
    expect(actorLabel({ actor_name: 'Ada Admin', actor_role: 'admin', actor_id: 'x' })).toBe('Ada Admin (Admin)')
    expect(actorLabel({ actor_name: null, actor_role: 'policy', actor_id: null })).toBe('Automatic rule')
    expect(actorLabel({ actor_name: '[erased]', actor_role: 'candidate', actor_id: 'x' })).toBe('Erased person (Candidate)')
    expect(actorLabel({ actor_name: null, actor_role: null, actor_id: null })).toBe('System')
  })
  it('reads the kind of a stream from its id', () => {
    expect(streamKind('job-0190abcd-1234')).toBe('job')
    expect(shortStream('application-0190abcd12345678')).toBe('application-0190abcd…')
  })
  it('summarises the telling fields of a payload', () => {
    expect(eventSummary({ title: 'Data engineer', location_id: 'x' })).toBe('Data engineer')
    expect(eventSummary({ from_stage: 'new', to_stage: 'screening' })).toBe('new → screening')
    expect(eventSummary({ stage: 'interview', previous: 'screening', feedback: null })).toBe('screening → interview')
    expect(eventSummary({ details: { title: 'Cloud lead' } })).toBe('Cloud lead')
    expect(eventSummary({ reason: 'Duplicate listing' })).toBe('“Duplicate listing”')
    expect(eventSummary({ name: '[erased]' })).toBe('[erased]')
    expect(eventSummaryParts({ stage: 'new', previous: 'new', feedback: '[erased]' })).toEqual(['new → new', '[erased]'])
    expect(eventSummary({})).toBe('')
  })
})

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

describe('pretty payload lines', () => {
  it('indents like JSON and marks erased values', () => {
    const lines = jsonLines({ name: '[erased]', tags: ['a'], n: 1 })
    expect(lines.map((l) => `${'  '.repeat(l.indent)}${l.key ? `"${l.key}": ` : ''}${l.text}${l.comma ? ',' : ''}`).join('\n')).toBe(
      JSON.stringify({ name: '[erased]', tags: ['a'], n: 1 }, null, 2),
    )
    expect(lines.filter((l) => l.erased).map((l) => l.key)).toEqual(['name'])
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
