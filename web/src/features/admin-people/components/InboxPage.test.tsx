import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, type RouteAnswer, routeFetch, storeSession } from '../../../testing/harness'
import { OPEN_ENQUIRY } from '../people.fixtures'
import InboxPage from './InboxPage'

const STAFF = [
  { id: 'a1', name: 'Alex Admin', email: 'alex@harbourit.example', created_at: '2026-01-01T00:00:00Z', is_you: true, two_factor: true },
  { id: 'a2', name: 'Casey Ward', email: 'casey@harbourit.example', created_at: '2026-01-02T00:00:00Z', is_you: false, two_factor: true },
  { id: 'a3', name: 'Jordan Blake', email: 'jordan@harbourit.example', created_at: '2026-01-03T00:00:00Z', is_you: false, two_factor: true },
]

function openInbox(table: Record<string, RouteAnswer> = {}) {
  const calls = routeFetch({
    'GET /api/admin/admins': { body: STAFF },
    'GET /api/admin/contact-messages?status=open': { body: [OPEN_ENQUIRY] },
    ...table,
  })
  renderRoutes([{ path: '/dashboard/inbox', element: <InboxPage /> }], '/dashboard/inbox')
  return calls
}
const posts = <C extends { key: string }>(calls: C[]) => calls.filter((c) => c.key.startsWith('POST'))
const card = async () => (await screen.findByRole('heading', { level: 2, name: 'Olivia Tran' })).closest('li')!

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', role: 'admin' }, { role: 'admin' }))

describe('assigning an enquiry', () => {
  it('saves nothing while the choice moves, then assigns on Assign, keeps focus there and names who has it', async () => {
    let assignedTo: string | null = null
    const calls = openInbox({
      'GET /api/admin/contact-messages?status=open': () => ({ body: [{ ...OPEN_ENQUIRY, assigned_to: assignedTo }] }),
      'POST /api/admin/contact-messages/m1/assign': (init) => {
        assignedTo = JSON.parse(String(init?.body)).admin_id
        return { body: { message: 'Assigned' } }
      },
    })
    const c = await card()
    const select = (await within(c).findByLabelText('Assigned to')) as HTMLSelectElement
    select.focus()
    // arrowing through the list: every option passed over is a change event
    fireEvent.change(select, { target: { value: 'a1' } })
    fireEvent.change(select, { target: { value: 'a2' } })
    fireEvent.change(select, { target: { value: 'a3' } })
    expect(posts(calls)).toEqual([])
    expect(document.activeElement).toBe(select)
    expect(within(c).getByText('Not saved yet: choose Assign to pass it to Jordan Blake.')).toBeTruthy()

    const assign = within(c).getByRole('button', { name: 'Assign Olivia Tran’s enquiry' })
    assign.focus()
    fireEvent.click(assign)
    expect(await screen.findByText('Olivia Tran’s enquiry is now with Jordan Blake.')).toBeTruthy()
    expect(posts(calls).map((p) => [p.key, p.body])).toEqual([['POST /api/admin/contact-messages/m1/assign', { admin_id: 'a3' }]])
    await waitFor(() => expect(within(c).queryByText(/Not saved yet/)).toBeNull())
    expect(document.activeElement).toBe(assign)
    expect(select.value).toBe('a3')
    // nothing new chosen: pressing Assign again sends nothing
    fireEvent.click(assign)
    expect(posts(calls)).toHaveLength(1)
  })
})

describe('replying to an enquiry', () => {
  it('puts the cursor in the reply box and shows the email exactly as it will be sent', async () => {
    const calls = openInbox({ 'POST /api/admin/contact-messages/m1/reply': { body: { message: 'Reply sent' } } })
    fireEvent.click(within(await card()).getByRole('button', { name: 'Reply to Olivia Tran' }))
    const form = screen.getByRole('form', { name: 'Reply to Olivia Tran' })
    const box = within(form).getByLabelText('Your reply to Olivia Tran')
    expect(document.activeElement).toBe(box)

    const preview = within(form).getByRole('figure', { name: 'How your email will read' })
    expect(preview.textContent).toContain('olivia@example.com')
    expect(preview.textContent).toContain('Re: your enquiry to Harbour IT Recruitment')
    fireEvent.change(box, { target: { value: '  Yes, we do.\nI’ll call you tomorrow.  ' } })
    expect(preview.querySelector('.adm-mail-body')?.textContent).toBe('Hi Olivia,\n\nYes, we do.\nI’ll call you tomorrow.\n\nHarbour IT Recruitment, Sydney')
    expect(within(form).queryByText(/leave out your own/)).toBeNull()

    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }))
    expect(await screen.findByText('We emailed your reply to olivia@example.com.')).toBeTruthy()
    expect(posts(calls).map((p) => p.body)).toEqual([{ body: '  Yes, we do.\nI’ll call you tomorrow.  ' }])
    // the form closes and focus goes back to the button that opened it
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reply to Olivia Tran' })))
  })

  it('says gently, beside the box, when the reply brings its own greeting or sign-off', async () => {
    openInbox()
    fireEvent.click(within(await card()).getByRole('button', { name: 'Reply to Olivia Tran' }))
    const form = screen.getByRole('form', { name: 'Reply to Olivia Tran' })
    const box = within(form).getByLabelText('Your reply to Olivia Tran')

    fireEvent.change(box, { target: { value: 'Hi Olivia,\nYes, we do.' } })
    const greeting = within(form).getByText('The email already opens with “Hi Olivia,”, so you can leave out your own greeting.')
    expect(box.getAttribute('aria-describedby')).toContain(greeting.closest('[role="status"]')!.id)

    fireEvent.change(box, { target: { value: 'Yes, we do.\n\nKind regards,\nJordan' } })
    expect(within(form).queryByText(/own greeting/)).toBeNull()
    expect(within(form).getByText('The email already ends with “Harbour IT Recruitment, Sydney”, so you can leave out your own sign-off.')).toBeTruthy()
  })
})
