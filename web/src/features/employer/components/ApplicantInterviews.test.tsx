import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, providers, routeFetch, storeSession } from '../../../testing/harness'
import { bookedInterview } from '../pipeline.fixtures'
import type { Interview } from '../types'
import { ApplicantInterviews } from './ApplicantInterviews'

freshEachTest(() => storeSession('employer', { name: 'Mei Chen', role: 'employer' }, { role: 'employer' }))

const booked = bookedInterview()

function setup(interviews: Interview[] = [], erased = false) {
  const calls = routeFetch({
    // the server's own replies, which repeat the title
    'POST /api/employer/applications/a1/interviews': { status: 201, body: { id: 'i2', message: 'Interview booked. The candidate has been sent an invitation.' } },
    'PUT /api/employer/interviews/i1': { body: { message: 'Interview moved. The candidate has been sent the new time.' } },
    'POST /api/employer/interviews/i1/cancel': { body: { message: 'Interview cancelled. The candidate has been told.' } },
  })
  const name = erased ? 'Erased person' : 'Chloe Martin'
  render(<ApplicantInterviews applicationId="a1" name={name} stage="interview" interviews={interviews} erased={erased} />, { wrapper: providers() })
  return calls
}

const toast = () => document.querySelector('.toast')

describe('the toast after booking, moving or cancelling an interview', () => {
  it('booking: names who was emailed the invitation, without repeating the title', async () => {
    const calls = setup()
    fireEvent.click(screen.getByRole('button', { name: 'Schedule an interview' }))
    const dialog = screen.getByRole('dialog', { name: 'Schedule an interview' })
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2099-01-21' } })
    fireEvent.change(within(dialog).getByLabelText('Place'), { target: { value: 'Level 4' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book and invite' }))
    await waitFor(() => expect(toast()).toBeTruthy())
    expect(toast()!.querySelector('strong')?.textContent).toBe('Interview booked')
    expect(toast()!.querySelector('p')?.textContent).toBe('We’ve emailed Chloe Martin the invitation.')
    expect(calls.some((c) => c.key === 'POST /api/employer/applications/a1/interviews')).toBe(true)
  })

  it('moving: names who was emailed the new time', async () => {
    setup([booked])
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule' }))
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Reschedule the interview' })).getByRole('button', { name: 'Save new time' }))
    await waitFor(() => expect(toast()).toBeTruthy())
    expect(toast()!.textContent).toBe('Interview movedWe’ve emailed Chloe Martin the new time.')
  })

  it('cancelling: names who was told', async () => {
    setup([booked])
    fireEvent.click(screen.getByRole('button', { name: 'Cancel interview' }))
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel the interview' })).getByRole('button', { name: 'Cancel interview' }))
    await waitFor(() => expect(toast()).toBeTruthy())
    expect(toast()!.querySelector('p')?.textContent).toBe('We’ve emailed Chloe Martin to say so, with a calendar update that removes it.')
  })

  it('cancelling for an erased applicant says no email went', async () => {
    setup([booked], true)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel interview' }))
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel the interview' })).getByRole('button', { name: 'Cancel interview' }))
    await waitFor(() => expect(toast()).toBeTruthy())
    expect(toast()!.querySelector('p')?.textContent).toBe('No email went out, as their personal data was erased.')
  })
})

describe('the video link', () => {
  it('opens a booked interview’s call in a new tab, and is gone once it is cancelled', () => {
    setup([
      bookedInterview({ id: 'i1', video_link: 'https://meet.example.com/rust' }),
      bookedInterview({ id: 'i2', video_link: 'https://meet.example.com/old', status: 'cancelled', cancel_reason: 'The application is not going ahead.' }),
    ])
    const links = screen.getAllByRole('link', { name: /Video link/ })
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://meet.example.com/rust'])
    expect(links[0].getAttribute('target')).toBe('_blank')
    expect(screen.getByText('Reason: The application is not going ahead.')).toBeTruthy()
  })
})
