/**
 * /dashboard/reference: the locations and salary ranges job forms and the job board offer. Add a
 * value, rename one (jobs show the new name), or retire one: it is no longer offered, and jobs
 * that used it keep showing it. Retired values are listed last, marked, with nothing to do to them.
 */
import type { UseQueryResult } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { LoadFailed } from '../../../components/ui/Alert'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { CardSection } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Field } from '../../../components/ui/Field'
import type { IconName } from '../../../components/ui/Icon'
import { Modal, ModalActions, ModalFormActions } from '../../../components/ui/Modal'
import { SelectField, valueOptions } from '../../../components/ui/Select'
import { Table, type Column } from '../../../components/ui/Table'
import { Tabs } from '../../../components/ui/Tabs'
import { useToast } from '../../../components/ui/toast'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { serverMessageOr } from '../../../lib/server-message'
import { useAdminTitle } from '../../admin'
import { useLocations, useSalaryRanges } from '../api/get-reference'
import { useChangeReference } from '../api/reference-actions'
import { AU_STATES, salaryBounds, salaryRangeError } from '../model/forms'
import type { Location, ReferenceList, SalaryRange } from '../types'

type Value = { id: string; display_name: string }
type Dialog = { list: ReferenceList; value: Value; action: 'rename' | 'retire' }

const NOUN: Record<ReferenceList, string> = { locations: 'location', 'salary-ranges': 'salary range' }

export default function ReferencePage() {
  useAdminTitle('Reference data')
  const [dialog, setDialog] = useState<Dialog | null>(null)
  return (
    <div className="adm-stack">
      <p className="adm-intro">
        The lists employers choose from when they post a job, and candidates filter by on the job board. Retiring a value takes it out of those lists;
        jobs already posted with it keep showing it.
      </p>
      <Tabs
        label="Reference lists"
        tabs={[
          { id: 'locations', label: 'Locations', content: <LocationsPanel onDialog={setDialog} /> },
          { id: 'salary-ranges', label: 'Salary ranges', content: <SalaryRangesPanel onDialog={setDialog} /> },
        ]}
      />
      {dialog?.action === 'rename' ? <RenameDialog {...dialog} onClose={() => setDialog(null)} /> : null}
      {dialog?.action === 'retire' ? <RetireDialog {...dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  )
}

function rowActions(list: ReferenceList, onDialog: (d: Dialog) => void): Column<Value & { retired_at?: string | null }>['cell'] {
  return (v) =>
    v.retired_at ? (
      <Badge tone="neutral">Retired {new Date(v.retired_at).toLocaleDateString('en-AU', { day: 'numeric', month: 'short', year: 'numeric' })}</Badge>
    ) : (
      <span className="ws-actions">
        <Button size="sm" variant="outline" icon="edit" onClick={() => onDialog({ list, value: v, action: 'rename' })} aria-label={`Rename ${v.display_name}`}>
          Rename
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDialog({ list, value: v, action: 'retire' })} aria-label={`Retire ${v.display_name}`}>
          Retire
        </Button>
      </span>
    )
}

/** "Locations (12 offered, 1 retired)". */
function caption(noun: string, values: { retired_at?: string | null }[]): string {
  const retired = values.filter((v) => v.retired_at).length
  return `${noun} (${values.length - retired} offered${retired ? `, ${retired} retired` : ''})`
}

/** One reference list: its table, loading and failed states, and the form that adds a value. */
function ReferencePanel<T extends Value & { retired_at?: string | null }>({
  noun,
  query,
  columns,
  none,
  add,
}: {
  /** "Locations": the table's caption, and in lower case what is loading or failed to load. */
  noun: string
  query: UseQueryResult<T[], unknown>
  columns: Column<T>[]
  /** The empty state when nothing is offered. */
  none: { title: string; icon: IconName; text: string }
  add: ReactNode
}) {
  const what = noun.toLowerCase()
  return (
    <div className="adm-reference">
      <div className="adm-stack-sm">
        {query.isPending ? (
          <SkeletonStack cards={2} what={what} />
        ) : query.isError ? (
          <LoadFailed error={query.error} what={`the ${what}`} onRetry={() => query.refetch()} />
        ) : (
          <Table
            caption={caption(noun, query.data)}
            columns={columns}
            rows={query.data}
            rowKey={(v) => v.id}
            empty={
              <EmptyState title={none.title} icon={none.icon}>
                <p>{none.text}</p>
              </EmptyState>
            }
          />
        )}
      </div>
      {add}
    </div>
  )
}

function LocationsPanel({ onDialog }: { onDialog: (d: Dialog) => void }) {
  const locations = useLocations()
  const columns: Column<Location>[] = [
    { key: 'name', header: 'Location', cell: (l) => <strong>{l.display_name}</strong> },
    { key: 'state', header: 'State', cell: (l) => l.state },
    { key: 'actions', header: 'Actions', cell: rowActions('locations', onDialog) },
  ]
  return (
    <ReferencePanel
      noun="Locations"
      query={locations}
      columns={columns}
      none={{ title: 'No locations offered', icon: 'building', text: 'Add the cities and regions employers hire in.' }}
      add={<AddLocation />}
    />
  )
}

function SalaryRangesPanel({ onDialog }: { onDialog: (d: Dialog) => void }) {
  const ranges = useSalaryRanges()
  const columns: Column<SalaryRange>[] = [
    { key: 'name', header: 'Salary range', cell: (r) => <strong>{r.display_name}</strong> },
    { key: 'bounds', header: 'Bounds', cell: (r) => salaryBounds(r.min, r.max ?? null) },
    { key: 'actions', header: 'Actions', cell: rowActions('salary-ranges', onDialog) },
  ]
  return (
    <ReferencePanel
      noun="Salary ranges"
      query={ranges}
      columns={columns}
      none={{ title: 'No salary ranges offered', icon: 'chart', text: 'Add the bands employers advertise in.' }}
      add={<AddSalaryRange />}
    />
  )
}

function AddLocation() {
  const change = useChangeReference()
  const { push } = useToast()
  const [name, setName] = useState('')
  const [state, setState] = useState('NSW')
  const [error, setError] = useState<string | null>(null)
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return setError('Enter the location’s name, e.g. “Parramatta”')
    setError(null)
    change.mutate(
      { action: 'add-location', display_name: name, state },
      {
        onSuccess: () => {
          push({ kind: 'success', title: 'Location added', message: `${name.trim()} (${state}) is now offered in job forms.` })
          setName('')
        },
        onError: (err) => setError(serverMessageOr(err, 'The location was not added. Please try again.')),
      },
    )
  }
  return (
    <CardSection id="add-location" title="Add a location" className="adm-add">
      <form onSubmit={submit} noValidate>
        <Field label="Name" error={error}>
          {(p) => <input {...p} className="input" value={name} maxLength={200} aria-required="true" onChange={(e) => setName(e.target.value)} />}
        </Field>
        <SelectField label="State or territory" value={state} onChange={(e) => setState(e.target.value)} options={valueOptions(AU_STATES)} />
        <Button type="submit" icon="plus" busy={change.isPending}>
          Add location
        </Button>
      </form>
    </CardSection>
  )
}

