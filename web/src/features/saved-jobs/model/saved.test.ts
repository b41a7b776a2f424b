import { describe, expect, it } from 'vitest'
import { isSaved, saveLabel, savedStanding } from './saved'

describe('saved jobs', () => {
  it('says whether a saved job can still be applied for', () => {
    expect(savedStanding({ status: 'open' })).toMatchObject({ label: 'Open', open: true })
    expect(savedStanding({ status: 'expired' })).toMatchObject({ label: 'Closing date passed', open: false })
    expect(savedStanding({ status: 'closed' })).toMatchObject({ label: 'Closed', open: false })
    expect(savedStanding({ status: 'draft' }).open).toBe(false)
  })

  it('finds a job in the list and names the button for what it will do', () => {
    const list = [{ job_id: 'a', title: 'T', company: 'C', location: 'L', type: 'Full-time' as const, salary: '', status: 'open' as const, saved_at: '' }]
    expect(isSaved(list, 'a')).toBe(true)
    expect(isSaved(list, 'b')).toBe(false)
    expect(isSaved(undefined, 'a')).toBe(false)
    expect(saveLabel(false, 'Rust Engineer')).toBe('Save Rust Engineer')
    expect(saveLabel(true, 'Rust Engineer')).toBe('Remove Rust Engineer from saved jobs')
  })
})
