import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, type RouteAnswer, routeFetch, storeSession } from '../../../testing/harness'
import OutboxPage from './OutboxPage'

const RAW = '550 5.1.1 <j.morrison@oldcompany.example>: Recipient address rejected: User unknown'
const failed = {
  id: 'o1',
  recipient: 'j.morrison@oldcompany.example',
  subject: 'Your Harbour IT Recruitment employer account',
  attempts: 8,
  last_error: RAW,
  created_at: '2026-11-20T00:00:00Z',
  sent_at: null,
  next_attempt_at: '2026-11-20T04:00:00Z',
  state: 'failed',
}

function openOutbox(table: Record<string, RouteAnswer> = {}) {
  const calls = routeFetch({ 'GET /api/admin/outbox?state=failed': { body: [failed] }, ...table })
  renderRoutes([{ path: '/dashboard/outbox', element: <OutboxPage /> }], '/dashboard/outbox?state=failed')
  return calls
}
const posts = <C extends { key: string }>(calls: C[]) => calls.filter((c) => c.key.startsWith('POST'))
const SEND_AGAIN = 'Send “Your Harbour IT Recruitment employer account” to j.morrison@oldcompany.example again'

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', role: 'admin' }, { role: 'admin' }))

describe('the mail outbox', () => {
  it('reads a failure in plain words beside the error as it came', async () => {
    openOutbox()
    const table = await screen.findByRole('table', { name: 'Mail' })
    expect(within(table).getByText('Their mail server says this address does not exist. Check it with them before sending again.')).toBeTruthy()
    expect(within(table).getByText(RAW)).toBeTruthy()
  })

  it('keeps an error it cannot read as it came', async () => {
    openOutbox({ 'GET /api/admin/outbox?state=failed': { body: [{ ...failed, last_error: 'something odd happened' }] } })
    const table = await screen.findByRole('table', { name: 'Mail' })
    expect(within(table).getByText('something odd happened').closest('span')?.textContent).toBe('Last error: something odd happened')
  })

  it('asks before sending a failed mail again, naming who it is for and what went wrong', async () => {
    const calls = openOutbox({ 'POST /api/admin/outbox/o1/resend': { body: { message: 'Queued to send again' } } })
    fireEvent.click(await screen.findByRole('button', { name: SEND_AGAIN }))
    const dialog = screen.getByRole('dialog', { name: 'Send this mail to j.morrison@oldcompany.example again?' })
    expect(within(dialog).getByText('“Your Harbour IT Recruitment employer account” to j.morrison@oldcompany.example was not delivered after 8 attempts.')).toBeTruthy()
    expect(within(dialog).getByText(/this address does not exist/)).toBeTruthy()
    expect(within(dialog).getByText(RAW)).toBeTruthy()
    expect(posts(calls)).toEqual([])

    // Cancel sends nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(posts(calls)).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: SEND_AGAIN }))
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send again' }))
    expect(await screen.findByText('Queued to send again')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(posts(calls).map((c) => c.key)).toEqual(['POST /api/admin/outbox/o1/resend'])
  })

  it('links a failed mail to the account it was sent to, to check the address there', async () => {
    const lookup = `GET /api/admin/accounts?q=${encodeURIComponent(failed.recipient)}`
    const jane = { id: 'e1', name: 'Jane Morrison', email: 'J.Morrison@oldcompany.example', company: 'Old Company', role: 'employer', status: 'active', created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z' }
    // the lookup matches parts of emails too: only the exact address (any case) counts
    const other = { ...jane, id: 'e2', name: 'Jo Morrison', email: 'jo.j.morrison@oldcompany.example' }
    const calls = openOutbox({ [lookup]: { body: [other, jane] } })
    const link = await screen.findByRole('link', { name: 'Open Jane Morrison’s account to check the address' })
    expect(link.getAttribute('href')).toBe('/dashboard/employers/e1')
    expect(calls.map((c) => c.key)).toContain(lookup)
  })

  it('links a candidate’s failed mail to their record', async () => {
    const lookup = `GET /api/admin/accounts?q=${encodeURIComponent(failed.recipient)}`
    const sam = { id: 'c1', name: 'Sam Lee', email: failed.recipient, role: 'candidate', status: 'active', created_at: '2026-11-01T00:00:00Z', updated_at: '2026-11-01T00:00:00Z' }
    openOutbox({ [lookup]: { body: [sam] } })
    expect((await screen.findByRole('link', { name: 'Open Sam Lee’s account to check the address' })).getAttribute('href')).toBe('/dashboard/candidates/c1')
  })

  it('shows no account link when no candidate or employer has the address', async () => {
    const lookup = `GET /api/admin/accounts?q=${encodeURIComponent(failed.recipient)}`
    const calls = openOutbox({ [lookup]: { body: [] } })
    await screen.findByRole('table', { name: 'Mail' })
    await waitFor(() => expect(calls.map((c) => c.key)).toContain(lookup))
    expect(screen.queryByRole('link', { name: /account to check the address/ })).toBeNull()
  })

  it('keeps the dialog open with the reason when the mail could not be queued again', async () => {
    openOutbox({ 'POST /api/admin/outbox/o1/resend': { status: 422, body: { error: 'Only a failed mail can be sent again' } } })
    fireEvent.click(await screen.findByRole('button', { name: SEND_AGAIN }))
    const dialog = screen.getByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send again' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only a failed mail can be sent again')
  })
})
