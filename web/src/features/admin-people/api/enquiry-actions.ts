/**
 * What staff do with an enquiry: POST /api/admin/contact-messages/{id}/assign {admin_id},
 * /reply {body} (mailed to the sender; 422 "Reply is required"), /handled.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminKeys, adminPost, type MessageReply, seg } from '../../admin'
import { peopleKeys } from './keys'

export type EnquiryAction = { id: string; action: 'assign'; adminId: string } | { id: string; action: 'reply'; body: string } | { id: string; action: 'handled' }

export function actOnEnquiry(a: EnquiryAction): Promise<MessageReply> {
  const path = `/api/admin/contact-messages/${seg(a.id)}/${a.action}`
  if (a.action === 'assign') return adminPost(path, { admin_id: a.adminId })
  if (a.action === 'reply') return adminPost(path, { body: a.body })
  return adminPost(path)
}

export function useEnquiryAction() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: actOnEnquiry,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: peopleKeys.enquiries() }), qc.invalidateQueries({ queryKey: adminKeys.overview() })]),
  })
}
