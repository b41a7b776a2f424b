import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ApplicationInterview } from '../types'
import { ApplicationInterviews } from './ApplicationInterviews'

const interview = (over: Partial<ApplicationInterview>): ApplicationInterview => ({
  id: 'i1',
  application_id: 'a1',
  job_title: 'Rust Engineer',
  starts_at: '2099-12-01T23:00:00Z',
  duration_minutes: 60,
  location: null,
  video_link: null,
  interviewers: [],
  status: 'cancelled',
  cancel_reason: null,
  updated_at: '2098-11-19T00:00:00Z',
  ...over,
})

describe('a cancelled interview on the application card', () => {
  it('gives the reason as it stands, without saying who cancelled it (the server cancels it when the application ends)', () => {
    render(<ApplicationInterviews interviews={[interview({ cancel_reason: 'The application was withdrawn.' })]} jobTitle="Rust Engineer" />)
    expect(screen.getByText('Cancelled: The application was withdrawn.')).toBeTruthy()
    expect(screen.queryByText(/employer cancelled/)).toBeNull()
  })

  it('offers no video call to join', () => {
    render(<ApplicationInterviews interviews={[interview({ video_link: 'https://meet.example.com/x', cancel_reason: 'The role was filled.' })]} jobTitle="Rust Engineer" />)
    expect(screen.queryByRole('link', { name: /video call/ })).toBeNull()
  })

  it('without a reason, says the employer cancelled it', () => {
    render(<ApplicationInterviews interviews={[interview({})]} jobTitle="Rust Engineer" />)
    expect(screen.getByText('The employer cancelled this interview.')).toBeTruthy()
  })
})