function AddSalaryRange() {
  const change = useChangeReference()
  const { push } = useToast()
  const [form, setForm] = useState({ display_name: '', min: '', max: '' })
  const [error, setError] = useState<string | null>(null)
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value })
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const problem = salaryRangeError(form)
    if (problem) return setError(problem)
    setError(null)
    change.mutate(
      { action: 'add-salary-range', display_name: form.display_name, min: Number(form.min), max: form.max.trim() ? Number(form.max) : null },
      {
        onSuccess: () => {
          push({ kind: 'success', title: 'Salary range added', message: `${form.display_name.trim()} is now offered in job forms.` })
          setForm({ display_name: '', min: '', max: '' })
        },
        onError: (err) => setError(serverMessageOr(err, 'The salary range was not added. Please try again.')),
      },
    )
  }
  return (
    <CardSection id="add-range" title="Add a salary range" className="adm-add">
      <form onSubmit={submit} noValidate>
        <Field label="Name" hint="As candidates will see it, e.g. “$100k – $120k”" error={error}>
          {(p) => <input {...p} className="input" value={form.display_name} maxLength={200} aria-required="true" onChange={set('display_name')} />}
        </Field>
        <div className="adm-two">
          <Field label="Lowest ($ a year)">
            {(p) => <input {...p} className="input" inputMode="numeric" value={form.min} aria-required="true" onChange={set('min')} />}
          </Field>
          <Field label="Highest ($, optional)" hint="Leave empty for “and over”">
            {(p) => <input {...p} className="input" inputMode="numeric" value={form.max} onChange={set('max')} />}
          </Field>
        </div>
        <Button type="submit" icon="plus" busy={change.isPending}>
          Add salary range
        </Button>
      </form>
    </CardSection>
  )
}

function RenameDialog({ list, value, onClose }: Dialog & { onClose: () => void }) {
  const change = useChangeReference()
  const { push } = useToast()
  const [name, setName] = useState(value.display_name)
  const [error, setError] = useState<string | null>(null)
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!name.trim()) return setError('Enter the new name')
    if (name.trim() === value.display_name) return onClose()
    setError(null)
    change.mutate(
      { action: 'rename', list, id: value.id, display_name: name },
      {
        onSuccess: () => {
          push({ kind: 'success', title: 'Renamed', message: `“${value.display_name}” is now “${name.trim()}”, on every job that uses it.` })
          onClose()
        },
        onError: (err) => setError(serverMessageOr(err, 'It was not renamed. Please try again.')),
      },
    )
  }
  return (
    <Modal title={`Rename ${NOUN[list]}`} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Field label="New name" hint={`Jobs that use “${value.display_name}” will show the new name.`} error={error}>
          {(p) => <input {...p} className="input" value={name} maxLength={200} aria-required="true" onChange={(e) => setName(e.target.value)} />}
        </Field>
        <ModalFormActions onCancel={onClose} submitLabel="Save name" busy={change.isPending} />
      </form>
    </Modal>
  )
}

function RetireDialog({ list, value, onClose }: Dialog & { onClose: () => void }) {
  const change = useChangeReference()
  const { push } = useToast()
  const [error, setError] = useState<string | null>(null)
  return (
    <Modal title={`Retire “${value.display_name}”?`} onClose={onClose}>
      <p>
        Employers will no longer be able to choose this {NOUN[list]} for a new job, and it leaves the job board’s filters. Jobs already posted with it
        keep showing it. Retiring cannot be undone, and the name cannot be used for a new value.
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <ModalActions>
        <Button variant="ghost" onClick={onClose}>
          Keep it
        </Button>
        <Button
          variant="danger"
          busy={change.isPending}
          onClick={() =>
            change.mutate(
              { action: 'retire', list, id: value.id },
              {
                onSuccess: () => {
                  push({ kind: 'success', title: 'Retired', message: `“${value.display_name}” is no longer offered in forms.` })
                  onClose()
                },
                onError: (err) => setError(serverMessageOr(err, 'It was not retired. Please try again.')),
              },
            )
          }
        >
          Retire {NOUN[list]}
        </Button>
      </ModalActions>
    </Modal>
  )
}
