/**
 * /dashboard/employers: employer accounts by status (tabs) and a search, both kept in the address
 * bar. Approve a company waiting for approval; reject it with a reason (mailed to them); suspend
 * an active one with a reason (it is signed out at once and its jobs leave the board); reinstate.
 * Each decision asks first (useEmployerDecisions); each company opens its own page.
 */
import { Link, useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { ErasedChip } from '../../../components/ui/ErasedPerson'
import { Table, type Column } from '../../../components/ui/Table'
import { Tabs } from '../../../components/ui/Tabs'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { formatDate } from '../../../lib/format'
import { useAdminTitle, useSearchDraft } from '../../admin'
import { useEmployers } from '../api/get-employers'
import { useEmployerDecisions, type EmployerDecision } from '../hooks/useEmployerDecisions'
import { employerName, isErasedEmployer, keptCompany } from '../model/employer'
import { EMPLOYER_TABS, employerFiltersFromParams, employerFiltersToParams, type EmployerFilters, type EmployerTab } from '../model/employerFilters'
import type { AdminEmployer } from '../types'
import { EmployerActions } from './EmployerActions'
import { EmployerStatusBadge } from './EmployerStatusBadge'
import { SearchRow } from './SearchRow'

export default function EmployersPage() {
  useAdminTitle('Employers')
  const [params, setParams] = useSearchParams()
  const filters = employerFiltersFromParams(params)
  const [search, setSearch] = useSearchDraft(filters.q)
  const decisions = useEmployerDecisions()
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
          content: t.id === filters.status ? <EmployerList filters={filters} onAsk={decisions.ask} onClear={() => update({ q: '' })} /> : null,
        }))}
      />
      {decisions.dialog}
    </div>
  )
}

function EmployerList({ filters, onAsk, onClear }: { filters: EmployerFilters; onAsk: (d: EmployerDecision) => void; onClear: () => void }) {
  const employers = useEmployers(filters)
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

  const columns: Column<AdminEmployer>[] = [
    {
      key: 'company',
      header: 'Employer',
      cell: (e) => {
        const company = keptCompany(e)
        const page = `/dashboard/employers/${encodeURIComponent(e.id)}`
        return isErasedEmployer(e) ? (
          <span className="adm-cell-stack">
            {company ? (
              <Link to={page} className="adm-strong-link">
                {company}
              </Link>
            ) : null}
            <ErasedChip label={company ? 'Contact erased' : 'Erased employer'} />
          </span>
        ) : (
          <span className="adm-cell-stack">
            <Link to={page} className="adm-strong-link">
              {employerName(e)}
            </Link>
            <span className="ws-muted">
              {e.name} · <a href={`mailto:${e.email}`}>{e.email}</a>
            </span>
            {e.reason ? <span className="adm-reason">Reason: {e.reason}</span> : null}
          </span>
        )
      },
    },
    { key: 'status', header: 'Status', cell: (e) => <EmployerStatusBadge employer={e} /> },
    { key: 'since', header: 'Registered', cell: (e) => formatDate(e.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (e) => (
        <span className="ws-actions">
          <EmployerActions employer={e} onAsk={onAsk} />
        </span>
      ),
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
