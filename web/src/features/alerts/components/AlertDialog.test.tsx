import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api'
import { freshEachTest } from '../../../testing/harness'
import { ALERT_TEXTS, type AlertForm } from '../model/alerts'
import { AlertDialog } from './AlertDialog'

freshEachTest()

const SYD = 'a1b2c3d4-0000-4000-8000-000000000001'
const reference = { locations: [{ id: SYD, display_name: 'Sydney' }], salaryRanges: [] }

function renderDialog(mode: 'save' | 'edit', send: (f: AlertForm) => Promise<{ message?: string }>, initial?: Partial<AlertForm>) {
  const onSaved = vi.fn()
  render(
    <AlertDialog
      mode={mode}
      initial={{ name: 'Go jobs in Sydney', keywords: 'go', location_id: SYD, frequency: 'instant', ...initial }}
      reference={reference}
      onClose={() => {}}
      send={send}
      onSaved={onSaved}
    />,
  )
  return { onSaved, submit: () => fireEvent.click(screen.getByRole('button', { name: mode === 'save' ? 'Save alert' : 'Save changes' })) }
}

describe('the alert dialog', () => {
  it('shows the search in words and sends the named form with the chosen frequency', async () => {
    const send = vi.fn(async () => ({ message: 'Job alert saved' }))
    const { onSaved, submit } = renderDialog('save', send)
    expect(screen.getByText('“go” in the title')).toBeTruthy()
    expect(screen.getByText('Sydney')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: /Daily digest/ }))
    submit()
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Job alert saved'))
    expect(send).toHaveBeenCalledWith({ name: 'Go jobs in Sydney', keywords: 'go', location_id: SYD, frequency: 'daily' })
  })

  it('puts a 422 text under its field', async () => {
    const { submit } = renderDialog('edit', async () => {
      throw new ApiError(422, 'Please choose a location from the list')
    })
    submit()
    const error = await screen.findByText('Please choose a location from the list')
    expect(error.closest('.form-field')?.querySelector('label')?.textContent).toBe('Location')
    expect((screen.getByLabelText('Location') as HTMLSelectElement).getAttribute('aria-invalid')).toBe('true')
  })

  it('shows the 20-alert limit as the server words it, above the form', async () => {
    const { onSaved, submit } = renderDialog('save', async () => {
      throw new ApiError(409, ALERT_TEXTS.limit)
    })
    submit()
    expect((await screen.findByRole('alert')).textContent).toBe('You can keep up to 20 job alerts. Delete one to add another.')
    expect(onSaved).not.toHaveBeenCalled()
  })

  it('sends nothing when there is nothing to look for or no name', async () => {
    const send = vi.fn(async () => ({}))
    const { submit } = renderDialog('save', send, { name: ' ', keywords: undefined, location_id: undefined })
    submit()
    await screen.findByText(ALERT_TEXTS.noCriteria)
    expect(screen.getByText(ALERT_TEXTS.nameRequired)).toBeTruthy()
    expect(send).not.toHaveBeenCalled()
  })
})
