/**
 * /dashboard/outbox: every mail the platform sends, newest first, filtered by state (?state=).
 * Shows attempts and the last error, read in plain words where we can; a mail that failed (gave
 * up after its last attempt) links to the account it was sent to, where one has that address, and
 * can be sent again, after a confirmation, once the cause is fixed.
 */
import { useState } from 'react'
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Badge, type BadgeTone } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Table, type Column } from '../../../components/ui/Table'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { FilterTabs, Time, useAdminTitle } from '../../admin'
import { useAccountWithEmail } from '../../admin-audit'
import { useOutbox } from '../api/get-outbox'
import { readMailFailure } from '../model/mailFailure'
import { OUTBOX_FILTERS, outboxFilterFromParams, outboxFilterToParams, type OutboxFilter } from '../model/outboxFilters'
import type { OutboxMail } from '../types'
import { ResendMailDialog } from './ResendMailDialog'
import '../operations.css'

const TONES: Record<string, BadgeTone> = { queued: 'info', sent: 'success', failed: 'danger' }
const LABELS: Record<string, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' }

/** "23 Nov, 10:22 pm" (the year only when it is not this year). */
function shortWhen(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const sameYear = d.getFullYear() === new Date().getFullYear()
  return d.toLocaleString('en-AU', { day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }), hour: 'numeric', minute: '2-digit' })
}

export default function OutboxPage() {
  useAdminTitle('Mail outbox')
  return (
    <div className="adm-stack">
      <p className="adm-intro">
        Every email the platform sends: approvals, replies, password resets and application updates. A mail that keeps failing stops after its last
        attempt; fix the cause (often a mistyped address) and send it again.
      </p>
      <FilterTabs label="Mail by state" filters={OUTBOX_FILTERS} fromParams={outboxFilterFromParams} toParams={outboxFilterToParams}>
        {(filter) => <MailList filter={filter} />}
      </FilterTabs>
    </div>
  )
}

function MailList({ filter }: { filter: OutboxFilter }) {
  const mail = useOutbox(filter)
  const [confirming, setConfirming] = useState<OutboxMail | null>(null)
  if (mail.isPending) return <SkeletonStack cards={3} what="mail" />
  if (mail.isError) return <LoadFailed error={mail.error} what="the outbox" onRetry={() => mail.refetch()} />
  if (mail.data.length === 0) {
    return (
      <EmptyState title={filter === 'failed' ? 'No failed mail' : filter === 'queued' ? 'Nothing waiting to send' : 'No mail yet'} icon="check">
        <p>{filter === 'failed' ? 'Every mail was delivered or is still being tried.' : 'Mail appears here as the platform sends it.'}</p>
      </EmptyState>
    )
  }
  const columns: Column<OutboxMail>[] = [
    {
      key: 'mail',
      header: 'Mail',
      cell: (m) => (
        <span className="adm-cell-stack">
          <strong>{m.subject}</strong>
          <span className="ws-muted">To {m.recipient}</span>
          {m.last_error ? <MailError raw={m.last_error} /> : null}
          {m.state === 'failed' ? <RecipientAccount email={m.recipient} /> : null}
        </span>
      ),
    },
    {
      key: 'state',
      header: 'State',
      cell: (m) => (
        <span className="adm-cell-stack">
          <Badge tone={TONES[m.state] ?? 'neutral'}>{LABELS[m.state] ?? m.state}</Badge>
          <span className="ws-muted ws-small">{m.attempts === 1 ? '1 attempt' : `${m.attempts} attempts`}</span>
        </span>
      ),
    },
    {
      key: 'when',
      header: 'When',
      cell: (m) => (
        <span className="adm-cell-stack ws-small adm-nowrap">
          <span>
            Created <Time iso={m.created_at}>{shortWhen(m.created_at)}</Time>
          </span>
          {m.sent_at ? (
            <span className="ws-muted">
              Sent <Time iso={m.sent_at}>{shortWhen(m.sent_at)}</Time>
            </span>
          ) : m.state === 'queued' && m.next_attempt_at ? (
            <span className="ws-muted">
              Next try <Time iso={m.next_attempt_at}>{shortWhen(m.next_attempt_at)}</Time>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: 'Action',
      cell: (m) =>
        m.state === 'failed' ? (
          <Button size="sm" variant="secondary" icon="reopen" aria-label={`Send “${m.subject}” to ${m.recipient} again`} onClick={() => setConfirming(m)}>
            Send again
          </Button>
        ) : (
          <span className="ws-muted">—</span>
        ),
    },
  ]
  return (
    <div className="adm-stack-sm">
      <p className="ws-muted">
        {mail.data.length === 1 ? '1 mail' : `${mail.data.length} mails`}
        {mail.data.length >= 200 ? ' (the newest 200)' : ''}
      </p>
      <Table caption="Mail" columns={columns} rows={mail.data} rowKey={(m) => m.id} />
      {confirming ? <ResendMailDialog mail={confirming} onClose={() => setConfirming(null)} /> : null}
    </div>
  )
}

/** The error a mail was last refused with: in plain words where we can read it, and as it came. */
function MailError({ raw }: { raw: string }) {
  const reading = readMailFailure(raw)
  return (
    <>
      {reading ? <span className="ops-mail-reading">{reading.summary}</span> : null}
      <span className="ws-small">
        {reading ? 'Details: ' : 'Last error: '}
        <code className="adm-error-text">{raw}</code>
      </span>
    </>
  )
}

/** The people screens that have a page per account; an admin's has none. */
const ACCOUNT_PAGES: Record<string, string> = { candidate: '/dashboard/candidates', employer: '/dashboard/employers' }

/** A link to the account a failed mail went to, so the address can be checked there; nothing when no
 *  candidate or employer account has it (a reply to an enquiry, an admin). */
function RecipientAccount({ email }: { email: string }) {
  const account = useAccountWithEmail(email)
  const page = account ? ACCOUNT_PAGES[account.role] : undefined
  if (!account || !page) return null
  return (
    <Link to={`${page}/${encodeURIComponent(account.id)}`} className="ws-small">
      Open {account.name}’s account to check the address
    </Link>
  )
}
