import { describe, expect, it } from 'vitest'
import { pipelineCard } from '../pipeline.fixtures'
import { bulkInterviewsNote, interviewHint, interviewsCancelledText, rejectInterviewsNote, upcomingInterviews } from './upcomingInterviews'

const now = new Date('2025-11-20T00:00:00Z')
// 10 am on Tuesday 2 December in Sydney
const booked = (count: number, over = {}) => pipelineCard({ next_interview_at: '2025-12-01T23:00:00Z', upcoming_interviews: count, ...over })

describe('upcomingInterviews', () => {
  it('is the soonest and how many, or null without one', () => {
    expect(upcomingInterviews(booked(2), now)).toEqual({ next: '2025-12-01T23:00:00Z', count: 2 })
    expect(upcomingInterviews(pipelineCard(), now)).toBeNull()
  })
  it('is null once the soonest has begun since the server answered', () => {
    expect(upcomingInterviews(booked(1), new Date('2025-12-01T23:00:00Z'))).toBeNull()
  })
})

describe('interviewHint', () => {
  it('names the next interview in Sydney time, and counts the rest', () => {
    expect(interviewHint(booked(1), now)).toBe('Interview Tue 2 Dec, 10:00 am')
    expect(interviewHint(booked(3), now)).toBe('Interview Tue 2 Dec, 10:00 am (+2 more)')
    expect(interviewHint(pipelineCard(), now)).toBe('')
  })
})

describe('rejectInterviewsNote', () => {
  it('says the interview is cancelled too, with an email and a calendar update saying why', () => {
    expect(rejectInterviewsNote(booked(1), {}, now)).toBe(
      'Their interview on Tuesday 2 December at 10:00 am is cancelled too: they’ll get an email with a calendar update that removes it, saying the application is not going ahead.',
    )
    expect(rejectInterviewsNote(booked(2), {}, now)).toBe(
      'Their 2 interviews still to come, the first on Tuesday 2 December at 10:00 am, are cancelled too: they’ll get an email for each, with a calendar update that removes it, saying the application is not going ahead.',
    )
  })
  it('for an erased applicant, only that they are cancelled: there is no one to mail', () => {
    expect(rejectInterviewsNote(booked(1), { erased: true }, now)).toBe('Their interview on Tuesday 2 December at 10:00 am is cancelled too.')
  })
  it('says nothing without one', () => {
    expect(rejectInterviewsNote(pipelineCard(), {}, now)).toBe('')
  })
})

describe('bulkInterviewsNote', () => {
  const tom = pipelineCard({ id: 'a2', candidate_name: 'Tom Gallagher' })
  const erased = pipelineCard({ id: 'a3', candidate_name: '[erased]' })
  it('counts those with interviews still to come', () => {
    expect(bulkInterviewsNote([booked(1), tom], now)).toBe(
      'One of them has an interview still to come: it is cancelled too, and they’ll get an email with a calendar update that removes it, saying the application is not going ahead.',
    )
    expect(bulkInterviewsNote([booked(2), tom], now)).toBe(
      'One of them has interviews still to come: those interviews are cancelled too, and for each one the candidate gets an email with a calendar update that removes it, saying the application is not going ahead.',
    )
    expect(bulkInterviewsNote([booked(1), { ...tom, next_interview_at: '2025-12-03T00:00:00Z', upcoming_interviews: 1 }, erased], now)).toBe(
      '2 of them have interviews still to come: those interviews are cancelled too, and for each one the candidate gets an email with a calendar update that removes it, saying the application is not going ahead.',
    )
    expect(bulkInterviewsNote([booked(1), booked(1, { id: 'a2' })], now)).toBe(
      'All of them have interviews still to come: those interviews are cancelled too, and for each one the candidate gets an email with a calendar update that removes it, saying the application is not going ahead.',
    )
  })
  it('names one chosen applicant, and sends an erased one no email', () => {
    expect(bulkInterviewsNote([booked(1)], now)).toBe(
      'Chloe Martin has an interview still to come: it is cancelled too, and they’ll get an email with a calendar update that removes it, saying the application is not going ahead.',
    )
    expect(bulkInterviewsNote([booked(1, { candidate_name: '[erased]' })], now)).toBe('They have an interview still to come: it is cancelled too.')
    expect(bulkInterviewsNote([booked(1), booked(1, { id: 'a3', candidate_name: '[erased]' })], now)).toBe(
      'All of them have interviews still to come: those interviews are cancelled too, and for each one the candidate gets an email with a calendar update that removes it, saying the application is not going ahead (no email goes to anyone whose personal data was erased).',
    )
  })
  it('says nothing when none of them has one', () => {
    expect(bulkInterviewsNote([pipelineCard(), tom], now)).toBe('')
  })
})

describe('interviewsCancelledText', () => {
  it('says how many the server cancelled', () => {
    expect(interviewsCancelledText(1, { their: true })).toBe('Their interview was cancelled.')
    expect(interviewsCancelledText(2, { their: true })).toBe('Their 2 interviews were cancelled.')
    expect(interviewsCancelledText(1, { their: false })).toBe('1 interview was cancelled.')
    expect(interviewsCancelledText(3, { their: false })).toBe('3 interviews were cancelled.')
    expect(interviewsCancelledText(0, { their: true })).toBe('')
  })
})
