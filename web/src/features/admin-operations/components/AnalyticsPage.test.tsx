import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession, type RouteAnswer } from '../../../testing/harness'
import type { Analytics } from '../types'
import AnalyticsPage from './AnalyticsPage'

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', role: 'admin' }, { role: 'admin' }))

/** The clients to choose from, as GET /api/admin/employers answers. */
const employers = [
  { id: 'e1', name: 'Grace Hopper', email: 'grace@example.com', company: 'Wattle Analytics', status: 'active' },
  { id: 'e2', name: 'Mei Chen', email: 'mei@example.com', company: 'Eucalypt Software', status: 'active' },
]

/** Opens the analytics screen at `path` with the server answering `routes` (and the clients); the
 *  calls are the analytics' and the CSV's only. */
function open(path: string, routes: Record<string, RouteAnswer>) {
  const all = routeFetch({ 'GET /api/admin/employers': { body: employers }, ...routes })
  const view = renderRoutes([{ path: '/dashboard/analytics', element: <AnalyticsPage /> }], path)
  const calls = () => all.map((c) => c.key).filter((k) => k.includes('/api/admin/analytics'))
  return { ...view, calls }
}

const analytics: Analytics = {
  per_week: [{ week: '2026-01-05', applications: 4 }],
  funnel: [{ stage: 'new', count: 4 }],
  time_to_first_response: { median_days: 1, p90_days: 2, responded: 3, waiting: 1 },
  time_to_fill: { median_days: null, filled: 0 },
  by_specialisation: [],
  by_location: [],
  by_employer: [{ name: 'Eucalypt Software', count: 4 }],
  job_alerts: [
    { week: '2026-01-19', alerts_created: 1, mails_sent: 6 },
    { week: '2026-01-05', alerts_created: 3, mails_sent: 2 },
  ],
  rejection_reasons: [
    { reason: 'another_candidate', label: 'Went with another candidate', applications: 5 },
    { reason: 'salary', label: 'Salary expectations', applications: 2 },
  ],
  rejected_without_reason: 4,
  rejected_from: [
    { stage: 'new', count: 3 },
    { stage: 'screening', count: 0 },
    { stage: 'interview', count: 5 },
    { stage: 'offer', count: 3 },
  ],
}

const reasonsCard = async () => (await screen.findByRole('heading', { name: 'Why clients passed on applicants' })).closest('section')!
const alertsCard = async () => (await screen.findByRole('heading', { name: 'Job alerts per week' })).closest('section')!

