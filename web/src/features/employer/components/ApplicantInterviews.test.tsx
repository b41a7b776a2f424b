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

describe('booking an interview', () => {
  const show = (props: { stage?: 'interview' | 'rejected'; withdrawn?: boolean; interviews?: Interview[] } = {}) => {
    routeFetch({})
    render(<ApplicantInterviews applicationId="a1" name="Chloe Martin" stage={props.stage ?? 'interview'} interviews={props.interviews ?? []} withdrawn={props.withdrawn} />, {
      wrapper: providers(),
    })
  }

  it('is offered while the applicant is in the running', () => {
    show()
    expect(screen.getByRole('button', { name: 'Schedule an interview' })).toBeTruthy()
    expect(screen.getByText('No interview booked yet.')).toBeTruthy()
    expect(screen.queryByText(/withdrew/)).toBeNull()
  })

  it('is not offered once they withdrew the application, and says why (the server would refuse it)', () => {
    show({ withdrawn: true })
    expect(screen.queryByRole('button', { name: 'Schedule an interview' })).toBeNull()
    expect(screen.getByText('They withdrew this application, so no interview can be booked.')).toBeTruthy()
    expect(screen.queryByText('No interview booked yet.')).toBeNull()
  })

  it('is not offered once they are rejected, without blaming a withdrawal', () => {
    show({ stage: 'rejected' })
    expect(screen.queryByRole('button', { name: 'Schedule an interview' })).toBeNull()
    expect(screen.queryByText(/withdrew/)).toBeNull()
  })
})

describe('the details line', () => {
  const line = () => screen.getByText(/minutes/).textContent

  it('joins only the parts it has: no location, a link and interviewers', () => {
    setup([bookedInterview({ duration_minutes: 45, location: null, video_link: 'https://meet.example.com/rust', interviewers: ['Oscar Lim'] })])
    expect(line()).toBe('45 minutes · Video link (opens in a new tab) · with Oscar Lim')
  })

  it('with neither a location nor a link, has no empty separators', () => {
    setup([bookedInterview({ duration_minutes: 45, location: null, video_link: null, interviewers: ['Oscar Lim'] })])
    expect(line()).toBe('45 minutes · with Oscar Lim')
  })

  it('with everything, lists each part once', () => {
    setup([bookedInterview({ duration_minutes: 30, video_link: 'https://meet.example.com/rust', interviewers: ['Oscar Lim', 'Mei Chen'] })])
    expect(line()).toBe('30 minutes · Level 4, 1 Martin Place · Video link (opens in a new tab) · with Oscar Lim, Mei Chen')
  })
})
