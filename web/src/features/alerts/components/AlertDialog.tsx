/**
 * The job alert's form in a dialog: "Save this search" (the search is shown in words; the person
 * names it and says how often) and the portal's Edit (the criteria can change too). Saving a
 * search whose location named no one place (free text from the home page's search), it says so
 * and offers the location list. The server's texts are shown under the field they are about; the
 * 20-alert limit above the form, as worded.
 */
import { useId, useState, type FormEvent } from 'react'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { SelectField, SpecialisationField, valueOptions } from '../../../components/ui/Select'
import { specialisationFromName } from '../../../lib/specialisations'
import { ApiError } from '../../../lib/api'
import { serverMessageOr } from '../../../lib/server-message'
import { JOB_TYPES, jobTypeFromName, referenceOptions } from '../../jobs'
import {
  ALERT_TEXTS,
  alertBody,
  alertErrorField,
  checkAlertForm,
  criteriaInWords,
  FREQUENCIES,
  NAME_MAX,
  KEYWORDS_MAX,
  suggestAlertName,
  unrecognisedLocationText,
  type AlertField,
  type AlertForm,
  type AlertReference,
  type UnrecognisedLocation,
} from '../model/alerts'

export const SAVE_FAILED = 'We couldn’t save your alert. Please try again.'

type Props = {
  mode: 'save' | 'edit'
  initial: AlertForm
  reference: AlertReference
  /** saving: the search's location that named no one place, for the person to choose */
  unrecognisedLocation?: UnrecognisedLocation | null
  onClose: () => void
  /** sends the form; resolves with the server's message */
  send: (form: AlertForm) => Promise<{ message?: string | null }>
  onSaved: (message: string) => void
}

export function AlertDialog({ mode, initial, reference, unrecognisedLocation = null, onClose, send, onSaved }: Props) {
  const [form, setForm] = useState<AlertForm>(initial)
  const [errors, setErrors] = useState<Partial<Record<AlertField, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const freqName = useId()
  const set = (patch: Partial<AlertForm>) => setForm((f) => ({ ...f, ...patch }))
  const words = criteriaInWords(form, reference)

  // saving, the name follows what it looks for; editing, it leads (it is what the person picked)
  const nameField = (
    <Field label="Alert name" error={errors.name} hint="So you can tell your alerts apart">
      {(p) => <input {...p} type="text" maxLength={NAME_MAX + 20} value={form.name} onChange={(e) => set({ name: e.target.value })} />}
    </Field>
  )

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    const found = checkAlertForm(form)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      const answer = await send(alertBody(form))
      onSaved(answer?.message ?? (mode === 'save' ? 'Job alert saved' : 'Job alert updated'))
    } catch (err) {
      const text = serverMessageOr(err, SAVE_FAILED)
      const field = err instanceof ApiError && err.status === 422 ? alertErrorField(text) : null
      if (field) setErrors({ [field]: text })
      else setFailure(text)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal title={mode === 'save' ? 'Save this search' : 'Edit job alert'} onClose={onClose}>
      <form className="cd-form alert-form" onSubmit={submit} noValidate>
        {failure ? (
          <p className="alert alert-error" role="alert">
            {failure}
          </p>
        ) : null}
        {mode === 'save' ? (
          <div className="alert-looks-for">
            <p className="field-label">We’ll look for</p>
            {words.length > 0 ? (
              <ul className="tag-list alert-criteria">
                {words.map((w) => (
                  <li key={w} className="tag">
                    {w}
                  </li>
                ))}
              </ul>
            ) : (
              // nothing to look for yet (a plain board): say what to add, as the server would
              <p className={errors.criteria ? 'field-error' : 'field-hint'} role={errors.criteria ? 'alert' : undefined}>
                {ALERT_TEXTS.noCriteria}
              </p>
            )}
            {errors.criteria && words.length > 0 ? (
              <p className="field-error" role="alert">
                {errors.criteria}
              </p>
            ) : null}
            {unrecognisedLocation ? <LocationChoice form={form} set={set} error={errors.location_id} reference={reference} unrecognised={unrecognisedLocation} /> : null}
          </div>
        ) : (
          <>
            {nameField}
            <CriteriaFields form={form} set={set} errors={errors} reference={reference} />
          </>
        )}
        {mode === 'save' ? nameField : null}
        <fieldset className="alert-frequency">
          <legend className="field-label">How often</legend>
          {FREQUENCIES.map((f) => (
            <label key={f.value} className="alert-choice">
              <input type="radio" name={freqName} value={f.value} checked={form.frequency === f.value} onChange={() => set({ frequency: f.value })} />
              <span>
                <strong>{f.label}</strong>
                <span className="field-hint">{f.hint}</span>
              </span>
            </label>
          ))}
          {errors.frequency ? (
            <p className="field-error" role="alert">
              {errors.frequency}
            </p>
          ) : null}
        </fieldset>
        <ModalFormActions onCancel={onClose} cancelDisabled={busy} submitLabel={mode === 'save' ? 'Save alert' : 'Save changes'} icon="bell" busy={busy} />
      </form>
    </Modal>
  )
}

