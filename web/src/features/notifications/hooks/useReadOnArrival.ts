/**
 * Opening what a notification is about reads it: on the employer's applicant page, the unread
 * notifications that lead there ("New application for …", a withdrawal) are marked read, as
 * Greenhouse and LinkedIn clear a notice once its subject is opened. A hiring manager's walk found
 * the bell still counting sixteen "new applications" for people already moved on or rejected.
 * Each is marked once (the list is the bell's, already in the cache); a failure is the mutation's
 * to report, as from the bell.
 */
import { useEffect, useRef } from 'react'
import type { Role } from '../../../lib/session'
import { useMarkRead } from '../api/mark-read'
import { useNotifications } from '../api/get-notifications'
import { notificationPath } from '../types'

export function useReadOnArrival(role: Role, path: string) {
  const { data: notifications } = useNotifications(role)
  const { mutate } = useMarkRead(role)
  const marked = useRef(new Set<string>())
  useEffect(() => {
    for (const n of notifications ?? []) {
      if (n.is_read || marked.current.has(n.id) || notificationPath(n.link) !== path) continue
      marked.current.add(n.id)
      mutate(n.id)
    }
  }, [notifications, path, mutate])
}