describe('analytics', () => {
  it('shows alerts created and mails sent per week beside the applications, quiet weeks as 0', async () => {
    const { calls } = open('/dashboard/analytics?from=2026-01-01&to=2026-01-31', { 'GET /api/admin/analytics?from=2026-01-01&to=2026-01-31': () => ({ body: analytics }) })
    const card = await alertsCard()
    expect(within(card).getByText('4 alerts created and 8 alert mails sent over 3 weeks.')).toBeTruthy()
    const table = within(card).getByRole('table', { name: 'Job alerts per week, weeks starting Monday' })
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      ['5 Jan', '3', '2'],
      ['12 Jan', '0', '0'],
      ['19 Jan', '1', '6'],
    ])
    expect(calls()).toEqual(['GET /api/admin/analytics?from=2026-01-01&to=2026-01-31'])
  })

  it('says when no alert was created or mailed in the range', async () => {
    open('/dashboard/analytics', { 'GET /api/admin/analytics': () => ({ body: { ...analytics, job_alerts: [] } }) })
    const card = await alertsCard()
    expect(within(card).getByText('No job alerts were created or mailed in this range.')).toBeTruthy()
    expect(within(card).queryAllByRole('row').slice(1)).toEqual([])
  })

  it('says why clients passed on applicants: each reason their teams gave with its count, those given none, and the stages they were let go at', async () => {
    open('/dashboard/analytics', { 'GET /api/admin/analytics': () => ({ body: analytics }) })
    const card = await reasonsCard()
    const rows = within(card).getAllByRole('listitem')
    expect(rows.map((r) => [r.querySelector('.ws-bar-label')?.textContent, r.querySelector('.ws-bar-count')?.textContent])).toEqual([
      ['Went with another candidate', '5'],
      ['Salary expectations', '2'],
    ])
    expect(within(card).getByText('4 rejected without a reason')).toBeTruthy()
    // Screening had none: left out
    expect(within(card).getByText('Rejected at: New 3 · Interview 5 · Offer 3')).toBeTruthy()
  })

  it('says the counts are of the applications made in the range, and only when there is one', async () => {
    const { router } = open('/dashboard/analytics?from=2026-11-01&to=2026-11-29', {
      'GET /api/admin/analytics?from=2026-11-01&to=2026-11-29': () => ({ body: analytics }),
      'GET /api/admin/analytics': () => ({ body: analytics }),
    })
    expect(await screen.findByText('Showing 1 Nov 2026 to 29 Nov 2026')).toBeTruthy()
    const made = 'Counts the applications made in this range, whatever has happened to them since; earlier ones are left out.'
    expect(screen.getByText(made)).toBeTruthy()
    await act(() => router.navigate('/dashboard/analytics'))
    expect(await screen.findByText('Showing all time')).toBeTruthy()
    expect(screen.queryByText(made)).toBeNull()
  })

  it('while the end is before the start, keeps the numbers and their label on the last range applied', async () => {
    const { calls } = open('/dashboard/analytics?from=2026-11-01&to=2026-11-29', { 'GET /api/admin/analytics?from=2026-11-01&to=2026-11-29': () => ({ body: analytics }) })
    await screen.findByText('Showing 1 Nov 2026 to 29 Nov 2026')
    const form = screen.getByRole('form', { name: 'Date range' })
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-29' } })
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-01' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText('The end date is before the start date')).toBeTruthy()
    expect(screen.getByText('Still showing 1 Nov 2026 to 29 Nov 2026 until the dates are put right')).toBeTruthy()
    expect(screen.queryByText(/Showing 29 Nov 2026/)).toBeNull()
    // the numbers are still the applied range's, not all time's
    expect(screen.getByText('Applications', { selector: '.ws-stat-label' }).closest('.ws-stat')?.querySelector('.ws-stat-value')?.textContent).toBe('4')
    expect(calls()).toEqual(['GET /api/admin/analytics?from=2026-11-01&to=2026-11-29'])
  })

  it('opened on a reversed range, says it shows all time rather than the range', async () => {
    const { calls } = open('/dashboard/analytics?from=2026-11-29&to=2026-11-01', { 'GET /api/admin/analytics': () => ({ body: analytics }) })
    expect(await screen.findByText('Still showing all time until the dates are put right')).toBeTruthy()
    expect(screen.getByText('The end date is before the start date')).toBeTruthy()
    expect(screen.queryByText(/Counts the applications made/)).toBeNull()
    expect(calls()).toEqual(['GET /api/admin/analytics'])
  })

  it('marks the quick range in use, and none for a range of its own', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-30T03:00:00Z'))
    try {
      const { router } = open('/dashboard/analytics?from=2026-11-01&to=2026-11-30', {
        'GET /api/admin/analytics?from=2026-11-01&to=2026-11-30': () => ({ body: analytics }),
        'GET /api/admin/analytics?from=2025-12-01&to=2026-11-30': () => ({ body: analytics }),
        'GET /api/admin/analytics?from=2026-11-02&to=2026-11-30': () => ({ body: analytics }),
      })
      await screen.findByText('Showing 1 Nov 2026 to 30 Nov 2026')
      // the form starts afresh with each range applied, so it is found again each time
      const pick = (name: string) => within(screen.getByRole('group', { name: 'Quick ranges' })).getByRole('button', { name })
      const pressed = () =>
        within(screen.getByRole('group', { name: 'Quick ranges' }))
          .getAllByRole('button')
          .filter((b) => b.getAttribute('aria-pressed') === 'true')
          .map((b) => b.textContent)
      // on the 30th, November so far is also the last 30 days: both say so
      expect(pressed()).toEqual(['This month', 'Last 30 days'])
      expect(pick('Last 30 days').className).toContain('btn-primary')
      expect(pick('All time').getAttribute('aria-pressed')).toBe('false')
      expect(pick('All time').className).toContain('btn-outline')
      fireEvent.click(pick('Last 12 months'))
      expect(router.state.location.search).toBe('?from=2025-12-01&to=2026-11-30')
      expect(pressed()).toEqual(['Last 12 months'])
      await act(() => router.navigate('/dashboard/analytics?from=2026-11-02&to=2026-11-30'))
      expect(pressed()).toEqual([])
    } finally {
      vi.useRealTimers()
    }
  })

  it('says when no one who applied in the range has been rejected, and no stages', async () => {
    const none = analytics.rejected_from.map((s) => ({ ...s, count: 0 }))
    open('/dashboard/analytics', { 'GET /api/admin/analytics': () => ({ body: { ...analytics, rejection_reasons: [], rejected_without_reason: 0, rejected_from: none } }) })
    const card = await reasonsCard()
    expect(within(card).getByText('No one who applied in this range has been rejected.')).toBeTruthy()
    expect(within(card).queryByRole('listitem')).toBeNull()
    expect(within(card).queryByText(/without a reason/)).toBeNull()
    expect(within(card).queryByText(/Rejected at/)).toBeNull()
  })
})

