import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { freshEachTest, renderRoutes, type RouteAnswer, routeFetch, storeSession } from '../../../testing/harness'
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
