import { describe, expect, it } from 'vitest'
import { closingInstant, EMPTY_JOB_FORM, jobActions, jobFormProblems, linesToList, previewJob, sydneyDay, sydneyOffset, toJobBody } from './jobForm'

const filled = {
  ...EMPTY_JOB_FORM,
  title: '  Senior Rust Engineer ',
  location_id: 'loc-1',
  description: 'Build things.',
  responsibilities: '- Ship features\n\n• Review code\n',
  specialisation: 'Digital',
}

describe('job form', () => {
  it('turns one item a line into a list, dropping bullets and blank lines', () => {
    expect(linesToList('- one\n\n* two \n• three')).toEqual(['one', 'two', 'three'])
  })

  it('closes at the end of the Sydney day, with daylight saving', () => {
    expect(sydneyOffset('2026-01-15')).toBe('+11:00')
    expect(sydneyOffset('2026-07-15')).toBe('+10:00')
    expect(closingInstant('2026-07-15')).toBe('2026-07-15T23:59:00+10:00')
    expect(sydneyDay('2026-07-15T13:59:00Z')).toBe('2026-07-15')
  })

  it('builds the body the server takes, with draft only when saving a draft', () => {
    const body = toJobBody({ ...filled, expires_on: '2026-12-24' }, true)
    expect(body).toMatchObject({ title: 'Senior Rust Engineer', responsibilities: ['Ship features', 'Review code'], requirements: [], draft: true })
    expect(body.expires_at).toBe('2026-12-24T23:59:00+11:00')
    expect(body.salary).toBeUndefined()
    expect(toJobBody(filled, false).draft).toBeUndefined()
  })

  it('names the missing fields before the server has to', () => {
    expect(Object.keys(jobFormProblems(EMPTY_JOB_FORM)).sort()).toEqual(['description', 'location_id', 'specialisation', 'title'])
    expect(jobFormProblems(filled)).toEqual({})
  })

  it('previews the location by name', () => {
    expect(previewJob(filled, 'Eucalypt', [{ id: 'loc-1', display_name: 'Sydney CBD, NSW' }]).location).toBe('Sydney CBD, NSW')
  })

  it('offers the actions each status allows', () => {
    expect(jobActions('draft')).toContain('publish')
    expect(jobActions('open')).toEqual(['edit', 'extend', 'close', 'duplicate'])
    expect(jobActions('closed')).toContain('reopen')
  })
})
