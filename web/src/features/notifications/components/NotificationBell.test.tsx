import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, scriptFetch, storeSession, testQueryClient } from '../../../testing/harness'
import { notificationKeys } from '../api/keys'
import type { Notification } from '../types'
import { NotificationBell } from './NotificationBell'

const n = (i: number, is_read = false): Notification => ({
  id: `n${i}`,
  type: 'info',
  title: `Title ${i}`,
  message: `Message ${i}`,
  is_read,
  created_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
})

function setup(list: Notification[], unread: number) {
  const client = testQueryClient()
  // the bell shows what the cache holds; nothing refetches it in these tests
  client.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } })
  client.setQueryData(notificationKeys.list('candidate'), list)
  client.setQueryData(notificationKeys.unreadCount('candidate'), unread)
  return renderRoutes(
    [
      { path: '/', element: <div><p>outside</p><NotificationBell role="candidate" /></div> },
      { path: '/jobs/:id', element: <p>the job's page</p> },
    ],
    '/',
    client,
  )
}

freshEachTest(() => storeSession('candidate', { name: 'Jane' }))

describe('notification bell', () => {
  it("caps the badge at '99+'", () => {
    scriptFetch()
    setup([n(1)], 150)
    expect(screen.getByText('99+')).toBeTruthy()
  })

  it("shows at most 10 items with a 'View all' footer, and a disconnected indicator", () => {
    scriptFetch()
    setup(Array.from({ length: 12 }, (_, i) => n(i)), 12)
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 12 unread' }))
    const panel = screen.getByRole('region', { name: 'Notifications' })
    expect(within(panel).getAllByRole('listitem')).toHaveLength(10)
    expect(within(panel).getByText('Not live: reconnecting')).toBeTruthy()
    expect(within(panel).getAllByText('2 hours ago')).toHaveLength(10)
    fireEvent.click(within(panel).getByRole('button', { name: 'View all' }))
    expect(within(panel).getAllByRole('listitem')).toHaveLength(12)
  })

  it("says 'No notifications yet' and closes on an outside click", () => {
    scriptFetch()
    setup([], 0)
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }))
    expect(screen.getByText('No notifications yet')).toBeTruthy()
    fireEvent.mouseDown(screen.getByText('outside'))
    expect(screen.queryByText('No notifications yet')).toBeNull()
  })

  it('marks an unread item read on click and lowers the count', async () => {
    const calls = scriptFetch({ body: {} })
    setup([n(1), n(2, true)], 1)
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }))
    fireEvent.click(screen.getByRole('button', { name: /^Title 1/ }))
    await waitFor(() => expect(calls[0]).toMatchObject({ url: '/api/notifications/n1/read', method: 'PUT' }))
    expect(calls[0].auth).toMatch(/^Bearer /)
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy()
  })

  it('marks a read item unread again and raises the count; an unread item offers no such action', async () => {
    const calls = scriptFetch({ body: { message: 'Notification marked as unread' } })
    setup([n(1), n(2, true)], 1)
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }))
    expect(screen.queryByRole('button', { name: 'Mark as unread: Title 1' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Mark as unread: Title 2' }))
    await waitFor(() => expect(calls[0]).toMatchObject({ url: '/api/notifications/n2/unread', method: 'PUT' }))
    expect(calls[0].auth).toMatch(/^Bearer /)
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy()
    // now unread, it offers the action no more
    expect(screen.queryByRole('button', { name: 'Mark as unread: Title 2' })).toBeNull()
  })

  it("opens a job alert's job from its item, marked read, and closes the dropdown", async () => {
    const calls = scriptFetch({ body: {} })
    const { router } = setup([{ ...n(1), title: 'New job for your alert', link: '/jobs/j1' }, n(2)], 2)
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }))
    const item = screen.getByRole('link', { name: /^New job for your alert/ })
    expect(item.getAttribute('href')).toBe('/jobs/j1')
    // an item without a link stays a button that only marks it read
    expect(screen.getByRole('button', { name: /^Title 2/ })).toBeTruthy()
    fireEvent.click(item)
    expect(await screen.findByText("the job's page")).toBeTruthy()
    expect(router.state.location.pathname).toBe('/jobs/j1')
    await waitFor(() => expect(calls[0]).toMatchObject({ url: '/api/notifications/n1/read', method: 'PUT' }))
  })

  it('never leads off the site, whatever link it was given', () => {
    scriptFetch()
    setup([{ ...n(1), link: '//evil.example/x' }, { ...n(2), link: 'https://evil.example' }, { ...n(3), link: '/\\evil.example' }], 3)
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 3 unread' }))
    expect(screen.queryAllByRole('link')).toEqual([])
    expect(screen.getAllByRole('button', { name: /^Title/ })).toHaveLength(3)
  })

  it('deletes an item and marks all read', async () => {
    const calls = scriptFetch({ body: {} }, { body: {} })
    setup([n(1), n(2)], 2)
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }))
    fireEvent.click(screen.getByRole('button', { name: 'Delete notification: Title 1' }))
    await waitFor(() => expect(calls[0]).toMatchObject({ url: '/api/notifications/n1', method: 'DELETE' }))
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }))
    await waitFor(() => expect(calls[1]).toMatchObject({ url: '/api/notifications/read-all', method: 'PUT' }))
  })

  it('makes no REST call without a token', async () => {
    localStorage.clear()
    const calls = scriptFetch()
    setup([n(1)], 1)
    fireEvent.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }))
    fireEvent.click(screen.getByRole('button', { name: /^Title 1/ }))
    await new Promise((r) => setTimeout(r, 20))
    expect(calls).toHaveLength(0)
  })
})
