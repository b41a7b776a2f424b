/**
 * /dashboard/employers: employer accounts by status (tabs) and a search, both kept in the address
 * bar. Approve a company waiting for approval; reject it with a reason (mailed to them); suspend
 * an active one with a reason (it is signed out at once and its jobs leave the board); reinstate.
 */
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Badge, type BadgeTone } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { ErasedChip } from '../../../components/ui/ErasedPerson'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { Table, type Column } from '../../../components/ui/Table'
import { Tabs } from '../../../components/ui/Tabs'
import { useToast } from '../../../components/ui/toast'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { isErased } from '../../../lib/erased'
import { formatDate } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useAdminTitle, useSearchDraft } from '../../admin'
import { useEmployers } from '../api/get-employers'
import { useReviewEmployer } from '../api/review-employer'
import { EMPLOYER_TABS, employerActions, employerFiltersFromParams, employerFiltersToParams, employerStatusLabel, type EmployerFilters, type EmployerTab } from '../model/employerFilters'
import { REASON_MAX, reasonError } from '../model/forms'
import type { AdminEmployer } from '../types'
import { PersonDataActions } from './PersonDataActions'
import { SearchRow } from './SearchRow'

const TONES: Record<string, BadgeTone> = { pending: 'warning', active: 'success', suspended: 'danger', rejected: 'neutral' }

type Dialog = { employer: AdminEmployer; action: 'reject' | 'suspend' }

/** The company, else the contact; "Erased employer" once both are gone (issue 12). */
const who = (e: AdminEmployer) => (e.company && !isErased(e.company) ? e.company : isErased(e.name) ? 'Erased employer' : e.name)
const erased = (e: AdminEmployer) => e.status === 'erased' || isErased(e.name)

