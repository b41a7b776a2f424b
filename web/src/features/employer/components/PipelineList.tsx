/**
 * The list view of a job's applicants: the server filters (stage, name or email, applied between
 * two dates) and sorts; rows can be chosen and rejected together with one feedback text (and,
 * unless unticked, an email to each: BulkRejectDialog). "Choose all" takes those still in the
 * running (model/stages inTheRunning): not the withdrawn, whom no one can move, nor the erased,
 * whom no one can tell; an erased one can still be chosen on their own. The filter lives in the address
 * (model/pipelineParams), so Back from an applicant or a bookmark finds the same list; the search
 * box runs its text when submitted or left.
 */
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import { PersonName } from '../../../components/ui/ErasedPerson'
import { Field } from '../../../components/ui/Field'
import { SearchField, SearchForm } from '../../../components/ui/SearchForm'
import { SelectField } from '../../../components/ui/Select'
import { SkeletonCard } from '../../../components/ui/Skeleton'
import { Table, type Column } from '../../../components/ui/Table'
import { isErased, personName } from '../../../lib/erased'
import { formatDate, formatRelativeTime } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { usePipeline } from '../api/get-pipeline'
import { useSearchDraft } from '../../../hooks/useSearchDraft'
import { daysInStage, daysInStageLabel, ratingDescription, ratingText } from '../model/card'
import { EMPTY_LIST_FILTER, listFilterFromParams, pipelineParams, PIPELINE_SORT_LABELS, type ListFilter } from '../model/pipelineParams'
import { canReject, inTheRunning, STAGE_LABELS, STAGE_TONES } from '../model/stages'
import { interviewHint } from '../model/upcomingInterviews'
import { STAGES, type PipelineCard, type PipelineSort, type Stage } from '../types'
import { BulkRejectDialog } from './BulkRejectDialog'
import { MoveMenu } from './MoveMenu'
import { RejectionReasonNote } from './RejectionReasonNote'

const SORTS = Object.entries(PIPELINE_SORT_LABELS).map(([value, label]) => ({ value, label }))

type Props = { jobId: string; jobTitle: string; locked: boolean; onMove: (card: PipelineCard, to: Stage) => void }

