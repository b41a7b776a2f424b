import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import StreamPage from './StreamPage'

const APP = 'application-01a22584-b0e5-7000-8000-000000000001'
const FROM = '2026-01-05T02:59:59.999999Z'
const TO = '2026-01-05T03:00:00Z'

const event = (version: number, event_type: string, summary: string, payload: Record<string, unknown> = {}) => ({
  event_id: `0190e0e0-0000-7000-8000-00000000000${version}`,
  event_type,
  summary,
  payload,
  position: 180 + version,
  recorded_at: `2026-01-0${version + 3}T03:00:00Z`,
  stream_id: APP,
  stream_version: version,
  schema_version: 1,
  correlation_id: `0190c0c0-0000-7000-8000-00000000000${version}`,
  actor_id: '0190aaaa-0000-7000-8000-000000000001',
  actor_name: 'Mei Chen',
  actor_role: 'employer',
})

const HISTORY = {
  stream_id: APP,
  kind: 'application',
  name: 'Priya Raman for Senior Rust Engineer',
  events: [
    event(1, 'ApplicationSubmitted', 'Priya Raman applied to Senior Rust Engineer'),
    event(2, 'ApplicationMoved', 'Mei Chen rejected Priya Raman', { stage: 'rejected', previous: 'new', reason: 'location' }),
  ],
}

/** The server's words for the reasons (GET /api/admin/rejection-reasons), one of them enough here. */
const REASONS = [{ reason: 'location', label: 'Location or work rights' }]

function open(path: string, history: unknown = HISTORY) {
  const diff = new URLSearchParams({ from: FROM, to: TO }).toString()
  routeFetch({
    'GET /api/admin/rejection-reasons': { body: REASONS },
    [`GET /api/admin/streams/${APP}`]: { body: history },
    [`GET /api/admin/streams/${APP}/diff?${diff}`]: {
      body: {
        from: { at: FROM, version: 1 },
        to: { at: TO, version: 2 },
        changes: [
          { op: 'replace', path: '/stage', from_value: 'new', value: 'rejected' },
          { op: 'replace', path: '/rejection_reason', from_value: null, value: 'location' },
        ],
      },
    },
  })
  renderRoutes([{ path: '/dashboard/audit/streams/:streamId', element: <StreamPage /> }], path)
}

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', role: 'admin' }, { role: 'admin' }))

describe('a record’s history', () => {
  it('is headed in words, the kind and what the record is, its stream id only in Technical details', async () => {
    open(`/dashboard/audit/streams/${APP}`)
    const heading = await screen.findByRole('heading', { level: 2, name: 'Application history Priya Raman for Senior Rust Engineer' })
    expect(heading.textContent).not.toContain('01a22584')
    // the kind of record, then what it is, on a line of its own
    expect(heading.querySelector('.ops-stream-name')?.textContent).toBe('Priya Raman for Senior Rust Engineer')
    const head = heading.parentElement!
    const details = head.querySelector('details')!
    expect(details.open).toBe(false)
    expect(details.querySelector('summary')?.textContent).toBe('Technical details')
    expect(details.textContent).toContain(APP)
    expect(head.textContent!.replace(details.textContent!, '')).not.toContain('01a22584')
    // the list is named by its heading, not the stream id
    const list = screen.getByRole('list', { name: 'Full history, oldest first' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(screen.queryByText(/Raw event/)).toBeNull()
  })

  it('says "Account history" of a record the server names none for', async () => {
    open(`/dashboard/audit/streams/${APP}`, { ...HISTORY, kind: 'account', name: null })
    expect(await screen.findByRole('heading', { level: 2, name: 'Account history' })).toBeTruthy()
  })

  it('reads a rejection’s reason in What changed by its label, not its code', async () => {
    open(`/dashboard/audit/streams/${APP}?from=${encodeURIComponent(FROM)}&to=${encodeURIComponent(TO)}`)
    const table = await screen.findByRole('table', { name: 'What changed' })
    // the reason reads in the server's words once they are in
    await within(table).findByText('Location or work rights')
    const rows = () =>
      within(screen.getByRole('table', { name: 'What changed' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))
    expect(rows()).toEqual([
      ['Stage', 'New', 'Rejected'],
      ['Rejection reason', '(empty)', 'Location or work rights'],
    ])
  })
})
