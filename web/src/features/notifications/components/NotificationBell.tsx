/** The bell and its dropdown (SPEC 4): 10 items, 'View all', '99+', outside click closes, and the
 *  connection indicator (SPEC's connected / disconnected, in words a person reads: "Live", or
 *  "Not live: reconnecting"; two walks read "Connected" as developer output). An item with a
 *  link (a job alert's new job) opens it, marked read, and the dropdown closes; a read item can be
 *  marked unread again. */
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react'
import { Link } from 'react-router'
import { Icon } from '../../../components/ui/Icon'
import { formatRelativeTime } from '../../../lib/format'
import { useRealtimeConnected } from '../../../lib/realtime'
import type { Role } from '../../../lib/session'
import { useDeleteNotification } from '../api/delete-notification'
import { useNotifications } from '../api/get-notifications'
import { useUnreadCount } from '../api/get-unread-count'
import { useMarkAllRead } from '../api/mark-all-read'
import { useMarkRead } from '../api/mark-read'
import { useMarkUnread } from '../api/mark-unread'
import { badgeText } from '../cache'
import { notificationKind, notificationPath } from '../types'
import '../notifications.css'

export const DROPDOWN_LIMIT = 10

export function NotificationBell({ role }: { role: Role }) {
  const connected = useRealtimeConnected()
  const [open, setOpen] = useState(false)
  const [showAll, setShowAll] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const bellRef = useRef<HTMLButtonElement>(null)
  const [top, setTop] = useState(0)
  const panelId = useId()
  const { data: notifications = [] } = useNotifications(role)
  const { data: unread = 0 } = useUnreadCount(role)
  const markRead = useMarkRead(role)
  const markUnread = useMarkUnread(role)
  const markAll = useMarkAllRead(role)
  const remove = useDeleteNotification(role)

  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const badge = badgeText(unread)
  const visible = showAll ? notifications : notifications.slice(0, DROPDOWN_LIMIT)

  return (
    <div className="notif" ref={rootRef}>
      <button
        type="button"
        className="notif-bell"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        ref={bellRef}
        onClick={() => {
          // where the phone layout's fixed panel starts: just under the bell
          setTop(Math.round(bellRef.current?.getBoundingClientRect().bottom ?? 56) + 8)
          setOpen((o) => !o)
        }}
      >
        <Icon name="bell" size={22} />
        {badge ? (
          <span className="notif-badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          className="notif-panel"
          id={panelId}
          role="region"
          aria-label="Notifications"
          style={{ '--notif-top': `${top}px` } as CSSProperties}
        >
          <div className="notif-head">
            <h2>Notifications</h2>
            <span className={`notif-conn ${connected ? 'is-on' : 'is-off'}`}>
              <span className="notif-dot" aria-hidden="true" />
              {connected ? 'Live' : 'Not live: reconnecting'}
            </span>
            {unread > 0 ? (
              <button type="button" className="notif-link" onClick={() => markAll.mutate()}>
                Mark all as read
              </button>
            ) : null}
          </div>
          {notifications.length === 0 ? (
            <p className="notif-empty">No notifications yet</p>
          ) : (
            <ul className="notif-list">
              {visible.map((n) => {
                const read = () => {
                  if (!n.is_read) markRead.mutate(n.id)
                }
                const path = notificationPath(n.link)
                const body = (
                  <>
                    <strong>{n.title}</strong>
                    <span>{n.message}</span>
                    <time dateTime={n.created_at}>{formatRelativeTime(n.created_at)}</time>
                    {!n.is_read ? <span className="visually-hidden"> (unread)</span> : null}
                  </>
                )
                return (
                <li key={n.id} className={`notif-item notif-${notificationKind(n.type)} ${n.is_read ? '' : 'is-unread'}`}>
                  {path ? (
                    <Link
                      to={path}
                      className="notif-body"
                      onClick={() => {
                        read()
                        setOpen(false)
                      }}
                    >
                      {body}
                    </Link>
                  ) : (
                    <button type="button" className="notif-body" onClick={read}>
                      {body}
                    </button>
                  )}
                  {n.is_read ? (
                    <button
                      type="button"
                      className="notif-link notif-unread"
                      aria-label={`Mark as unread: ${n.title}`}
                      onClick={() => markUnread.mutate(n.id)}
                    >
                      Mark as unread
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="notif-delete"
                    aria-label={`Delete notification: ${n.title}`}
                    onClick={() => remove.mutate(n.id)}
                  >
                    ×
                  </button>
                </li>
                )
              })}
            </ul>
          )}
          {notifications.length > DROPDOWN_LIMIT ? (
            <div className="notif-foot">
              <button type="button" className="notif-link" onClick={() => setShowAll((s) => !s)}>
                {showAll ? 'Show fewer' : 'View all'}
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