export function PipelineList({ jobId, jobTitle, locked, onMove }: Props) {
  const [params, setParams] = useSearchParams()
  const filter = listFilterFromParams(params)
  // each change replaces the entry, so Back leaves the page rather than stepping through filters
  const setFilter = (patch: Partial<ListFilter>) => setParams(pipelineParams('list', { ...filter, ...patch }), { replace: true })
  const [search, setSearch] = useSearchDraft(filter.q)
  const runSearch = () => {
    if (search.trim() !== filter.q) setFilter({ q: search })
  }
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const [rejecting, setRejecting] = useState(false)
  const pipeline = usePipeline(jobId, filter)
  const rows = pipeline.data?.applications ?? []
  // "Choose all" leaves out the erased and the withdrawn; an erased one can still be chosen on their own
  const running = rows.filter(inTheRunning)
  const chosenRows = rows.filter((r) => chosen.has(r.id) && canReject(r))
  const allChosen = running.length > 0 && running.every((r) => chosen.has(r.id))

  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  const columns: Column<PipelineCard>[] = [
    {
      key: 'pick',
      header: 'Choose',
      cell: (r) =>
        locked || !canReject(r) ? null : (
          <input type="checkbox" className="emp-check-input" aria-label={`Choose ${personName(r.candidate_name)}`} checked={chosen.has(r.id)} onChange={() => toggle(r.id)} />
        ),
    },
    {
      key: 'name',
      header: 'Applicant',
      cell: (r) => (
        <>
          {/* the applicant page's Previous / Next walk this filtered, sorted list */}
          <Link to={`/dashboard/applicants/${r.id}`} state={{ from: { view: 'list', filter } }}>
            <PersonName name={r.candidate_name} />
          </Link>
          {isErased(r.candidate_email) ? null : (
            <>
              <br />
              <span className="ws-muted">{r.candidate_email}</span>
            </>
          )}
        </>
      ),
    },
    {
      key: 'stage',
      header: 'Stage',
      cell: (r) => {
        const interview = interviewHint(r)
        return (
          <>
            <Badge tone={STAGE_TONES[r.stage]}>{STAGE_LABELS[r.stage]}</Badge>
            {r.withdrawn_at ? (
              <>
                {' '}
                <Badge tone="neutral">Withdrawn</Badge>
              </>
            ) : null}
            {interview ? (
              <>
                <br />
                <span className="ws-muted ws-small">{interview}</span>
              </>
            ) : null}
            <RejectionReasonNote card={r} className="emp-row-reason ws-muted ws-small" />
          </>
        )
      },
    },
    { key: 'applied', header: 'Applied', cell: (r) => formatDate(r.created_at) },
    { key: 'in-stage', header: 'In stage', cell: (r) => daysInStageLabel(daysInStage(r)).replace(' in stage', '') },
    {
      key: 'rating',
      header: 'Rating',
      cell: (r) =>
        r.rating == null ? (
          <span className="ws-muted">None yet</span>
        ) : (
          <span title={ratingDescription(r.rating, r.scorecards)}>
            <span aria-hidden="true">{ratingText(r.rating)} avg</span>
            <span className="visually-hidden">{ratingDescription(r.rating, r.scorecards)}</span>
          </span>
        ),
    },
    { key: 'updated', header: 'Last change', cell: (r) => (r.last_updated ? formatRelativeTime(r.last_updated) : '') },
    {
      key: 'move',
      header: 'Move',
      // an erased applicant is out of the running (the board says so too); choosing them still rejects them
      cell: (r) =>
        locked ? null : isErased(r.candidate_name) ? (
          <span className="ws-muted">Personal data erased</span>
        ) : (
          <MoveMenu name={personName(r.candidate_name)} moves={r.moves} onMove={(to) => onMove(r, to)} />
        ),
    },
  ]

  return (
    // once someone is chosen, a phone keeps the Reject button above its bottom navigation (pipeline.css)
    <div className={`ws-stack emp-list${chosenRows.length ? ' is-choosing' : ''}`}>
      <SearchForm className="emp-filters" label="Filter applicants" onSearch={runSearch}>
        <SearchField
          label="Name or email"
          value={search}
          onChange={setSearch}
          onBlur={runSearch}
          placeholder="Search applicants"
        />
        <SelectField
          label="Stage"
          value={filter.stage}
          onChange={(e) => setFilter({ stage: e.target.value as Stage | '' })}
          placeholder="All stages"
          options={STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }))}
        />
        <SelectField label="Sort" value={filter.sort} onChange={(e) => setFilter({ sort: e.target.value as PipelineSort })} options={SORTS} />
        <Field label="Applied from">
          {(p) => <input {...p} className="input" type="date" value={filter.from} onChange={(e) => setFilter({ from: e.target.value })} />}
        </Field>
        <Field label="Applied to">
          {(p) => <input {...p} className="input" type="date" value={filter.to} onChange={(e) => setFilter({ to: e.target.value })} />}
        </Field>
        <button type="submit" className="visually-hidden">
          Search
        </button>
      </SearchForm>

      {locked ? null : (
        <div className="emp-bulkbar">
          <label className="emp-check">
            <input
              type="checkbox"
              checked={allChosen}
              disabled={running.length === 0}
              onChange={() => setChosen(allChosen ? new Set() : new Set([...chosen, ...running.map((r) => r.id)]))}
            />
            Choose all shown who are still in the running
          </label>
          <Button size="sm" variant="danger" className="emp-bulk-reject" disabled={chosenRows.length === 0} onClick={() => setRejecting(true)}>
            Reject {chosenRows.length || ''} chosen
          </Button>
        </div>
      )}

      {pipeline.isPending ? (
        <SkeletonCard />
      ) : pipeline.isError ? (
        <ErrorAlert message={serverMessageOr(pipeline.error, 'We could not load the applicants. Please try again.')} />
      ) : (
        <div aria-busy={pipeline.isFetching || undefined}>
          <Table
            caption={`Applicants for ${jobTitle}`}
            columns={columns}
            rows={rows}
            rowKey={(r) => r.id}
            empty={
              (
                <EmptyState
                  title="No applicants match"
                  icon="search"
                  action={
                    <Button variant="outline" onClick={() => setFilter(EMPTY_LIST_FILTER)}>
                      Clear the filters
                    </Button>
                  }
                >
                  <p>Try another stage, name or date range.</p>
                </EmptyState>
              )
            }
          />
        </div>
      )}
      {rejecting ? (
        <BulkRejectDialog
          jobId={jobId}
          job={pipeline.data?.job}
          cards={chosenRows}
          onClose={() => setRejecting(false)}
          onDone={() => {
            setRejecting(false)
            setChosen(new Set())
          }}
        />
      ) : null}
    </div>
  )
}
