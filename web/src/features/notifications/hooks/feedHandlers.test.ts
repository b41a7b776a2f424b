import { describe, expect, it } from 'vitest'
import { QueryClient } from '@tanstack/react-query'
import { notificationKeys } from '../api/keys'
import type { Notification } from '../types'
import { feedHandlers } from './useNotificationFeed'

const note: Notification = {
  id: 'n1',
  type: 'info',
  title: 'Interview booked',
  message: 'Thursday at 10 am',
  is_read: false,
  created_at: new Date().toISOString(),
}

const listKey = notificationKeys.list('candidate')
const countKey = notificationKeys.unreadCount('candidate')

/** A first REST read of `key` that is still in flight, as on a page that has just loaded. */
function loading(qc: QueryClient, key: readonly unknown[]): (value: number) => void {
  let answer: (value: number) => void = () => {}
  void qc
    .fetchQuery({ queryKey: key, queryFn: () => new Promise<number>((resolve) => (answer = resolve)) })
    .catch(() => {})
  return (value) => answer(value)
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the realtime feed in the cache', () => {
  it('a list that arrives while the unread count is still loading leaves that load alone', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const answer = loading(qc, countKey)
    feedHandlers(qc, 'candidate', () => {}).notifications_list({ notifications: [note], total: 1, unread_count: 1 })
    expect(qc.getQueryData(listKey)).toEqual([note])
    answer(15)
    await settled()
    expect(qc.getQueryData(countKey)).toBe(15)
  })

  it('a pushed count wins over a read that was in flight', async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const answer = loading(qc, countKey)
    feedHandlers(qc, 'candidate', () => {}).unread_count({ count: 4 })
    answer(3)
    await settled()
    expect(qc.getQueryData(countKey)).toBe(4)
  })

  it('a new notification goes on top, raises the count and shows a toast', () => {
    const qc = new QueryClient()
    qc.setQueryData(listKey, [{ ...note, id: 'n0', is_read: true }])
    qc.setQueryData(countKey, 2)
    const toasts: string[] = []
    feedHandlers(qc, 'candidate', (t) => toasts.push(t.title)).notification(note)
    expect(qc.getQueryData<Notification[]>(listKey)?.map((n) => n.id)).toEqual(['n1', 'n0'])
    expect(qc.getQueryData(countKey)).toBe(3)
    expect(toasts).toEqual(['Interview booked'])
  })

  it('a notification marked unread on another tab is unread here too, with its count', () => {
    const qc = new QueryClient()
    qc.setQueryData(listKey, [{ ...note, is_read: true }])
    qc.setQueryData(countKey, 0)
    feedHandlers(qc, 'candidate', () => {}).notification_unread({ notification_id: 'n1', unread_count: 1 })
    expect(qc.getQueryData<Notification[]>(listKey)?.[0].is_read).toBe(false)
    expect(qc.getQueryData(countKey)).toBe(1)
  })
})
