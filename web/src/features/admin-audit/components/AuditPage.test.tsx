import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, type RouteAnswer, routeFetch, storeSession } from '../../../testing/harness'
import { twoFactorEvent } from '../../../testing/auditEvent'
import AuditPage from './AuditPage'

const MEI = {
  id: '0190aaaa-0000-7000-8000-000000000001',
  role: 'employer',
  name: 'Mei Chen',
  email: 'mei@eucalypt.example',
  company: 'Eucalypt Software',
  status: 'active',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}
const MEIKO = { ...MEI, id: '0190aaaa-0000-7000-8000-000000000002', role: 'candidate', name: 'Meiko Tan', email: 'meiko@example.com', company: null }
const EVENTS = { events: [], next_before: null }

const common: Record<string, RouteAnswer> = {
  'GET /api/admin/events/types': { body: { types: ['EmployerApproved'] } },
  'GET /api/admin/events?limit=25': { body: EVENTS },
  [`GET /api/admin/events?actor=${MEI.id}&limit=25`]: { body: EVENTS },
  [`GET /api/admin/accounts?q=${MEI.id}`]: { body: [MEI] },
  'GET /api/admin/accounts?q=me': { body: [MEI, MEIKO] },
  'GET /api/admin/accounts?q=mei+chen': { body: [MEI] },
  'GET /api/admin/accounts?q=zz': { body: [] },
}

function open(path: string) {
  const calls = routeFetch(common)
  const view = renderRoutes([{ path: '/dashboard/audit', element: <AuditPage /> }], path)
  return { calls, ...view }
}

const who = () => screen.getByRole('combobox', { name: 'Who did it' }) as HTMLInputElement
const type = (text: string) => fireEvent.change(who(), { target: { value: text } })

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', email: 'alex@harbourit.example', role: 'admin' }, { role: 'admin' }))

describe('the audit trail filtered by who did it', () => {
  it('finds a person by name as it is typed, and filters by the one picked', async () => {
    const { calls } = open('/dashboard/audit')
    await screen.findByText('No events yet')
    type('me')
    fireEvent.click(await screen.findByRole('option', { name: /Mei Chen, Eucalypt Software/ }))
    expect(who().value).toBe('Mei Chen, Eucalypt Software (employer)')
    fireEvent.click(screen.getByRole('button', { name: 'Show events' }))
    await waitFor(() => expect(calls.map((c) => c.key)).toContain(`GET /api/admin/events?actor=${MEI.id}&limit=25`))
    expect(await screen.findByText(/Showing what/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Open their employer page' }).getAttribute('href')).toBe(`/dashboard/employers/${MEI.id}`)
  })

  it('takes the only match without a pick, and says so when nobody matches', async () => {
    const { calls } = open('/dashboard/audit')
    await screen.findByText('No events yet')
    type('zz')
    expect(await screen.findByText('Nobody matches “zz”')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Show events' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Nobody matches “zz”')
    expect(calls.some((c) => c.key.includes('actor='))).toBe(false)

    type('mei chen')
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /api/admin/accounts?q=mei+chen'))
    await screen.findByRole('option', { name: /Mei Chen/ })
    fireEvent.click(screen.getByRole('button', { name: 'Show events' }))
    await waitFor(() => expect(calls.map((c) => c.key)).toContain(`GET /api/admin/events?actor=${MEI.id}&limit=25`))
  })

  it('names the person an address already filters by', async () => {
    open(`/dashboard/audit?actor=${MEI.id}`)
    await waitFor(() => expect(who().value).toBe('Mei Chen, Eucalypt Software (employer)'))
    expect(screen.getByText(/Showing what/).textContent).toBe('Showing what Mei Chen, Eucalypt Software (employer) did. Open their employer page')
  })
})

describe('the audit trail in a person’s words', () => {
  const event = twoFactorEvent()

  it('names event types in words only, never the type name in brackets', async () => {
    routeFetch({ ...common, 'GET /api/admin/events/types': { body: { types: ['EmployerApproved', 'TotpCodeAccepted'] } } })
    renderRoutes([{ path: '/dashboard/audit', element: <AuditPage /> }], '/dashboard/audit')
    await screen.findByText('No events yet')
    const select = screen.getByRole('combobox', { name: 'Event type' }) as HTMLSelectElement
    await waitFor(() => expect(select.options.length).toBe(3))
    const options = [...select.options].slice(1)
    expect(options.map((o) => o.textContent)).toEqual(['Employer approved', 'Two-factor code accepted'])
    expect(options.map((o) => o.value)).toEqual(['EmployerApproved', 'TotpCodeAccepted'])
    for (const o of options) expect(o.textContent).not.toContain('(')
  })

  it('shows each event’s sentence, with its number and type only behind Technical details', async () => {
    routeFetch({ ...common, 'GET /api/admin/events?limit=25': { body: { events: [event], next_before: null } } })
    renderRoutes([{ path: '/dashboard/audit', element: <AuditPage /> }], '/dashboard/audit')
    const list = await screen.findByRole('list', { name: 'Events, newest first' })
    const [item] = within(list).getAllByRole('listitem')
    const details = item.querySelector('details')!
    const shown = item.textContent!.replace(details.textContent!, '') + details.querySelector('summary')!.textContent
    expect(shown).toContain('Alex Admin entered a two-factor code')
    expect(shown).not.toMatch(/Event \d/)
    expect(shown).not.toContain('TotpCodeAccepted')
    expect(shown).not.toContain('Raw event')
    expect(details.open).toBe(false)
    expect(within(details).getByText('Technical details')).toBeTruthy()
    // nor above the list: the page says what it shows in words
    expect(screen.getByText('Showing the newest event').getAttribute('title')).toBe('Events 192 to 192 of the log')
    expect(document.body.textContent).not.toMatch(/Event 192|events 192/)
  })
})