describe('analytics for one client', () => {
  const RANGE = 'from=2026-11-01&to=2026-11-29'
  const CSV = `GET /api/admin/analytics/applications.csv?${RANGE}&employer_id=e2`

  it('counts the chosen client’s applications, says whose they are, and downloads theirs', async () => {
    const { router, calls } = open(`/dashboard/analytics?${RANGE}`, {
      [`GET /api/admin/analytics?${RANGE}`]: () => ({ body: analytics }),
      [`GET /api/admin/analytics?${RANGE}&employer_id=e2`]: () => ({ body: analytics }),
      [CSV]: { raw: 'application_id\n', headers: { 'Content-Type': 'text/csv' } },
    })
    await screen.findByText('Showing 1 Nov 2026 to 29 Nov 2026')
    expect(await screen.findByRole('heading', { name: 'By client' })).toBeTruthy()
    const select = screen.getByLabelText('Client') as HTMLSelectElement
    await within(select).findByRole('option', { name: 'Eucalypt Software' })
    expect([...select.options].map((o) => o.textContent)).toEqual(['All clients', 'Eucalypt Software', 'Wattle Analytics'])

    fireEvent.change(select, { target: { value: 'e2' } })
    expect(router.state.location.search).toBe(`?${RANGE}&employer=e2`)
    expect(await screen.findByText('Showing 1 Nov 2026 to 29 Nov 2026 for Eucalypt Software')).toBeTruthy()
    expect(calls()).toContain(`GET /api/admin/analytics?${RANGE}&employer_id=e2`)
    // job alerts belong to no client: said so; a chart by client of one client is left out
    expect(within(await alertsCard()).getByText('Job alerts are the agency’s, whatever the client.')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'By client' })).toBeNull()

    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: () => 'blob:csv', revokeObjectURL: () => {} }))
    const saved: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }))
      await vi.waitFor(() => expect(saved).toEqual(['applications-eucalypt-software-from-2026-11-01-to-2026-11-29.csv']))
      expect(calls()).toContain(CSV)
    } finally {
      click.mockRestore()
    }
  })

  it('keeps the client when the range changes, and goes back to every client', async () => {
    const { router } = open(`/dashboard/analytics?${RANGE}&employer=e2`, {
      [`GET /api/admin/analytics?${RANGE}&employer_id=e2`]: () => ({ body: analytics }),
      'GET /api/admin/analytics?employer_id=e2': () => ({ body: analytics }),
      'GET /api/admin/analytics': () => ({ body: analytics }),
    })
    expect(await screen.findByText('Showing 1 Nov 2026 to 29 Nov 2026 for Eucalypt Software')).toBeTruthy()
    fireEvent.click(within(screen.getByRole('group', { name: 'Quick ranges' })).getByRole('button', { name: 'All time' }))
    expect(router.state.location.search).toBe('?employer=e2')
    expect(await screen.findByText('Showing all time for Eucalypt Software')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Client'), { target: { value: '' } })
    expect(router.state.location.search).toBe('')
    expect(await screen.findByText('Showing all time')).toBeTruthy()
    expect(within(await alertsCard()).queryByText(/whatever the client/)).toBeNull()
  })

  it('says so when the server does not know the client', async () => {
    open('/dashboard/analytics?employer=gone', { 'GET /api/admin/analytics?employer_id=gone': () => ({ status: 422, body: { error: 'Choose an employer from the list' } }) })
    expect((await screen.findByRole('alert')).textContent).toContain('Choose an employer from the list')
  })
})
