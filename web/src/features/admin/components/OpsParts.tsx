/** Small pieces the operations screens share: the payload view, a progress bar, a filtered list (paged, ?page= in the address bar) and its client filter. */
import type { UseQueryResult } from '@tanstack/react-query'
import { useRef } from 'react'
import { useSearchParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Pagination } from '../../../components/ui/Pagination'
import type { IconName } from '../../../components/ui/Icon'
import { SelectField } from '../../../components/ui/Select'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { Table, type Column } from '../../../components/ui/Table'
import { pageCount, pageSlice } from '../../../lib/pagination'
import { useEmployerOptions } from '../api/ops-get-employer-options'
import { ERASED } from '../model/auditEvent'
import { jsonLines } from '../model/json'
import { percentDone } from '../model/progress'

/** Rows per page of a long list (jobs, applications across clients), so it never grows to many screens. */
export const TABLE_PAGE_SIZE = 25

/** A value pretty-printed as JSON; erased personal data is marked, not shown as if it were text. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className="ops-json" aria-label={label} tabIndex={0}>
      {jsonLines(value).map((l, i) => (
        <span key={i} className="ops-json-line">
          {'  '.repeat(l.indent)}
          {l.key !== null ? <span className="ops-json-key">{JSON.stringify(l.key)}: </span> : null}
          {l.erased ? (
            <span className="ops-erased" title="Erased: the person asked for their personal data to be removed">
              {ERASED}
            </span>
          ) : (
            l.text
          )}
          {l.comma ? ',' : ''}
        </span>
      ))}
    </pre>
  )
}

export function ProgressBar({ done, total, finished, failed, label }: { done: number; total: number; finished: boolean; failed: boolean; label: string }) {
  const pct = percentDone(done, total, finished)
  return (
    <div className={`ops-progress${failed ? ' is-failed' : finished ? ' is-done' : ''}`}>
      <div className="ops-progress-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct}%, ${done} of ${total} events`}>
        <div className="ops-progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <div className="ops-progress-text">
        <span>
          {done.toLocaleString('en-AU')} of {total.toLocaleString('en-AU')} events
        </span>
        <strong>{pct}%</strong>
      </div>
    </div>
  )
}

/** The "Client" filter of the agency-wide lists: every employer by company name (or its own name), A to Z. */
export function ClientFilter({ value, onChange, className }: { value: string; onChange: (employerId: string) => void; className?: string }) {
  const employers = useEmployerOptions()
  const options = (employers.data ?? [])
    .map((e) => ({ value: e.id, label: e.company || e.name }))
    .sort((a, b) => a.label.localeCompare(b.label))
  return (
    <SelectField label="Client" className={className} value={value} placeholder="All clients" options={options} onChange={(e) => onChange(e.target.value)} />
  )
}

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
