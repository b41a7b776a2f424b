import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { renderRoutes, routeFetch } from '../../../testing/harness'
import { freshEmployerTestAt, TUESDAY_MORNING, upcomingInterview } from '../employer.fixtures'
import type { UpcomingInterview } from '../types'
import InterviewsPage from './InterviewsPage'

// Tuesday 20 January 2099, 8:00 am in Sydney
freshEmployerTestAt(TUESDAY_MORNING)

const chloe = upcomingInterview({
  starts_at: '2099-01-19T23:00:00Z', // today, 10:00 am
  location: 'Level 4, 1 Martin Place',
  video_link: 'https://meet.example.com/rust',
  interviewers: ['Priya Shah', 'Tom Nguyen'],
})
const sam = upcomingInterview({
  id: 'i2',
  application_id: 'a2',
  job_id: 'j2',
  job_title: 'Data Engineer',
  candidate_name: '[erased]',
  starts_at: '2099-01-21T04:00:00Z', // Wednesday 21 January (tomorrow), 3:00 pm
  duration_minutes: 60,
})
const ari: UpcomingInterview = { ...chloe, id: 'i3', application_id: 'a3', candidate_name: 'Ari Cohen', starts_at: '2099-01-22T00:30:00Z', location: null, interviewers: [] }

function open(reply: { status?: number; body: unknown }) {
  const calls = routeFetch({ 'GET /api/employer/interviews': reply })
  renderRoutes(
    [
      { path: '/dashboard/interviews', element: <InterviewsPage /> },
      { path: '/dashboard/applicants/:applicationId', element: <p>Applicant page</p> },
      { path: '/dashboard/jobs/:jobId', element: <p>Job page</p> },
    ],
    '/dashboard/interviews',
  )
  return calls
}

const day = (name: string) => screen.getByRole('region', { name })

describe('the interviews page', () => {
  it('lists the interviews by Sydney day, each with its time, applicant, job, place and panel', async () => {
    const calls = open({ body: [chloe, sam, ari] })
    expect(await screen.findByRole('heading', { name: 'Today' })).toBeTruthy()
    expect(calls[0].auth).toMatch(/^Bearer /)
    expect(screen.getByText(/^The booked interviews that haven’t finished yet, across all your jobs, soonest first\./).textContent).toContain('Times are Sydney time.')
    // it lists those under way too, so it does not call them still to come
    expect(screen.queryByText(/still to come/)).toBeNull()
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Today', 'Tomorrow', 'Thursday 22 January'])

    const today = day('Today')
    expect(within(today).getByText('10:00 – 10:45 am')).toBeTruthy()
    expect(within(today).getByRole('link', { name: 'Chloe Martin' }).getAttribute('href')).toBe('/dashboard/applicants/a1')
    expect(within(today).getByRole('link', { name: 'Senior Rust Engineer' }).getAttribute('href')).toBe('/dashboard/jobs/j1')
    // a new tab, said to a screen reader as to the eye
    const call = within(today).getByRole('link', { name: 'Join video call (opens in a new tab)' })
    expect(call.getAttribute('href')).toBe('https://meet.example.com/rust')
    expect(call.getAttribute('target')).toBe('_blank')
    expect(call.getAttribute('rel')).toBe('noopener noreferrer')
    expect(within(today).getByText('Level 4, 1 Martin Place')).toBeTruthy()
    expect(within(today).getByText('With Priya Shah, Tom Nguyen')).toBeTruthy()

    // an erased applicant reads as such, still linked; no place, no panel, no empty lines
    const tomorrow = day('Tomorrow')
    expect(within(tomorrow).getByText('3:00 – 4:00 pm')).toBeTruthy()
    expect(within(tomorrow).getByRole('link', { name: 'Erased person' }).getAttribute('href')).toBe('/dashboard/applicants/a2')
    expect(within(tomorrow).queryByRole('link', { name: /Join video call/ })).toBeNull()
    expect(within(tomorrow).queryByText(/^With /)).toBeNull()
    expect(document.body.textContent).not.toContain('[erased]')

    expect(within(day('Thursday 22 January')).getByText('11:30 am – 12:15 pm')).toBeTruthy()
  })

  it('opens the applicant from their name', async () => {
    open({ body: [chloe] })
    fireEvent.click(await screen.findByRole('link', { name: 'Chloe Martin' }))
    expect(await screen.findByText('Applicant page')).toBeTruthy()
  })

  it('opens the job from its title', async () => {
    open({ body: [chloe] })
    fireEvent.click(await screen.findByRole('link', { name: 'Senior Rust Engineer' }))
    expect(await screen.findByText('Job page')).toBeTruthy()
  })

  it('says how to book one when none is booked', async () => {
    open({ body: [] })
    expect(await screen.findByRole('heading', { name: 'No interviews booked' })).toBeTruthy()
    expect(screen.getByText('Book one from an applicant’s page, under Interviews.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to your jobs' }).getAttribute('href')).toBe('/dashboard')
  })

  it('shows a loading state, then says when the list did not load, with a retry', async () => {
    open({ status: 503, body: { error: 'Service unavailable' } })
    expect(screen.getByRole('status', { name: 'Loading your interviews' })).toBeTruthy()
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})
