import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AU_PHONE_MESSAGE, EMAIL_MESSAGE } from '../../../lib/validation'
import { freshEachTest, providers } from '../../../testing/harness'
import { CONTACT_FAILURE_ALERT, CONTACT_SUCCESS_MESSAGE, CONTACT_SUCCESS_MS, ContactForm } from './ContactForm'

const renderForm = () => render(<ContactForm />, { wrapper: providers() })

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

function fillValid() {
  type(/first name/i, 'Jane')
  type(/last name/i, 'Citizen')
  type(/email address/i, 'jane@example.com')
  type(/phone number/i, '0412 345 678')
  type(/how can we help/i, 'We need two data engineers.')
}

const submitButton = () => screen.getByRole('button', { name: /send message|sending/i })

describe('ContactForm', () => {
  freshEachTest()
  let fetchMock: ReturnType<typeof vi.fn>
  beforeEach(() => {
    fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('checks each change, disables submit while an error exists and clears it when corrected', () => {
    renderForm()
    type(/email address/i, 'jane@')
    expect(screen.getByText(EMAIL_MESSAGE)).toBeTruthy()
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true)
    type(/email address/i, 'jane@example.com')
    expect(screen.queryByText(EMAIL_MESSAGE)).toBeNull()
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false)

    type(/phone number/i, '612')
    expect(screen.getByText(AU_PHONE_MESSAGE)).toBeTruthy()
    type(/phone number/i, '')
    expect(screen.queryByText(AU_PHONE_MESSAGE)).toBeNull()
  })

  it('sends the payload, shows Sending..., then the success message for 5 s with the form cleared', async () => {
    let resolve!: (r: Response) => void
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)))
    renderForm()
    fillValid()
    fireEvent.click(submitButton())

    const sending = await screen.findByRole('button', { name: 'Sending...' })
    expect((sending as HTMLButtonElement).disabled).toBe(true)
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe('/api/contact')
    expect(init.method).toBe('POST')
    expect(JSON.parse(init.body)).toEqual({
      firstName: 'Jane',
      lastName: 'Citizen',
      email: 'jane@example.com',
      phone: '0412 345 678',
      message: 'We need two data engineers.',
      to_name: 'Harbour IT Recruitment',
      from_name: 'Jane Citizen',
    })

    vi.useFakeTimers()
    await act(async () => {
      resolve(new Response(JSON.stringify({ message: 'OK' }), { status: 200 }))
    })
    expect(screen.getByText(CONTACT_SUCCESS_MESSAGE)).toBeTruthy()
    expect((screen.getByLabelText(/first name/i) as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText(/how can we help/i) as HTMLTextAreaElement).value).toBe('')

    act(() => vi.advanceTimersByTime(CONTACT_SUCCESS_MS - 10))
    expect(screen.queryByText(CONTACT_SUCCESS_MESSAGE)).not.toBeNull()
    act(() => vi.advanceTimersByTime(20))
    expect(screen.queryByText(CONTACT_SUCCESS_MESSAGE)).toBeNull()
  })

  it('alerts on failure and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ error: 'boom' }), { status: 500 }))
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderForm()
    fillValid()
    await act(async () => {
      fireEvent.click(submitButton())
    })
    expect(alert).toHaveBeenCalledWith(CONTACT_FAILURE_ALERT)
    expect(CONTACT_FAILURE_ALERT).toBe('Failed to send message. Please try again later.')
    expect((screen.getByLabelText(/first name/i) as HTMLInputElement).value).toBe('Jane')
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy()
  })

  it('does not send an incomplete form and shows the required-field errors', async () => {
    renderForm()
    await act(async () => {
      fireEvent.click(submitButton())
    })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(screen.getByText('Please enter your first name')).toBeTruthy()
    expect((submitButton() as HTMLButtonElement).disabled).toBe(true)
  })
})
