import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { applicationInterview } from '../candidate.fixtures'
import type { ApplicationInterview } from '../types'
import { ApplicationInterviews } from './ApplicationInterviews'

const cancelled = (over: Partial<ApplicationInterview> = {}) => applicationInterview({ status: 'cancelled', ...over })

describe('a cancelled interview on the application card', () => {
  it('gives the reason as it stands, without saying who cancelled it (the server cancels it when the application ends)', () => {
    render(<ApplicationInterviews interviews={[cancelled({ cancel_reason: 'The application was withdrawn.' })]} jobTitle="Rust Engineer" />)
    expect(screen.getByText('Cancelled: The application was withdrawn.')).toBeTruthy()
    expect(screen.queryByText(/employer cancelled/)).toBeNull()
  })

  it('offers no video call to join', () => {
    render(<ApplicationInterviews interviews={[cancelled({ video_link: 'https://meet.example.com/x', cancel_reason: 'The role was filled.' })]} jobTitle="Rust Engineer" />)
    expect(screen.queryByRole('link', { name: /video call/ })).toBeNull()
  })

  it('without a reason, says the employer cancelled it', () => {
    render(<ApplicationInterviews interviews={[cancelled()]} jobTitle="Rust Engineer" />)
    expect(screen.getByText('The employer cancelled this interview.')).toBeTruthy()
  })
})
