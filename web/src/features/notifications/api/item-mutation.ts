/**
 * The shape the per-notification mutations share (mark read, mark unread,
 * delete): the call is made only with a token and an id (SPEC 7.6), the cache
 * is patched at once and the count moved by what the patch changed (down for
 * a read or deleted unread item, up for one marked unread); on failure the
 * error is only logged and the cache refetched.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { withBearer } from '../../../lib/api'
import { sessionToken, type Role } from '../../../lib/session'
import { moveCount, unreadIn } from '../cache'
import type { Notification } from '../types'
import { notificationsQueryOptions } from './get-notifications'
import { unreadCountQueryOptions } from './get-unread-count'

type ItemMutation = {
  send: (token: string, id: string) => Promise<unknown>
  patch: (list: Notification[] | undefined, id: string) => Notification[] | undefined
  failure: string
}

export function useNotificationItemMutation(role: Role, { send, patch, failure }: ItemMutation) {
  const qc = useQueryClient()
  const list = notificationsQueryOptions(role)
  const count = unreadCountQueryOptions(role)
  return useMutation({
    mutationFn: async (id: string) => {
      if (!sessionToken(role) || !id) return
      await withBearer(role, (token) => send(token, id))
    },
    onMutate: (id: string) => {
      const before = qc.getQueryData<Notification[]>(list.queryKey)
      const after = patch(before, id)
      qc.setQueryData(list.queryKey, after)
      const moved = unreadIn(after) - unreadIn(before)
      if (moved !== 0) qc.setQueryData(count.queryKey, (old) => moveCount(old, moved))
    },
    // no refetch on success: the read model may lag the write; socket events keep the cache current
    onError: (err) => {
      console.error(failure, err)
      void qc.invalidateQueries({ queryKey: list.queryKey })
      void qc.invalidateQueries({ queryKey: count.queryKey })
    },
  })
}
