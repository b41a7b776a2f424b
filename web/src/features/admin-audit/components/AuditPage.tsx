/**
 * /dashboard/audit: the global event log, newest first: filter by record (stream), event type,
 * account and time; page back with "Older" (a keyset cursor kept in the address bar, so any page
 * can be bookmarked, and Back returns to the newer one).
 */
import { useState, type CSSProperties } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ErrorAlert, LoadFailed } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Field } from '../../../components/ui/Field'
import { SearchForm } from '../../../components/ui/SearchForm'
import { SelectField } from '../../../components/ui/Select'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { AuditEventItem, humaniseType, useAdminTitle } from '../../admin'
import { useEventTypes } from '../api/get-event-types'
import { useAccountLookup, useAccountNamed } from '../api/find-accounts'
import { AUDIT_PAGE_SIZE, useEvents } from '../api/get-events'
import { accountLabel, accountPage } from '../model/accounts'
import { auditFilterProblem, auditFiltersActive, auditFiltersFromParams, auditFiltersToParams, EMPTY_AUDIT_FILTERS, isoToLocalInput, isQuickRange, isUuid, localInputToIso, QUICK_RANGES, type AuditFilters } from '../model/auditFilters'
import { localZoneName } from '../model/zone'
import { useSettled, WhoField } from './WhoField'

/** `who` is what the Who field shows: the picked account's label, or what was typed. */
type Draft = { stream: string; type: string; actor: string; who: string; from: string; to: string }

const draftOf = (f: AuditFilters, who: string): Draft => ({ stream: f.stream, type: f.type, actor: f.actor, who, from: isoToLocalInput(f.from), to: isoToLocalInput(f.to) })

/** The account a Who text means: the one picked, an id as typed, or the only match; else why not. */
export function actorOf(d: Draft, matches: readonly { id: string }[] | undefined): { actor: string } | { problem: string } {
  const typed = d.who.trim()
  if (d.actor || !typed) return { actor: typed ? d.actor : '' }
  if (isUuid(typed)) return { actor: typed }
  if (matches?.length === 1) return { actor: matches[0].id }
  return { problem: matches?.length === 0 ? `Nobody matches “${typed}”` : 'Pick who from the list' }
}

export default function AuditPage() {
  useAdminTitle('Audit trail')
  const [params, setParams] = useSearchParams()
  const filters = auditFiltersFromParams(params)
  const problem = auditFilterProblem(filters)
  const events = useEvents(filters)
  const types = useEventTypes()
  const named = useAccountNamed(filters.actor)
  const actorText = named ? accountLabel(named) : filters.actor
  const key = `${auditFiltersToParams({ ...filters, before: '' }).toString()}|${actorText}`
  const paged = filters.before !== ''

  return (
    <div className="ws-stack">
      <p className="ops-intro">
        Every change on the platform, newest first, {AUDIT_PAGE_SIZE} at a time. Filter by a record, an event type, an account or a time range; follow a record to its history and
        see it as it was on any day, or open an event&rsquo;s &ldquo;Technical details&rdquo; for exactly what was recorded.
      </p>
      <AuditFilterForm key={key} filters={filters} who={actorText} types={types.data ?? []} onApply={(f) => setParams(auditFiltersToParams({ ...f, before: '' }))} />
      {filters.actor && named ? <ActorLine account={named} /> : null}
      {problem ? (
        <ErrorAlert message={problem} />
      ) : events.isPending ? (
        <SkeletonStack cards={3} what="the audit trail" />
      ) : events.isError ? (
        <LoadFailed error={events.error} what="the audit trail" onRetry={() => events.refetch()} />
      ) : events.data.events.length === 0 ? (
        <EmptyState
          title={auditFiltersActive(filters) ? 'No events match' : 'No events yet'}
          icon="search"
          headingLevel={2}
          action={
            auditFiltersActive(filters) || paged ? (
              <Button variant="outline" onClick={() => setParams(new URLSearchParams())}>
                Show the newest events
              </Button>
            ) : undefined
          }
        >
          <p>{auditFiltersActive(filters) ? 'Try a wider time range, or another record, type or account.' : 'Events appear here as soon as anything changes.'}</p>
        </EmptyState>
      ) : (
        <>
          <PageLine events={events.data.events} paged={paged} />
          <ol className="ops-events" aria-label="Events, newest first" aria-busy={events.isFetching || undefined}>
            {events.data.events.map((e) => (
              <AuditEventItem key={e.position} event={e} actorLink={!filters.actor} />
            ))}
          </ol>
          <nav className="ops-pager" aria-label="Audit trail pages">
            {paged ? (
              <Button variant="ghost" onClick={() => setParams(auditFiltersToParams({ ...filters, before: '' }))}>
                Back to the newest
              </Button>
            ) : (
              <span />
            )}
            {events.data.next_before !== null ? (
              <Button
                variant="outline"
                busy={events.isFetching}
                onClick={() => {
                  setParams(auditFiltersToParams({ ...filters, before: String(events.data.next_before) }))
                  window.scrollTo({ top: 0 })
                }}
              >
                Older
              </Button>
            ) : (
              <span className="ws-muted ws-small">That is the oldest event{auditFiltersActive(filters) ? ' that matches' : ''}.</span>
            )}
          </nav>
        </>
      )}
    </div>
  )
}

