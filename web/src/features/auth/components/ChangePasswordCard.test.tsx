import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { makeJwt } from '../../../lib/session.fixtures'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { ChangePasswordCard } from './ChangePasswordCard'

const CHANGED = 'Your password has been changed. You have been signed out on your other devices.'
const RULE = 'Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character'
const card = () => screen.getByRole('region', { name: 'Change your password' })

function fill(current: string, next: string, confirm = next) {
  fireEvent.change(within(card()).getByLabelText('Current password'), { target: { value: current } })
  fireEvent.change(within(card()).getByLabelText('New password'), { target: { value: next } })
  fireEvent.change(within(card()).getByLabelText('Confirm new password'), { target: { value: confirm } })
  fireEvent.click(within(card()).getByRole('button', { name: 'Change password' }))
}

const fieldError = (label: string) => {
  const input = within(card()).getByLabelText(label)
  const id = input.getAttribute('aria-describedby')?.split(' ').find((x) => x.endsWith('-error'))
  return id ? document.getElementById(id)?.textContent : null
}

describe('change your password', () => {
  freshEachTest(() => storeSession('candidate', { name: 'Jane' }))
  const render = () => renderRoutes([{ path: '/', element: <ChangePasswordCard role="candidate" /> }], '/')

  it('sends the current and new password, stores the new token and says what happened', async () => {
    const fresh = makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, sub: 'new' })
    const old = localStorage.getItem('authToken')
    const calls = routeFetch({ 'POST /api/auth/change-password': { body: { message: CHANGED, token: fresh } } })
    render()
    // a long passphrase fits: no maxLength on any of the three
    const long = `Harbour-Sunset-Over-The-Bay!${'q'.repeat(60)}`
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(within(card()).getByLabelText(label).getAttribute('maxlength')).toBeNull()
    }
    fill('Old#Pass1', long)
    expect((await within(card()).findByRole('status')).textContent).toBe(CHANGED)
    expect(calls).toEqual([{ key: 'POST /api/auth/change-password', body: { currentPassword: 'Old#Pass1', newPassword: long }, auth: `Bearer ${old}` }])
    expect(localStorage.getItem('authToken')).toBe(fresh)
    expect(localStorage.getItem('candidateData')).toBe('{"name":"Jane"}')
    // the form is empty again
    expect((within(card()).getByLabelText('New password') as HTMLInputElement).value).toBe('')
  })

  it('checks the form here first: nothing is sent', async () => {
    const calls = routeFetch({})
    render()
    fill('', 'weakpass', 'weakpas')
    expect(fieldError('Current password')).toBe('Enter your current password')
    expect(fieldError('New password')).toBe(RULE)
    fill('Old#Pass1', 'New#Pass1', 'New#Pass2')
    expect(fieldError('Confirm new password')).toBe('Passwords do not match')
    expect(calls).toHaveLength(0)
  })

  it('shows each refusal by its field, and a throttle above the form', async () => {
    routeFetch({
      'POST /api/auth/change-password': [
        { status: 422, body: { error: 'Your current password is not right' } },
        { status: 422, body: { error: 'This password is too common. Choose one that is harder to guess.' } },
        { status: 429, body: { error: 'Too many attempts. Please wait a few minutes and try again.' } },
      ],
    })
    const before = localStorage.getItem('authToken')
    render()
    fill('Wrong#Pass1', 'New#Pass1')
    await waitFor(() => expect(fieldError('Current password')).toBe('Your current password is not right'))
    fill('Old#Pass1', 'Password1!')
    await waitFor(() => expect(fieldError('New password')).toBe('This password is too common. Choose one that is harder to guess.'))
    expect(fieldError('Current password')).toBeNull()
    fill('Old#Pass1', 'New#Pass1')
    await waitFor(() => expect(within(card()).getAllByRole('alert').map((a) => a.textContent)).toContain('Too many attempts. Please wait a few minutes and try again.'))
    expect(localStorage.getItem('authToken')).toBe(before)
  })

  it('shows and hides the new password', () => {
    routeFetch({})
    render()
    const input = within(card()).getByLabelText('New password') as HTMLInputElement
    expect(input.type).toBe('password')
    fireEvent.click(within(card()).getByRole('button', { name: 'Show new password' }))
    expect(input.type).toBe('text')
  })
})
