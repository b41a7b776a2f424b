/**
 * /dashboard/privacy: the erasure log (issue 12), newest first: who was erased, on what grounds,
 * who asked for it, and when it was recorded and carried out. Erasing itself happens where the
 * person is: a candidate's record, the employers list, the contact inbox.
 */
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Badge } from '../../../components/ui/Badge'
import { EmptyState } from '../../../components/ui/EmptyState'
import { ErasedChip } from '../../../components/ui/ErasedPerson'
import { Table, type Column } from '../../../components/ui/Table'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { isErased } from '../../../lib/erased'
import { formatDate } from '../../../lib/format'
import { Time, useAdminTitle } from '../../admin'
import { useErasures } from '../api/get-erasures'
import { erasedSubjectLabel, groundsLabel } from '../model/erasure'
import type { Erasure } from '../types'

/** Where what is left of the person can be seen: a candidate's record, an account's history. */
function subjectLink(e: Erasure): string | null {
  if (e.subject_kind === 'candidate') return `/dashboard/candidates/${encodeURIComponent(e.subject_id)}`
  if (e.subject_kind === 'employer') return `/dashboard/audit/streams/${encodeURIComponent(`account-${e.subject_id}`)}`
  return null
}

function requester(e: Erasure) {
  // a person who erased their own account: their name is gone with the rest
  if (e.requested_by && e.requested_by === e.subject_id) return 'The person themselves'
  if (isErased(e.requested_by_name)) return <ErasedChip />
  if (e.requested_by_name) return e.requested_by_name
  // an admin whose name the log does not have: their id stays for an auditor, on hover
  if (e.requested_by) return <span title={`Account ${e.requested_by}`}>An admin</span>
  return <span className="ws-muted">{e.grounds === 'retention_period' ? 'Automatic (retention period)' : 'Not recorded'}</span>
}

const COLUMNS: Column<Erasure>[] = [
  {
    key: 'who',
    header: 'Who',
    cell: (e) => {
      // their name went with the erasure: say what they were, and the day (which tells two apart);
      // the id stays for an auditor, on hover
      const to = subjectLink(e)
      const who = erasedSubjectLabel(e.subject_kind)
      const name = `${who}, erased ${formatDate(e.erased_at)}`
      return to ? (
        <Link to={to} className="adm-strong-link" aria-label={name} title={e.subject_id}>
          {who}
        </Link>
      ) : (
        <strong title={e.subject_id}>{who}</strong>
      )
    },
  },
  { key: 'grounds', header: 'Grounds', cell: (e) => groundsLabel(e.grounds) },
  { key: 'by', header: 'Requested by', cell: requester },
  { key: 'erased', header: 'Erased', cell: (e) => <Time iso={e.erased_at} /> },
  {
    key: 'completed',
    header: 'Completed',
    cell: (e) =>
      e.completed_at ? (
        <Time iso={e.completed_at} />
      ) : (
        <Badge tone="warning" icon="clock">
          In progress
        </Badge>
      ),
  },
]

export default function PrivacyPage() {
  useAdminTitle('Privacy')
  const erasures = useErasures()
  return (
    <div className="adm-stack">
      <p className="adm-intro">
        Every erasure of personal data, newest first. Erase a candidate from their record, an employer from Employers, or the sender of an enquiry from
        the Contact inbox. Erasing needs <Link to="/dashboard/admins">two-factor sign-in</Link> on your account.
      </p>
      {erasures.isPending ? (
        <SkeletonStack cards={3} what="the erasures" />
      ) : erasures.isError ? (
        <LoadFailed error={erasures.error} what="the erasures" onRetry={() => erasures.refetch()} />
      ) : (
        <Table
          caption="Erasures of personal data, newest first"
          columns={COLUMNS}
          rows={erasures.data}
          rowKey={(e) => `${e.subject_kind}-${e.subject_id}-${e.erased_at}`}
          empty={
            <EmptyState title="No erasures yet" icon="shield">
              <p>When someone asks for their personal data to be erased, or the agency decides to erase it, the erasure is listed here.</p>
            </EmptyState>
          }
        />
      )}
    </div>
  )
}