/** Which events the page shows, in words; their numbers in the log (what an auditor quotes) on hover. */
function PageLine({ events, paged }: { events: readonly { position: number }[]; paged: boolean }) {
  const n = events.length
  const count = n === 1 ? 'event' : `${n} events`
  return (
    <p className="ws-muted" aria-live="polite" title={`Events ${events[0].position} to ${events[n - 1].position} of the log`}>
      {paged ? `Showing ${n === 1 ? 'an older event' : `${n} older events`}` : `Showing the newest ${count}`}
    </p>
  )
}

function ActorLine({ account }: { account: NonNullable<ReturnType<typeof useAccountNamed>> }) {
  const page = accountPage(account)
  return (
    <p className="audit-actor-line">
      Showing what <strong>{accountLabel(account)}</strong> did.{' '}
      {page ? <Link to={page}>Open their {account.role === 'employer' ? 'employer' : 'candidate'} page</Link> : null}
    </p>
  )
}

function AuditFilterForm({ filters, who, types, onApply }: { filters: AuditFilters; who: string; types: string[]; onApply: (f: AuditFilters) => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters, who))
  const [whoProblem, setWhoProblem] = useState<string | null>(null)
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const asked = useSettled(draft.actor ? '' : draft.who.trim())
  const lookup = useAccountLookup(asked)
  const apply = (patch: Partial<AuditFilters>) => {
    const who = actorOf(draft, asked === draft.who.trim() && !lookup.isPlaceholderData ? lookup.data : undefined)
    if ('problem' in who) return setWhoProblem(who.problem)
    setWhoProblem(null)
    onApply({ stream: draft.stream.trim(), type: draft.type, actor: who.actor, from: localInputToIso(draft.from), to: localInputToIso(draft.to), before: '', ...patch })
  }
  const zone = localZoneName()
  const typeOptions = (filters.type && !types.includes(filters.type) ? [filters.type, ...types] : types).map((t) => ({ value: t, label: humaniseType(t) }))
  return (
    <SearchForm
      className="ops-filters"
      style={{ '--ops-filter-cols': 3 } as CSSProperties}
      label="Filter the audit trail"
      onSearch={() => apply({})}
    >
      <Field label="Record (stream id)" hint="For example job-0190…">
        {(p) => <input {...p} className="input" value={draft.stream} onChange={(e) => set({ stream: e.target.value })} autoComplete="off" spellCheck={false} />}
      </Field>
      <SelectField label="Event type" value={draft.type} placeholder="Any type" options={typeOptions} onChange={(e) => set({ type: e.target.value })} />
      <WhoField
        text={draft.who}
        onText={(who) => set({ who })}
        picked={draft.actor}
        onPick={(a) => set({ actor: a?.id ?? '' })}
        matches={lookup.data}
        asked={asked}
        fresh={!lookup.isPlaceholderData && !lookup.isFetching}
        failed={lookup.isError}
        error={whoProblem}
      />
      <Field label="From" className="ops-filter-moment" hint={zone ? `Your time zone, ${zone}` : undefined}>
        {(p) => <input {...p} className="input" type="datetime-local" value={draft.from} onChange={(e) => set({ from: e.target.value })} />}
      </Field>
      <Field label="To" className="ops-filter-moment">
        {(p) => <input {...p} className="input" type="datetime-local" value={draft.to} onChange={(e) => set({ to: e.target.value })} />}
      </Field>
      <div className="ops-picks ops-filter-picks" role="group" aria-label="Quick time ranges">
        {QUICK_RANGES.map((q) => (
          <Button
            key={q.label}
            size="sm"
            variant={isQuickRange(filters, q.ms) ? 'primary' : 'outline'}
            aria-pressed={isQuickRange(filters, q.ms)}
            onClick={() => apply({ from: new Date(Date.now() - q.ms).toISOString(), to: '' })}
          >
            {q.label}
          </Button>
        ))}
      </div>
      <div className="ops-filter-actions" style={{ gridColumn: 'auto', alignSelf: 'end' }}>
        <Button type="submit" icon="search">
          Show events
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(draftOf(EMPTY_AUDIT_FILTERS, ''))
            setWhoProblem(null)
            onApply(EMPTY_AUDIT_FILTERS)
          }}
        >
          Clear
        </Button>
      </div>
    </SearchForm>
  )
}
