import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { Tabs } from '../../../components/ui/Tabs'

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