type LocationChoiceProps = {
  form: AlertForm
  set: (patch: Partial<AlertForm>) => void
  error: string | undefined
  reference: AlertReference
  unrecognised: UnrecognisedLocation
}

/** The location list, with why it is asked for as its hint; a suggested name still unchanged follows the choice. */
function LocationChoice({ form, set, error, reference, unrecognised }: LocationChoiceProps) {
  const choose = (location_id: string) => {
    const next = { ...form, location_id: location_id || undefined }
    set({ location_id: next.location_id, ...(form.name === suggestAlertName(form, reference) ? { name: suggestAlertName(next, reference) } : {}) })
  }
  return (
    <div className="alert alert-info alert-location-choice">
      <SelectField
        label="Location"
        placeholder="All locations"
        hint={unrecognisedLocationText(unrecognised)}
        error={error}
        value={form.location_id ?? ''}
        options={referenceOptions(reference.locations)}
        onChange={(e) => choose(e.target.value)}
      />
    </div>
  )
}

type CriteriaProps = {
  form: AlertForm
  set: (patch: Partial<AlertForm>) => void
  errors: Partial<Record<AlertField, string>>
  reference: AlertReference
}

/** Edit's criteria: the board's own filters. */
function CriteriaFields({ form, set, errors, reference }: CriteriaProps) {
  return (
    <>
      <Field label="Keywords in the job title" hint="Whole words, in any order: “java” finds Java jobs, not JavaScript ones." error={errors.keywords}>
        {(p) => <input {...p} type="text" maxLength={KEYWORDS_MAX + 20} value={form.keywords ?? ''} onChange={(e) => set({ keywords: e.target.value })} />}
      </Field>
      <SelectField
        label="Location"
        placeholder="All locations"
        error={errors.location_id}
        value={form.location_id ?? ''}
        options={referenceOptions(reference.locations)}
        onChange={(e) => set({ location_id: e.target.value })}
      />
      <SelectField
        label="Salary range"
        placeholder="Any salary"
        error={errors.salary_range_id}
        value={form.salary_range_id ?? ''}
        options={referenceOptions(reference.salaryRanges)}
        onChange={(e) => set({ salary_range_id: e.target.value })}
      />
      <SelectField
        label="Job type"
        placeholder="All types"
        error={errors.type}
        value={form.type ?? ''}
        options={valueOptions(JOB_TYPES)}
        onChange={(e) => set({ type: jobTypeFromName(e.target.value) || undefined })}
      />
      <SpecialisationField
        placeholder="All specialisations"
        error={errors.specialisation}
        value={form.specialisation ?? ''}
        onChange={(e) => set({ specialisation: specialisationFromName(e.target.value) || undefined })}
      />
      {errors.criteria ? (
        <p className="field-error" role="alert">
          {errors.criteria}
        </p>
      ) : null}
    </>
  )
}
