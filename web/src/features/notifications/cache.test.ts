import { describe, expect, it } from 'vitest'
import {
  badgeText,
  decrementCount,
  markAllNotificationsRead,
  markNotificationRead,
  prependNotification,
  removeNotification,
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
  it('never lowers the count below 0', () => {
    expect(decrementCount(2)).toBe(1)
    expect(decrementCount(0)).toBe(0)
    expect(decrementCount(undefined)).toBe(0)
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
