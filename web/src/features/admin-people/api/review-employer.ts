/**
 * The employer reviews: POST /api/admin/employers/{id}/approve {note?} | reject {reason} | suspend
 * {reason} | reinstate. An approval's note (what was checked) stays with the agency's audit. Each is mailed to the employer; a suspension also signs them out everywhere. The
 * screens confirm each one in a dialog before sending it (components/EmployerDecisionDialogs.tsx).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminKeys, adminPost, type MessageReply, seg } from '../../admin'
import { peopleKeys } from './keys'

export type EmployerReview =
  | { id: string; action: 'approve'; note?: string }
  | { id: string; action: 'reinstate' }
  | { id: string; action: 'reject' | 'suspend'; reason: string }

export function reviewEmployer(r: EmployerReview): Promise<MessageReply> {
  const body = r.action === 'reject' || r.action === 'suspend' ? { reason: r.reason.trim() } : r.action === 'approve' && r.note?.trim() ? { note: r.note.trim() } : {}
  return adminPost<MessageReply>(`/api/admin/employers/${seg(r.id)}/${r.action}`, body)
}

export function useReviewEmployer() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: reviewEmployer,
    // the lists and the employer's page, and the account's history, which now holds the decision
    onSettled: (_data, _error, r) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: peopleKeys.employers() }),
        qc.invalidateQueries({ queryKey: peopleKeys.accountHistory(r.id) }),
        qc.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]),
  })
}
