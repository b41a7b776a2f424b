/** The overview's "needs attention now" tiles: each count with what it means and where to act on it. */
import type { Attention } from '../types'

export type AttentionTile = {
  id: string
  count: number
  label: string
  /** one line under the number; says what to do, or that nothing is waiting */
  note: string
  to: string
  /** true when the count asks for someone to act */
  urgent: boolean
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export function attentionTiles(a: Attention): AttentionTile[] {
  const projections = a.projections_behind + a.projections_failing
  return [
    {
      id: 'employers',
      count: a.pending_employers,
      label: 'Employers awaiting approval',
      note: a.pending_employers ? 'Check each company, then approve or reject' : 'Nobody is waiting',
      to: '/dashboard/employers?status=pending',
      urgent: a.pending_employers > 0,
    },
    {
      id: 'enquiries',
      count: a.open_enquiries,
      label: 'Open enquiries',
      note: a.open_enquiries
        ? a.unassigned_enquiries
          ? `${plural(a.unassigned_enquiries, 'has', 'have')} nobody assigned`
          : 'Each one has someone assigned'
        : 'The inbox is clear',
      to: '/dashboard/inbox',
      urgent: a.unassigned_enquiries > 0,
    },
    {
      id: 'mail',
      count: a.failed_mail,
      label: 'Mail that failed',
      note: a.failed_mail
        ? 'Check the address, then send again'
        : a.queued_mail
          ? `${plural(a.queued_mail, 'mail', 'mails')} waiting to go`
          : 'Everything has been sent',
      to: a.failed_mail ? '/dashboard/outbox?state=failed' : '/dashboard/outbox',
      urgent: a.failed_mail > 0,
    },
    {
      id: 'projections',
      count: projections,
      label: 'Projections behind or failing',
      note: a.projections_failing
        ? `${plural(a.projections_failing, 'is', 'are')} failing: screens may show old data`
        : a.projections_behind
          ? `${plural(a.projections_behind, 'is', 'are')} catching up`
          : 'All up to date',
      to: '/dashboard/projections',
      urgent: a.projections_failing > 0 || a.projections_behind > 0,
    },
  ]
}
