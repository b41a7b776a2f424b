/**
 * The job alert's form in a dialog: "Save this search" (the search is shown in words; the person
 * names it and says how often) and the portal's Edit (the criteria can change too). Saving a
 * search whose location named no one place (free text from the home page's search), it says so
 * and offers the location list; whose keywords the jobs it showed hold only as parts of words ("dev"
 * in "Senior Developer": alerts match whole words), it says how many it would miss and offers
 * whole words from their titles. The server's texts are shown under the field they are about; the
 * 20-alert limit above the form, as worded.
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Button } from '../../../components/ui/Button'
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
import { partialWordAdvice, partialWordText, replaceKeyword, type PartialWordAdvice, type WordSuggestion } from '../model/wholeWords'

export const SAVE_FAILED = 'We couldn’t save your alert. Please try again.'

type Props = {
  mode: 'save' | 'edit'
  initial: AlertForm
  reference: AlertReference
  /** saving: the search's location that named no one place, for the person to choose */
  unrecognisedLocation?: UnrecognisedLocation | null
  /** saving: the titles of the jobs the list shows for the search, to tell whether the alert would send them all */
  shownTitles?: readonly string[] | null
  onClose: () => void
  /** sends the form; resolves with the server's message */
  send: (form: AlertForm) => Promise<{ message?: string | null }>
  onSaved: (message: string) => void
}

export function AlertDialog({ mode, initial, reference, unrecognisedLocation = null, shownTitles = null, onClose, send, onSaved }: Props) {
  const [form, setForm] = useState<AlertForm>(initial)
  const [errors, setErrors] = useState<Partial<Record<AlertField, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const freqName = useId()
  const set = (patch: Partial<AlertForm>) => setForm((f) => ({ ...f, ...patch }))
  const words = criteriaInWords(form, reference)
  const lookingFor = useRef<HTMLDivElement>(null)
  const advice = useMemo(
    () => (mode === 'save' && shownTitles ? partialWordAdvice(form.keywords ?? '', shownTitles) : null),
    [mode, shownTitles, form.keywords],
  )

  // a suggested word takes the keyword word's place; a suggested name still unchanged follows it
  const takeWord = (suggestion: WordSuggestion) => {
    const next = { ...form, keywords: replaceKeyword(form.keywords ?? '', suggestion) }
    set({ keywords: next.keywords, ...(form.name === suggestAlertName(form, reference) ? { name: suggestAlertName(next, reference) } : {}) })
    // the button goes with the word: keep focus in the dialog, on what it now looks for
    lookingFor.current?.focus()
  }

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
          <div className="alert-looks-for" ref={lookingFor} tabIndex={-1}>
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
            {errors.keywords ? (
              <p className="field-error" role="alert">
                {errors.keywords}
              </p>
            ) : null}
            {advice ? <WordAdvice keywords={form.keywords ?? ''} advice={advice} onUse={takeWord} /> : null}
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

type WordAdviceProps = { keywords: string; advice: PartialWordAdvice; onUse: (suggestion: WordSuggestion) => void }

/** The jobs shown that the keywords would miss as an alert, and whole words from their titles to use instead; saving as is stays open. */
function WordAdvice({ keywords, advice, onUse }: WordAdviceProps) {
  return (
    <div className="alert alert-info alert-word-advice">
      <p>{partialWordText(keywords, advice)}</p>
      {advice.suggestions.length > 0 ? (
        <div className="alert-word-choices" role="group" aria-label="Whole words from these jobs">
          {advice.suggestions.map((s) => (
            <Button key={s.word} variant="outline" size="sm" onClick={() => onUse(s)}>
              Use “{s.word}”
            </Button>
          ))}
        </div>
      ) : null}
    </div>
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
