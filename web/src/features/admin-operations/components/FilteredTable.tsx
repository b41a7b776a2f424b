import type { UseQueryResult } from '@tanstack/react-query'
import { useRef } from 'react'
import { useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Pagination } from '../../../components/ui/Pagination'
import type { IconName } from '../../../components/ui/Icon'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { Table, type Column } from '../../../components/ui/Table'
import { pageCount, pageSlice } from '../../../lib/pagination'

/** Rows per page of a long list (jobs, applications across clients), so it never grows to many screens. */
export const TABLE_PAGE_SIZE = 25

/**
 * An agency-wide list: its loading and failed states, how many rows (and that only the newest 500
 * come back), a way to clear the filters, and the table, whose empty state tells "nothing matches"
 * from "nothing yet".
 */
export function FilteredTable<T>({
  noun,
  caption,
  columns,
  query,
  rowKey,
  filtered,
  onClear,
  tryHint,
  none,
}: {
  /** Singular and plural: ['job', 'jobs']. */
  noun: [string, string]
  caption: string
  columns: Column<T>[]
  /** The list's query: while it refetches for new filters, the rows it had stay, marked busy. */
  query: UseQueryResult<T[], unknown>
  rowKey: (row: T) => string
  filtered: boolean
  onClear: () => void
  /** What to try when nothing matches. */
  tryHint: string
  /** The empty state when nothing exists at all. */
  none: { title: string; icon: IconName; text: string }
}) {
  const [one, many] = noun
  const [params, setParams] = useSearchParams()
  const tableRef = useRef<HTMLDivElement>(null)
  if (query.isPending) return <SkeletonStack what={many} />
  if (query.isError) return <LoadFailed error={query.error} what={`the ${many}`} onRetry={() => query.refetch()} />
  const rows = query.data
  const busy = query.isFetching
  const pages = pageCount(rows.length, TABLE_PAGE_SIZE)
  const page = Math.min(pages, Math.max(1, Number(params.get('page')) || 1))
  const goTo = (next: number) => {
    const p = new URLSearchParams(params)
    if (next > 1) p.set('page', String(next))
    else p.delete('page')
    setParams(p)
    tableRef.current?.scrollIntoView({ block: 'start' })
  }
  const clear = (
    <Button variant="outline" onClick={onClear}>
      Clear the filters
    </Button>
  )
  return (
    <>
      <div className="ws-toolbar">
        <p className="ws-muted" aria-live="polite">
          {rows.length === 1 ? `1 ${one}` : `${rows.length.toLocaleString('en-AU')} ${many}`}
          {rows.length >= 500 ? ' (the newest 500: narrow the filters to see older ones)' : ''}
          {pages > 1 ? `, page ${page} of ${pages}` : ''}
        </p>
        {filtered && rows.length > 0 ? (
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear the filters
          </Button>
        ) : null}
      </div>
      <div className="ops-table" aria-busy={busy || undefined} ref={tableRef}>
        <Table
          caption={caption}
          columns={columns}
          rows={pageSlice(rows, page, TABLE_PAGE_SIZE)}
          rowKey={rowKey}
          empty={
            filtered ? (
              <EmptyState title={`No ${many} match`} icon="search" headingLevel={2} action={clear}>
                <p>{tryHint}</p>
              </EmptyState>
            ) : (
              <EmptyState title={none.title} icon={none.icon} headingLevel={2}>
                <p>{none.text}</p>
              </EmptyState>
            )
          }
        />
      </div>
      <Pagination current={page} total={pages} onChange={goTo} label={`Pages of ${many}`} />
    </>
  )
}
