import { describe, expect, it } from 'vitest'
import { formatSydney, interviewForm, sydneyLocalInput, toInterviewBody } from './interview'

describe('interview times in Sydney', () => {
  it('reads an instant as Sydney wall time, daylight saving included', () => {
    expect(sydneyLocalInput('2026-11-24T23:00:00Z')).toBe('2026-11-25T10:00')
    expect(sydneyLocalInput('2026-07-01T00:00:00Z')).toBe('2026-07-01T10:00')
  })

  it('labels a shown time as Sydney time', () => {
    expect(formatSydney('2026-11-24T23:00:00Z')).toMatch(/25 Nov 2026.*10:00.*\(Sydney\)$/)
  })

  it('builds the body from the form, splitting interviewers on commas', () => {
    expect(toInterviewBody({ date: '2026-12-01', time: '09:30', duration: '45', location: ' ', video_link: 'https://meet.example.com/x', interviewers: 'Mei Chen, , Arjun' })).toEqual({
      starts_at_local: '2026-12-01T09:30',
      duration_minutes: 45,
      video_link: 'https://meet.example.com/x',
      interviewers: ['Mei Chen', 'Arjun'],
    })
  })

  it('fills the reschedule form from a booked interview', () => {
    const f = interviewForm({ id: 'i', application_id: 'a', job_title: 'j', starts_at: '2026-11-24T23:00:00Z', duration_minutes: 60, location: null, video_link: 'https://v', interviewers: ['A', 'B'], status: 'scheduled', cancel_reason: null, updated_at: '' })
    expect(f).toMatchObject({ date: '2026-11-25', time: '10:00', interviewers: 'A, B', location: '' })
  })
})
