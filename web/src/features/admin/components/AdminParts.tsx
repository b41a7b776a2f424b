/** Pieces the people and operations screens share: a title, the search row, filter tabs, the "opened by" time. */
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/Button'
import { Field } from '../../../components/ui/Field'
import { SearchForm } from '../../../components/ui/SearchForm'
import { Tabs } from '../../../components/ui/Tabs'
import { useDocumentTitle } from '../../../hooks/useDocumentTitle'

/** Names the browser tab; the frame's h1 names the section from the path. */
export const useAdminTitle = (title: string) => useDocumentTitle(title)

/** A people screen's search: one box and its button; the search runs on submit. */
export function SearchRow({ label, hint, value, onChange, onSearch }: { label: string; hint: string; value: string; onChange: (value: string) => void; onSearch: () => void }) {
  return (
    <SearchForm className="adm-search" label={label} onSearch={onSearch}>
      <Field label={label} hint={hint}>
        {(p) => <input {...p} className="input" type="search" value={value} onChange={(e) => onChange(e.target.value)} />}
      </Field>
      <Button type="submit" variant="secondary" icon="search">
        Search
      </Button>
    </SearchForm>
  )
}

/**
 * Tabs choosing a list's one filter, kept in the address bar (?status= in the inbox, ?state= in the
 * outbox); only the chosen tab renders its list.
 */
export function FilterTabs<F extends string>({
  label,
  filters,
  fromParams,
  toParams,
  children,
}: {
  label: string
  filters: { id: F; label: string }[]
  fromParams: (params: URLSearchParams) => F
  toParams: (filter: F) => URLSearchParams
  children: (filter: F) => ReactNode
}) {
  const [params, setParams] = useSearchParams()
  const filter = fromParams(params)
  return (
    <Tabs
      label={label}
      value={filter}
      onChange={(id) => setParams(toParams(id as F), { replace: true })}
      tabs={filters.map((t) => ({ id: t.id, label: t.label, content: t.id === filter ? children(filter) : null }))}
    />
  )
}

/** An instant for lists: "3 Mar 2026, 2:05 pm" in the browser's zone. */
export function when(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return d.toLocaleString('en-AU', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' })
}

export function Time({ iso, children }: { iso: string | null | undefined; children?: ReactNode }) {
  if (!iso) return null
  return (
    <time dateTime={iso} title={when(iso)}>
      {children ?? when(iso)}
    </time>
  )
}
