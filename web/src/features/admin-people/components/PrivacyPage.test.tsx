import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import PrivacyPage from './PrivacyPage'

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', role: 'admin' }, { role: 'admin' }))

describe('the Privacy page', () => {
  it('lists the erasures: who, grounds, requested by, erased and completed', async () => {
    const calls = routeFetch({
      'GET /api/admin/erasures?limit=200': {
        body: {
          erasures: [
            { subject_id: 'c1c1c1c1-0000', subject_kind: 'candidate', grounds: 'person_asked', requested_by: 'a1', requested_by_name: 'Alex Admin', erased_at: '2026-11-23T01:00:00Z', completed_at: null },
            { subject_id: 'e1e1e1e1-0000', subject_kind: 'employer', grounds: 'person_asked', requested_by: 'e1e1e1e1-0000', requested_by_name: '[erased]', erased_at: '2026-11-22T02:00:00Z', completed_at: '2026-11-22T02:00:01Z' },
            { subject_id: 'm1m1m1m1-0000', subject_kind: 'contact_message', grounds: 'retention_period', requested_by: null, requested_by_name: null, erased_at: '2026-11-22T01:00:00Z', completed_at: '2026-11-22T01:00:05Z' },
          ],
        },
      },
    })
    renderRoutes([{ path: '/dashboard/privacy', element: <PrivacyPage /> }], '/dashboard/privacy')
    const rows = within(await screen.findByRole('table')).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(rows[0].textContent).toContain('Erased candidate')
    expect(rows[0].textContent).toContain('The person asked')
    expect(rows[0].textContent).toContain('Alex Admin')
    expect(rows[0].textContent).toContain('In progress')
    // what they were and the day, never a piece of their id (that stays on hover, for an auditor)
    const candidate = within(rows[0]).getByRole('link', { name: 'Erased candidate, erased 23 Nov 2026' })
    expect(candidate.getAttribute('href')).toBe('/dashboard/candidates/c1c1c1c1-0000')
    expect(candidate.textContent).toBe('Erased candidate')
    expect(candidate.getAttribute('title')).toBe('c1c1c1c1-0000')
    // someone who erased their own account: never “[erased]” as the requester
    expect(rows[1].textContent).toContain('The person themselves')
    expect(rows[1].textContent).not.toContain('[erased]')
    expect(within(rows[1]).getByRole('link', { name: /^Erased employer, erased / }).getAttribute('href')).toBe('/dashboard/audit/streams/account-e1e1e1e1-0000')
    expect(rows[2].textContent).toContain('Erased enquiry sender')
    for (const row of rows) expect(row.textContent).not.toMatch(/…|[0-9a-f]{4}-0000/)
    expect(rows[2].textContent).toContain('Retention period ended')
    expect(rows[2].textContent).toContain('Automatic (retention period)')
    expect(rows[2].querySelectorAll('time')).toHaveLength(2)
    expect(calls[0].key).toBe('GET /api/admin/erasures?limit=200')
  })

  it('names an admin the log has no name for in words, their id on hover', async () => {
    routeFetch({
      'GET /api/admin/erasures?limit=200': {
        body: {
          erasures: [
            { subject_id: '0190c1c1-0000-7000-8000-00001c903fdf', subject_kind: 'candidate', grounds: 'admin_decision', requested_by: '0190a1a1-0000-7000-8000-0000000000a1', requested_by_name: null, erased_at: '2026-11-23T01:00:00Z', completed_at: '2026-11-23T01:00:02Z' },
          ],
        },
      },
    })
    renderRoutes([{ path: '/dashboard/privacy', element: <PrivacyPage /> }], '/dashboard/privacy')
    const [row] = within(await screen.findByRole('table')).getAllByRole('row').slice(1)
    expect(row.textContent).toContain('Erased candidate')
    expect(row.textContent).toContain('An admin')
    expect(row.textContent).not.toContain('1c903fdf')
    expect(within(row).getByText('An admin').getAttribute('title')).toBe('Account 0190a1a1-0000-7000-8000-0000000000a1')
  })

  it('says when there are none', async () => {
    routeFetch({ 'GET /api/admin/erasures?limit=200': { body: { erasures: [] } } })
    renderRoutes([{ path: '/dashboard/privacy', element: <PrivacyPage /> }], '/dashboard/privacy')
    expect(await screen.findByRole('heading', { name: 'No erasures yet' })).toBeTruthy()
  })
})
