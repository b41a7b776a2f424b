/** Interview times: entered and shown in Australia/Sydney whatever the browser's own zone. */
import { SYDNEY, sydneyParts } from '../../../lib/format'
import type { Interview, InterviewBody } from '../types'

/** "YYYY-MM-DDTHH:MM" in Sydney for an instant: what the server takes as starts_at_local. */
export function sydneyLocalInput(iso: string): string {
  const p = sydneyParts(new Date(iso), { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/** "Tue 25 Nov 2026, 10:00 am (Sydney)". */
export function formatSydney(iso: string): string {
  const text = new Intl.DateTimeFormat('en-AU', { timeZone: SYDNEY, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso))
  return `${text} (Sydney)`
}

export type InterviewForm = { date: string; time: string; duration: string; location: string; video_link: string; interviewers: string }

export const EMPTY_INTERVIEW_FORM: InterviewForm = { date: '', time: '10:00', duration: '60', location: '', video_link: '', interviewers: '' }

export function toInterviewBody(f: InterviewForm): InterviewBody {
  const body: InterviewBody = { starts_at_local: `${f.date}T${f.time}`, duration_minutes: Number(f.duration) }
  if (f.location.trim()) body.location = f.location.trim()
  if (f.video_link.trim()) body.video_link = f.video_link.trim()
  const people = f.interviewers
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (people.length) body.interviewers = people
  return body
}

export function interviewForm(i: Interview): InterviewForm {
  const [date, time] = sydneyLocalInput(i.starts_at).split('T')
  return {
    date,
    time,
    duration: String(i.duration_minutes),
    location: i.location ?? '',
    video_link: i.video_link ?? '',
    interviewers: i.interviewers.join(', '),
  }
}
