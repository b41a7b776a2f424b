import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import type { Overview, Today, TodaysInterview } from '../types'
import { twoFactorEvent } from '../../../testing/auditEvent'
import OverviewPage from './OverviewPage'

freshEachTest()

// Friday 28 November 2025, 8:00 am in Sydney (AEDT) and still the 27th in UTC; only the clock is
// faked, so fetches and React run as usual. The session is stored after, so it is valid then.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2025-11-27T21:00:00Z'))
  storeSession('admin', { name: 'Alex Admin', role: 'admin' }, { role: 'admin' })
})
afterEach(() => vi.useRealTimers())

const chloe: TodaysInterview = {
  id: 'i1',
  application_id: 'a1',
  candidate_id: 'c1',
  candidate_name: 'Chloe Martin',
  job_id: 'j1',
  job_title: 'Senior Rust Engineer',
  company: 'Wattle Analytics',
  starts_at: '2025-11-27T23:00:00Z', // 10:00 am in Sydney
  duration_minutes: 45,
}
const erased: TodaysInterview = {
  id: 'i2',
  application_id: 'a2',
  candidate_id: 'c2',
  candidate_name: '[erased]',
  job_id: 'j2',
  job_title: 'Data Engineer',
  company: null,
  starts_at: '2025-11-28T00:30:00Z', // 11:30 am in Sydney
  duration_minutes: 45,
}

const overview = (today: Today): Overview => ({
  attention: {
    pending_employers: 0,
    open_enquiries: 0,
    unassigned_enquiries: 0,
    failed_mail: 0,
    queued_mail: 0,
    projections_behind: 0,
    projections_failing: 0,
  },
  today,
  recent: [],
})

function open(today: Today) {
  routeFetch({ 'GET /api/admin/overview': { body: overview(today) } })
  renderRoutes([{ path: '/dashboard', element: <OverviewPage /> }], '/dashboard')
}

const hrefOf = (section: HTMLElement, name: RegExp) => within(section).getByRole('link', { name }).getAttribute('href')

describe('the overview’s Today', () => {
  it('counts the day’s applications, those waiting a week in New and the offers out, each opening the Applications list', async () => {
    open({ interviews: [chloe], applications_today: 5, waiting_a_week: 3, offers_out: 2 })
    const today = await screen.findByRole('region', { name: 'Today, Friday 28 November' })
    const apps = await within(today).findByRole('link', { name: /Applications today/ })
    expect(apps.textContent).toBe('5 Applications today Since midnight, across every client')
    // today is the Sydney day (the 28th), not the UTC one
    expect(apps.getAttribute('href')).toBe('/dashboard/applications?from=2025-11-28&to=2025-11-28')
    const waiting = within(today).getByRole('link', { name: /Waiting a week or more in New/ })
    expect(waiting.textContent).toBe('3 Waiting a week or more in New Still in New after a week, on open jobs')
    expect(waiting.getAttribute('href')).toBe('/dashboard/applications?stage=new&to=2025-11-21')
    expect(waiting.className).toContain('is-flagged')
    expect(hrefOf(today, /Offers out/)).toBe('/dashboard/applications?stage=offer')
    expect(within(today).getByRole('link', { name: /Offers out/ }).textContent).toBe('2 Offers out Waiting on an answer')
  })

  it('lists today’s interviews in Sydney time, each candidate opening their record', async () => {
    open({ interviews: [chloe, erased], applications_today: 1, waiting_a_week: 0, offers_out: 0 })
    const list = await screen.findByRole('list', { name: 'Today’s interviews, soonest first' })
    const [first, second] = within(list).getAllByRole('listitem')
    expect(first.textContent).toBe('10:00 – 10:45 am Chloe Martin for Senior Rust Engineer at Wattle Analytics')
    expect(within(first).getByText('10:00 – 10:45 am').getAttribute('datetime')).toBe('2025-11-27T23:00:00Z')
    expect(within(first).getByRole('link', { name: 'Chloe Martin' }).getAttribute('href')).toBe('/dashboard/candidates/c1')
    // an erased candidate reads as such, with no link and no company it does not know
    expect(second.textContent).toBe('11:30 am – 12:15 pm Erased person for Data Engineer')
    expect(within(second).queryByRole('link')).toBeNull()
    expect(screen.queryByText('[erased]')).toBeNull()
  })

  it('reads calmly on a quiet day: no interviews, and zeros that ask nothing', async () => {
    open({ interviews: [], applications_today: 0, waiting_a_week: 0, offers_out: 0 })
    const today = await screen.findByRole('region', { name: 'Today, Friday 28 November' })
    expect(await within(today).findByText('No interviews booked for today.')).toBeTruthy()
    expect(within(today).queryByRole('list', { name: 'Today’s interviews, soonest first' })).toBeNull()
    const counts = within(today)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.className])
    expect(counts).toEqual([
      ['0 Applications today None in yet today', 'adm-count is-zero'],
      ['0 Waiting a week or more in New Nothing has waited that long', 'adm-count is-zero'],
      ['0 Offers out No offers waiting on an answer', 'adm-count is-zero'],
    ])
  })

  it('sits between what needs attention and the recent activity', async () => {
    open({ interviews: [], applications_today: 0, waiting_a_week: 0, offers_out: 0 })
    await screen.findByText('No interviews booked for today.')
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Needs attention now', 'Today, Friday 28 November', 'Recent activity'])
  })
})

describe('the overview’s recent activity', () => {
  const event = twoFactorEvent({ recorded_at: '2025-11-27T20:55:00Z' })

  /** What a person sees of an item before opening anything: its text, a closed disclosure's summary only. */
  const visibleText = (el: HTMLElement) => {
    const copy = el.cloneNode(true) as HTMLElement
    for (const d of copy.querySelectorAll('details:not([open])')) for (const child of [...d.children]) if (child.tagName !== 'SUMMARY') child.remove()
    return copy.textContent ?? ''
  }

  it('leads each item with its sentence; no event number, type name or id until Technical details is opened', async () => {
    routeFetch({ 'GET /api/admin/overview': { body: { ...overview({ interviews: [], applications_today: 0, waiting_a_week: 0, offers_out: 0 }), recent: [event] } } })
    renderRoutes([{ path: '/dashboard', element: <OverviewPage /> }], '/dashboard')
    const feed = await screen.findByRole('list', { name: 'Recent activity, newest first' })
    const [item] = within(feed).getAllByRole('listitem')
    expect(item.querySelector('p')?.textContent).toBe('Alex Admin entered a two-factor code')

    const text = visibleText(item)
    expect(text).not.toMatch(/Event \d/)
    expect(text).not.toContain('192')
    expect(text).not.toContain('TotpCodeAccepted')
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/)
    expect(text).not.toContain('Raw event')
    expect(within(item).queryByRole('button', { name: /Raw event/ })).toBeNull()
    expect(within(item).queryByText(/Raw event/)).toBeNull()
    // the record's history by its kind in words, not its id
    expect(within(item).getByRole('link', { name: 'Account history' }).getAttribute('href')).toBe(`/dashboard/audit/streams/${event.stream_id}`)

    // an auditor's details: one quiet disclosure, closed, with the type, the number and the ids
    const details = item.querySelector('details')!
    expect(details.open).toBe(false)
    expect(details.querySelector('summary')?.textContent).toBe('Technical details')
    expect(details.textContent).toContain('TotpCodeAccepted')
    expect(details.textContent).toContain('Event number192')
    expect(details.textContent).toContain(event.stream_id)
    expect(item.getAttribute('data-position')).toBe('192')
  })
})