export default function EmployersPage() {
  useAdminTitle('Employers')
  const [params, setParams] = useSearchParams()
  const filters = employerFiltersFromParams(params)
  const [search, setSearch] = useSearchDraft(filters.q)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const update = (patch: Partial<EmployerFilters>) => setParams(employerFiltersToParams({ ...filters, ...patch }), { replace: true })

  return (
    <div className="adm-stack">
      <p className="adm-intro">
        Approve new employers before they can post, and step in when one breaks the rules. Every decision is emailed to the employer with the reason you give.
      </p>
      <SearchRow label="Search employers" hint="Company, contact name or email" value={search} onChange={setSearch} onSearch={() => update({ q: search.trim() })} />
      <Tabs
        label="Employers by status"
        value={filters.status}
        onChange={(id) => update({ status: id as EmployerTab })}
        tabs={EMPLOYER_TABS.map((t) => ({
          id: t.id,
          label: t.label,
          content: t.id === filters.status ? <EmployerList filters={filters} onDialog={setDialog} onClear={() => update({ q: '' })} /> : null,
        }))}
      />
      {dialog ? <ReasonDialog {...dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  )
}

function EmployerList({ filters, onDialog, onClear }: { filters: EmployerFilters; onDialog: (d: Dialog) => void; onClear: () => void }) {
  const employers = useEmployers(filters)
  const review = useReviewEmployer()
  const { push } = useToast()
  if (employers.isPending) return <SkeletonStack cards={3} what="employers" />
  if (employers.isError) return <LoadFailed error={employers.error} what="the employers" onRetry={() => employers.refetch()} />
  const list = employers.data
  if (list.length === 0) {
    const tab = EMPLOYER_TABS.find((t) => t.id === filters.status)?.label.toLowerCase()
    return filters.q ? (
      <EmptyState title={`No employers match “${filters.q}”`} icon="search" action={<Button variant="outline" onClick={onClear}>Clear the search</Button>}>
        <p>Try part of the company name or the contact’s email address.</p>
      </EmptyState>
    ) : (
      <EmptyState title={filters.status === 'pending' ? 'Nobody is waiting for approval' : `No ${tab === 'all' ? '' : `${tab} `}employers`} icon="building">
        <p>{filters.status === 'pending' ? 'New employer sign-ups appear here for you to check.' : 'Employers will appear here once they register.'}</p>
      </EmptyState>
    )
  }

  const approve = (e: AdminEmployer, action: 'approve' | 'reinstate') =>
    review.mutate(
      { id: e.id, action },
      {
        onSuccess: () =>
          push({
            kind: 'success',
            title: action === 'approve' ? 'Employer approved' : 'Employer reinstated',
            message: action === 'approve' ? `${who(e)} can now sign in and post jobs. We have emailed them.` : `${who(e)} can sign in again and their open jobs are back on the board.`,
          }),
        onError: (err) => push({ kind: 'error', title: action === 'approve' ? 'Could not approve' : 'Could not reinstate', message: serverMessageOr(err, 'Please try again.') }),
      },
    )

  const columns: Column<AdminEmployer>[] = [
    {
      key: 'company',
      header: 'Employer',
      cell: (e) =>
        erased(e) ? (
          <span className="adm-cell-stack">
            {e.company && !isErased(e.company) ? <strong>{e.company}</strong> : null}
            <ErasedChip label={e.company && !isErased(e.company) ? 'Contact erased' : 'Erased employer'} />
          </span>
        ) : (
          <span className="adm-cell-stack">
            <strong>{who(e)}</strong>
            <span className="ws-muted">
              {e.name} · <a href={`mailto:${e.email}`}>{e.email}</a>
            </span>
            {e.reason ? <span className="adm-reason">Reason: {e.reason}</span> : null}
          </span>
        ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (e) => (erased(e) ? <Badge tone="neutral">Erased</Badge> : <Badge tone={TONES[e.status] ?? 'neutral'}>{employerStatusLabel(e.status)}</Badge>),
    },
    { key: 'since', header: 'Registered', cell: (e) => formatDate(e.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (e) => {
        const actions = employerActions(e.status)
        const busy = review.isPending && review.variables?.id === e.id
        return (
          <span className="ws-actions">
            {actions.includes('approve') ? (
              <Button size="sm" icon="check" busy={busy} onClick={() => approve(e, 'approve')} aria-label={`Approve ${who(e)}`}>
                Approve
              </Button>
            ) : null}
            {actions.includes('reject') ? (
              <Button size="sm" variant="outline" onClick={() => onDialog({ employer: e, action: 'reject' })} aria-label={`Reject ${who(e)}`}>
                Reject
              </Button>
            ) : null}
            {actions.includes('suspend') ? (
              <Button size="sm" variant="danger" onClick={() => onDialog({ employer: e, action: 'suspend' })} aria-label={`Suspend ${who(e)}`}>
                Suspend
              </Button>
            ) : null}
            {actions.includes('reinstate') ? (
              <Button size="sm" variant="secondary" icon="reopen" busy={busy} onClick={() => approve(e, 'reinstate')} aria-label={`Reinstate ${who(e)}`}>
                Reinstate
              </Button>
            ) : null}
            <PersonDataActions id={e.id} name={who(e)} erased={erased(e)} />
          </span>
        )
      },
    },
  ]

  return (
    <div className="adm-stack-sm">
      <p className="ws-muted" aria-live="polite">
        {list.length === 1 ? '1 employer' : `${list.length} employers`}
        {filters.q ? ` matching “${filters.q}”` : ''}
      </p>
      <Table caption="Employers" columns={columns} rows={list} rowKey={(e) => e.id} />
    </div>
  )
}

function ReasonDialog({ employer, action, onClose }: Dialog & { onClose: () => void }) {
  const review = useReviewEmployer()
  const { push } = useToast()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const suspend = action === 'suspend'
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const problem = reasonError(reason)
    if (problem) return setError(problem)
    setError(null)
    review.mutate(
      { id: employer.id, action, reason },
      {
        onSuccess: () => {
          push({
            kind: 'success',
            title: suspend ? 'Employer suspended' : 'Employer rejected',
            message: suspend ? `${who(employer)} has been signed out and their jobs are off the board.` : `We have emailed ${who(employer)} your reason.`,
          })
          onClose()
        },
        onError: (err) => setError(serverMessageOr(err, 'Please try again.')),
      },
    )
  }
  return (
    <Modal title={suspend ? `Suspend ${who(employer)}?` : `Reject ${who(employer)}?`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="adm-stack-sm">
        {suspend ? (
          <div className="alert alert-info">
            Suspending signs {who(employer)} out straight away, on every device. They cannot sign in again and their jobs leave the board until you reinstate
            them.
          </div>
        ) : (
          <p className="ws-muted">They will not be able to sign in. We email them the reason below, so write it for them to read.</p>
        )}
        <Field label="Reason" hint={`Sent to ${employer.email}. Up to ${REASON_MAX.toLocaleString('en-AU')} characters.`} error={error}>
          {(p) => <textarea {...p} value={reason} maxLength={REASON_MAX} aria-required="true" onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <ModalFormActions onCancel={onClose} submitLabel={suspend ? 'Suspend and sign out' : 'Reject employer'} danger busy={review.isPending} />
      </form>
    </Modal>
  )
}
