/**
 * /dashboard/inbox: enquiries from the public contact form. Open ones first (?status=handled|all
 * for the rest). Each reads in full with who sent it and how to reach them; staff assign it to a
 * colleague, reply by email from here (the reply goes from the agency to the sender), and mark
 * it handled when nothing more is needed.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { LoadFailed } from '../../../components/ui/Alert'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { ErasedChip } from '../../../components/ui/ErasedPerson'
import { useToast } from '../../../components/ui/toast'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { isErased } from '../../../lib/erased'
import { formatRelativeTime, telHref } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { type AdminAccount, FilterTabs, Time, useAdmins, useAdminTitle } from '../../admin'
import { useEnquiryAction } from '../api/enquiry-actions'
import { useEnquiries } from '../api/get-enquiries'
import { INBOX_FILTERS, inboxFilterFromParams, inboxFilterToParams, type InboxFilter } from '../model/listFilters'
import type { Enquiry } from '../types'
import { EnquiryAssign } from './EnquiryAssign'
import { EnquiryReplyForm } from './EnquiryReplyForm'
import { EraseDialog } from './EraseDialog'
import '../people.css'

export default function InboxPage() {
  useAdminTitle('Contact inbox')
  return (
    <div className="adm-stack">
      <p className="adm-intro">
        Messages sent through the Contact Us page. Assign each one to the person who will follow it up, reply by email from here, and mark it handled when
        it needs nothing more.
      </p>
      <FilterTabs label="Enquiries" filters={INBOX_FILTERS} fromParams={inboxFilterFromParams} toParams={inboxFilterToParams}>
        {(filter) => <EnquiryList filter={filter} />}
      </FilterTabs>
    </div>
  )
}

function EnquiryList({ filter }: { filter: InboxFilter }) {
  const enquiries = useEnquiries(filter)
  const admins = useAdmins()
  if (enquiries.isPending) return <SkeletonStack cards={3} what="enquiries" />
  if (enquiries.isError) return <LoadFailed error={enquiries.error} what="the enquiries" onRetry={() => enquiries.refetch()} />
  if (enquiries.data.length === 0) {
    return (
      <EmptyState title={filter === 'open' ? 'The inbox is clear' : filter === 'handled' ? 'Nothing handled yet' : 'No enquiries yet'} icon="check">
        <p>{filter === 'open' ? 'Every enquiry has been handled. New messages from the contact form will appear here.' : 'Enquiries from the contact form appear here.'}</p>
      </EmptyState>
    )
  }
  return (
    <ul className="ws-card-list">
      {enquiries.data.map((e) => (
        <EnquiryCard key={e.id} enquiry={e} staff={admins.data ?? []} staffLoaded={admins.isSuccess} />
      ))}
    </ul>
  )
}

function EnquiryCard({ enquiry: e, staff, staffLoaded }: { enquiry: Enquiry; staff: AdminAccount[]; staffLoaded: boolean }) {
  const act = useEnquiryAction()
  const { push } = useToast()
  const [replying, setReplying] = useState(false)
  const [erasing, setErasing] = useState(false)
  const replyButtonId = useId()
  // closing the reply form puts focus back on the button that opened it, not on the page
  const returnFocus = useRef(false)
  useEffect(() => {
    if (!replying && returnFocus.current) {
      returnFocus.current = false
      document.getElementById(replyButtonId)?.focus()
    }
  }, [replying, replyButtonId])
  const closeReply = () => {
    returnFocus.current = true
    setReplying(false)
  }
  // issue 12: an erased sender keeps the message's dates, with "[erased]" for every personal field
  const erased = isErased(e.email) || isErased(e.first_name)
  const name = erased ? 'Erased sender' : `${e.first_name} ${e.last_name}`.trim()
  const assignee = staff.find((s) => s.id === e.assigned_to)
  const busy = (action: string) => act.isPending && act.variables?.action === action
  const fail = (title: string) => (err: unknown) => push({ kind: 'error', title, message: serverMessageOr(err, 'Please try again.') })
  const headingId = `enq-${e.id}`
  const status = [
    !e.assigned_to ? (
      <strong key="a" className="adm-warn-text">
        Nobody is assigned yet
      </strong>
    ) : !assignee && staffLoaded ? (
      <span key="a">Assigned to someone who is no longer an admin</span>
    ) : null,
    e.last_reply_at ? (
      <span key="r" className="ws-muted">
        Last reply <Time iso={e.last_reply_at}>{formatRelativeTime(e.last_reply_at)}</Time>
      </span>
    ) : null,
    e.handled_at ? (
      <span key="h" className="ws-muted">
        Handled <Time iso={e.handled_at}>{formatRelativeTime(e.handled_at)}</Time>
      </span>
    ) : null,
  ].filter(Boolean)

  return (
    <Card as="li" className="adm-enquiry" aria-labelledby={headingId}>
      <div className="spread-row adm-enquiry-head">
        <h2 id={headingId} className="adm-enquiry-title">
          {erased ? <ErasedChip label={name} /> : name}
        </h2>
        <span className="ws-actions">
          {e.handled_at ? <Badge tone="success">Handled</Badge> : <Badge tone="warning">Open</Badge>}
          {e.replies > 0 ? <Badge tone="info">{e.replies === 1 ? 'Replied once' : `Replied ${e.replies} times`}</Badge> : null}
        </span>
      </div>
      <p className="ws-muted ws-small">
        Received <Time iso={e.received_at}>{formatRelativeTime(e.received_at)}</Time>
        {erased ? null : (
          <>
            {' · '}
            <a href={`mailto:${e.email}`}>{e.email}</a>
          </>
        )}
        {e.phone && !erased ? (
          <>
            {' · '}
            <a href={telHref(e.phone)}>{e.phone}</a>
          </>
        ) : null}
      </p>
      {isErased(e.message) ? <p className="ws-muted">The message was erased with the sender’s details.</p> : <blockquote className="adm-message">{e.message}</blockquote>}
      {status.length ? <p className="ws-small adm-enquiry-status">{status}</p> : null}
      <div className="adm-enquiry-actions">
        {staffLoaded ? <EnquiryAssign enquiry={e} name={name} staff={staff} /> : null}
        <span className="ws-actions">
          {!replying && !erased ? (
            <Button id={replyButtonId} size="sm" variant="secondary" icon="publish" onClick={() => setReplying(true)} aria-label={`Reply to ${name}`}>
              Reply by email
            </Button>
          ) : null}
          {!e.handled_at ? (
            <Button
              size="sm"
              variant="outline"
              icon="check"
              busy={busy('handled')}
              aria-label={`Mark ${name}’s enquiry handled`}
              onClick={() =>
                act.mutate(
                  { id: e.id, action: 'handled' },
                  { onSuccess: () => push({ kind: 'success', title: 'Marked as handled', message: `${name}’s enquiry has moved to Handled.` }), onError: fail('Could not mark it handled') },
                )
              }
            >
              Mark handled
            </Button>
          ) : null}
          {erased ? null : (
            <Button size="sm" variant="danger" icon="trash" onClick={() => setErasing(true)} aria-label={`Erase sender ${name}`}>
              Erase sender
            </Button>
          )}
        </span>
      </div>
      {replying ? <EnquiryReplyForm enquiry={e} name={name} onDone={closeReply} /> : null}
      {erasing ? <EraseDialog target={{ kind: 'contact_message', id: e.id }} name={`${name}’s details`} onClose={() => setErasing(false)} /> : null}
    </Card>
  )
}
