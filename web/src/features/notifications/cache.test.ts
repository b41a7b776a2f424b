import { describe, expect, it } from 'vitest'
import {
  badgeText,
  markAllNotificationsRead,
  markNotificationRead,
  markNotificationUnread,
  moveCount,
  prependNotification,
  removeNotification,
  unreadIn,
} from './cache'
import { notificationKind, type Notification } from './types'

const n = (id: string, is_read = false): Notification => ({
  id,
  type: 'info',
  title: `t${id}`,
  message: 'm',
  is_read,
  created_at: '2025-01-01T00:00:00Z',
})

describe('notification cache updates', () => {
  it('puts a new notification at the top', () => {
    expect(prependNotification([n('1'), n('2')], n('3')).map((x) => x.id)).toEqual(['3', '1', '2'])
    expect(prependNotification(undefined, n('1')).map((x) => x.id)).toEqual(['1'])
  })
  it('marks one read', () => {
    const out = markNotificationRead([n('1'), n('2')], '2')
    expect(out.map((x) => x.is_read)).toEqual([false, true])
  })
  it('marks all read', () => {
    expect(markAllNotificationsRead([n('1'), n('2', true)]).every((x) => x.is_read)).toBe(true)
  })
  it('removes one', () => {
    expect(removeNotification([n('1'), n('2')], '1').map((x) => x.id)).toEqual(['2'])
  })
  it('marks one unread again, and counts the unread', () => {
    const out = markNotificationUnread([n('1', true), n('2', true)], '1')
    expect(out.map((x) => x.is_read)).toEqual([false, true])
    expect(unreadIn(out)).toBe(1)
    expect(unreadIn(undefined)).toBe(0)
  })
  it('moves the count either way, never below 0', () => {
    expect(moveCount(2, -1)).toBe(1)
    expect(moveCount(0, -1)).toBe(0)
    expect(moveCount(undefined, -1)).toBe(0)
    expect(moveCount(undefined, 1)).toBe(1)
  })
  it("caps the badge at '99+'", () => {
    expect(badgeText(0)).toBeNull()
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
  })
  it('treats unknown types as info', () => {
    expect(notificationKind('success')).toBe('success')
    expect(notificationKind('warning')).toBe('warning')
    expect(notificationKind('error')).toBe('error')
    expect(notificationKind('application_update')).toBe('info')
  })
})
