import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api'
import { freshEachTest } from '../../../testing/harness'
import { ALERT_TEXTS, type AlertForm } from '../model/alerts'
import { AlertDialog } from './AlertDialog'

freshEachTest()

const SYD = 'a1b2c3d4-0000-4000-8000-000000000001'
const reference = { locations: [{ id: SYD, display_name: 'Sydney' }], salaryRanges: [] }

function renderDialog(mode: 'save' | 'edit', send: (f: AlertForm) => Promise<{ message?: string }>, initial?: Partial<AlertForm>, shownTitles?: string[]) {
  const onSaved = vi.fn()
  render(
    <AlertDialog
      mode={mode}
      initial={{ name: 'Go jobs in Sydney', keywords: 'go', location_id: SYD, frequency: 'instant', ...initial }}
      reference={reference}
      shownTitles={shownTitles}
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

describe('keywords the jobs shown hold only as parts of words', () => {
  const titles = ['Senior Developer', 'DevOps Engineer', 'Dev Lead']
  const dev = { name: 'Dev jobs in Sydney', keywords: 'dev' }

  it('says how many of the jobs shown the alert would miss, and offers whole words from their titles', () => {
    renderDialog('save', vi.fn(), dev, titles)
    const note = screen.getByText('Alerts match whole words, so “dev” would not find 2 of the 3 jobs shown here.')
    const advice = note.closest('.alert') as HTMLElement
    expect(within(advice).getAllByRole('button').map((b) => b.textContent)).toEqual(['Use “developer”', 'Use “devops”'])
  })

  it('sends the chosen word instead, the suggested name following it', async () => {
    const send = vi.fn(async () => ({ message: 'Job alert saved' }))
    const { onSaved, submit } = renderDialog('save', send, dev, titles)
    fireEvent.click(screen.getByRole('button', { name: 'Use “developer”' }))
    expect(screen.getByText('“developer” in the title')).toBeTruthy()
    expect((screen.getByLabelText('Alert name') as HTMLInputElement).value).toBe('Developer jobs in Sydney')
    // still true of the jobs shown, and said so: "developer" is not in "DevOps Engineer" or "Dev Lead"
    expect(screen.getByText('Alerts match whole words, so “developer” would not find 2 of the 3 jobs shown here.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull()
    expect(document.activeElement?.classList.contains('alert-looks-for')).toBe(true)
    submit()
    await waitFor(() => expect(onSaved).toHaveBeenCalled())
    expect(send).toHaveBeenCalledWith({ name: 'Developer jobs in Sydney', keywords: 'developer', location_id: SYD, frequency: 'instant' })
  })

  it('keeps a name the person has typed', async () => {
    const send = vi.fn(async () => ({}))
    const { submit } = renderDialog('save', send, dev, titles)
    fireEvent.change(screen.getByLabelText('Alert name'), { target: { value: 'My dev alert' } })
    fireEvent.click(screen.getByRole('button', { name: 'Use “devops”' }))
    submit()
    await waitFor(() => expect(send).toHaveBeenCalledWith({ name: 'My dev alert', keywords: 'devops', location_id: SYD, frequency: 'instant' }))
  })

  it('lets the person save as is', async () => {
    const send = vi.fn(async () => ({}))
    const { submit } = renderDialog('save', send, dev, titles)
    submit()
    await waitFor(() => expect(send).toHaveBeenCalledWith({ name: 'Dev jobs in Sydney', keywords: 'dev', location_id: SYD, frequency: 'instant' }))
  })

  it('says nothing when the alert would send every job shown', () => {
    renderDialog('save', vi.fn(), { name: 'Developer jobs', keywords: 'developer' }, ['Senior Developer', 'Developer (Java)'])
    expect(screen.queryByText(/Alerts match whole words/)).toBeNull()
  })

  it('says nothing when editing an alert', () => {
    renderDialog('edit', vi.fn(), dev, titles)
    expect(screen.queryByText(/Alerts match whole words/)).toBeNull()
    expect(screen.queryByRole('button', { name: /^Use / })).toBeNull()
  })
})
