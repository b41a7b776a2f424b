/** POST /api/admin/outbox/{id}/resend: a failed mail goes back in the queue (422 for any other). */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminKeys, adminPost, type MessageReply, seg } from '../../admin'
import { operationsKeys } from './keys'

export const resendMail = (id: string) => adminPost<MessageReply>(`/api/admin/outbox/${seg(id)}/resend`)

export function useResendMail() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: resendMail,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: operationsKeys.outbox() }), qc.invalidateQueries({ queryKey: adminKeys.overview() })]),
  })
}
