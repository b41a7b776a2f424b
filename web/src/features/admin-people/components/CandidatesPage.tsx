/**
 * /dashboard/candidates: find a candidate by name, email, skill or a role they have held (?q= in
 * the address bar), then open
 * their record. The list shows only account details; opening a record is what gets recorded.
 */
import { Link, useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { EmptyState } from '../../../components/ui/EmptyState'
import { ErasedChip } from '../../../components/ui/ErasedPerson'
import { Table, type Column } from '../../../components/ui/Table'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { isErased, personName } from '../../../lib/erased'
import { formatDate } from '../../../lib/format'
import { useAdminTitle, useSearchDraft } from '../../admin'
import { useCandidateSearch } from '../api/candidates'
import { candidateQueryFromParams, candidateQueryToParams } from '../model/listFilters'
import type { CandidateRow } from '../types'
import { SearchRow } from './SearchRow'

/** Erased (issue 12): the API keeps the account with "[erased]" for its name and email. */
const erased = (c: CandidateRow) => c.status === 'erased' || isErased(c.name)

export default function CandidatesPage() {
  useAdminTitle('Candidates')
  const [params, setParams] = useSearchParams()
  const q = candidateQueryFromParams(params)
  const [search, setSearch] = useSearchDraft(q)
  const results = useCandidateSearch(q)

  const columns: Column<CandidateRow>[] = [
    {
      key: 'name',
      header: 'Candidate',
      cell: (c) =>
        erased(c) ? (
          <ErasedChip />
        ) : (
          <span className="adm-cell-stack">
            <Link to={`/dashboard/candidates/${c.id}`} className="adm-strong-link">
              {c.name}
            </Link>
            <span className="ws-muted">{c.email}</span>
          </span>
        ),
    },
    {
      key: 'phone',
      header: 'Phone',
      cell: (c) => (erased(c) ? <span className="ws-muted">Erased</span> : c.phone || <span className="ws-muted">Not given</span>),
    },
    { key: 'joined', header: 'Joined', cell: (c) => formatDate(c.created_at) },
    {
      key: 'open',
      header: 'Record',
      cell: (c) => (
        <Link to={`/dashboard/candidates/${c.id}`} className="btn btn-outline btn-sm" aria-label={`Open the record of ${personName(c.name)}`}>
          Open record
        </Link>
      ),
    },
  ]

  return (
    <div className="adm-stack">
      <p className="adm-intro">
        Find a candidate to check their profile, documents and applications. Opening a record is logged with your name and the time, and the candidate’s
        record shows that log.
      </p>
      <SearchRow
        label="Search candidates"
        hint="A name, email, skill or job title, e.g. “Kubernetes”"
        value={search}
        onChange={setSearch}
        onSearch={() => setParams(candidateQueryToParams(search), { replace: true })}
      />
      {results.isPending ? (
        <SkeletonStack cards={3} what="candidates" />
      ) : results.isError ? (
        <LoadFailed error={results.error} what="candidates" onRetry={() => results.refetch()} />
      ) : results.data.length === 0 ? (
        <EmptyState title={q ? `No candidates match “${q}”` : 'No candidates yet'} icon="user">
          <p>{q ? 'Check the spelling, or try another skill, a past job title or their email address.' : 'Candidates appear here once they sign up on the public site.'}</p>
        </EmptyState>
      ) : (
        <div className="adm-stack-sm">
          <p className="ws-muted" aria-live="polite">
            {q ? `${results.data.length === 1 ? '1 candidate' : `${results.data.length} candidates`} matching “${q}”` : `The ${results.data.length} newest candidates`}
            {results.data.length >= 50 ? ' (the first 50: narrow the search to see others)' : ''}
          </p>
          <Table caption={q ? 'Search results' : 'Newest candidates'} columns={columns} rows={results.data} rowKey={(c) => c.id} />
        </div>
      )}
    </div>
  )
}
