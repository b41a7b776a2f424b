import { describe, expect, it } from 'vitest'
import { changeRows, fieldLabel, fieldValue, recordFields } from './recordFields'

describe('time travel reads as labelled fields', () => {
  it('labels fields in words', () => {
    expect(fieldLabel('closed_by_agency')).toBe('Closed by agency')
    expect(fieldLabel('employer_id')).toBe('Employer ID')
    expect(fieldLabel('expiresAt')).toBe('Expires at')
  })

  it('shows values plainly: stages in words, yes/no, dates in full, erased as erased', () => {
    expect(fieldValue('stage', 'interview')).toBe('Interview')
    expect(fieldValue('open', true)).toBe('Yes')
    expect(fieldValue('closed_by_agency', null)).toBe('(empty)')
    expect(fieldValue('expires_at', '2026-03-03T03:05:09Z')).toMatch(/2026/)
    expect(fieldValue('expires_at', '2026-03-03T03:05:09Z')).not.toContain('T03')
    expect(fieldValue('skills', ['Rust', 'SQL'])).toBe('Rust, SQL')
    expect(fieldValue('name', '[erased]')).toBe('[erased]')
  })

  it('lists nested fields under their parent and ids last', () => {
    const rows = recordFields({ employer_id: 'e1', title: 'Senior Rust Engineer', open: true, details: { title: 'Senior Rust Engineer', location_id: 'l1' } })
    expect(rows.map((r) => r.label)).toEqual(['Title', 'Open', 'Details › Title', 'Employer ID', 'Details › Location ID'])
    expect(rows.find((r) => r.label === 'Open')?.value).toBe('Yes')
    expect(recordFields(null)).toEqual([])
  })

  it('reads a diff as before and after', () => {
    const rows = changeRows([
      { op: 'replace', path: '/open', from_value: true, value: false },
      { op: 'add', path: '/closed_by_agency', value: 'Duplicate listing' },
      { op: 'replace', path: '/details/title', from_value: 'Dev', value: 'Senior dev' },
      { op: 'remove', path: '/phone', from_value: '[erased]' },
    ])
    expect(rows.map(({ field, before, after }) => [field, before, after])).toEqual([
      ['Open', 'Yes', 'No'],
      ['Closed by agency', '(not set)', 'Duplicate listing'],
      ['Details › Title', 'Dev', 'Senior dev'],
      ['Phone', '[erased]', '(not set)'],
    ])
    expect(rows[3].beforeErased).toBe(true)
  })

  it('reads a closed choice in the words the screens use, never its code', () => {
    // the reasons' words come from the server (GET /api/admin/rejection-reasons)
    const reasons = new Map([
      ['location', 'Location or work rights'],
      ['another_candidate', 'Went with another candidate'],
      ['no_response', 'Stopped responding'],
      ['salary', 'Salary expectations'],
    ])
    const rows = changeRows(
      [
        { op: 'replace', path: '/rejection_reason', from_value: null, value: 'location' },
        { op: 'replace', path: '/stage', from_value: 'interview', value: 'rejected' },
      ],
      reasons,
    )
    expect(rows.map(({ field, before, after }) => [field, before, after])).toEqual([
      ['Rejection reason', '(empty)', 'Location or work rights'],
      ['Stage', 'Interview', 'Rejected'],
    ])
    expect(fieldValue('rejection_reason', 'another_candidate', 160, reasons)).toBe('Went with another candidate')
    expect(fieldValue('rejection_reason', 'no_response', 160, reasons)).toBe('Stopped responding')
    // before the words are in, the code
    expect(fieldValue('rejection_reason', 'no_response')).toBe('no_response')
    expect(fieldValue('rejected_from', 'screening')).toBe('Screening')
    // the record as it was: the same words
    expect(recordFields({ stage: 'rejected', rejection_reason: 'salary' }, reasons).map((r) => r.value)).toEqual(['Rejected', 'Salary expectations'])
    // a free-text reason is shown as written
    expect(fieldValue('closed_reason', 'location')).toBe('location')
  })

  it('reads a record coming into being as one row per field', () => {
    const rows = changeRows([{ op: 'replace', path: '', from_value: null, value: { title: 'Data engineer', open: true, details: { salary: '$150k' } } }])
    expect(rows.map(({ field, before, after }) => [field, before, after])).toEqual([
      ['Title', '(not set)', 'Data engineer'],
      ['Open', '(not set)', 'Yes'],
      ['Details › Salary', '(not set)', '$150k'],
    ])
  })
})
