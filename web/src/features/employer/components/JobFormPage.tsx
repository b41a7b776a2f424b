/**
 * /dashboard/jobs/new and /dashboard/jobs/{id}/edit: the job form beside a live preview drawn with
 * the public job page's own body component (JobDetailBody), so what the employer sees is what applicants read.
 * "Save draft" keeps it off the board; "Publish" puts it on. A press with details missing lists
 * them above the form and puts focus on the first (which scrolls it into view and reads its
 * error); the server's 422 texts show as they are, brought into view.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button, buttonClass } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { Field } from '../../../components/ui/Field'
import { SelectField, SpecialisationField, valueOptions } from '../../../components/ui/Select'
import { SkeletonCard } from '../../../components/ui/Skeleton'
import { useToast } from '../../../components/ui/toast'
import { formatClosingDate } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { JOB_TYPES, JobDetailBody, referenceOptions, salaryText, useLocations, useSalaryRanges } from '../../jobs'
import { useSession } from '../../auth'
import { useCreateJob } from '../api/create-job'
import { useEmployerJobs } from '../api/get-jobs'
import { useCompany } from '../api/get-company'
import { usePublishJob } from '../api/publish-job'
import { useUpdateJob } from '../api/update-job'
import { EMPTY_JOB_FORM, fromJob, jobFormProblems, previewJob, toJobBody, type JobFormValues } from '../model/jobForm'
import type { EmployerJob } from '../types'
import { JobStatusBadge } from './JobStatusBadge'
import { NotLoaded } from './NotLoaded'
import { useWorkspaceTitle } from './workspaceTitle'

export default function JobFormPage() {
  const { jobId } = useParams()
  const jobs = useEmployerJobs()
  if (!jobId) return <JobForm key="new" />
  if (jobs.isPending) return <SkeletonCard />
  const job = jobs.data?.find((j) => j.id === jobId)
  if (!job) return <JobMissing />
  return <JobForm key={job.id} job={job} />
}

function JobMissing() {
  useWorkspaceTitle('Job not found')
  return <NotLoaded title="We could not find that job" message="It may belong to another account, or the link is out of date." />
}

function JobForm({ job }: { job?: EmployerJob }) {
  useWorkspaceTitle(job ? `Edit ${job.title}` : 'Post a job')
  const navigate = useNavigate()
  const { push } = useToast()
  const session = useSession('employer')
  const company = useCompany()
  const { data: locations = [] } = useLocations()
  const { data: salaryRanges = [] } = useSalaryRanges()
  const create = useCreateJob()
  const update = useUpdateJob()
  const [values, setValues] = useState<JobFormValues>(() => (job ? fromJob(job) : EMPTY_JOB_FORM))
  const [problems, setProblems] = useState<Partial<Record<keyof JobFormValues, string>>>({})
  const [serverError, setServerError] = useState<string | null>(null)
  // each refused press counts, so pressing again with the same details missing focuses again
  const [refusals, setRefusals] = useState(0)
  const form = useRef<HTMLFormElement>(null)
  const fieldId = useId()
  const ids = { title: `${fieldId}-title`, location_id: `${fieldId}-location`, specialisation: `${fieldId}-specialisation`, description: `${fieldId}-description` }
  useEffect(() => {
    const first = refusals > 0 ? form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null
    if (!first) return
    // centred with its label and error (and, for the title, the list above it), not cut at the top edge
    first.focus({ preventScroll: true })
    ;(first.closest('.form-field') ?? first).scrollIntoView?.({ block: 'center' })
  }, [refusals])
  useEffect(() => {
    if (serverError) form.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' })
  }, [serverError])
  const publish = usePublishJob()
  const isDraft = !job || job.status === 'draft'
  const busy = create.isPending || update.isPending || publish.isPending

  const set = (name: keyof JobFormValues) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }))
    setProblems((p) => ({ ...p, [name]: undefined }))
  }
  /** a select's value, change and problem, by the name of its field */
  const bind = (name: keyof JobFormValues) => ({ value: values[name], onChange: set(name), error: problems[name] })

  const save = async (andPublish: boolean) => {
    setServerError(null)
    const found = jobFormProblems(values)
    setProblems(found)
    if (Object.keys(found).length) {
      setRefusals((n) => n + 1)
      return
    }
    try {
      let id = job?.id
      if (job) await update.mutateAsync({ id: job.id, body: toJobBody(values, false) })
      else id = (await create.mutateAsync(toJobBody(values, !andPublish))).id
      if (andPublish && job?.status === 'draft' && id) await publish.mutateAsync(id)
      push({
        kind: 'success',
        title: andPublish && isDraft ? 'Job published' : isDraft ? 'Draft saved' : 'Changes saved',
        message: andPublish && isDraft ? `${values.title} is now on the job board.` : values.title,
      })
      navigate('/dashboard')
    } catch (err) {
      setServerError(serverMessageOr(err, 'We could not save the job. Please try again.'))
    }
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    void save(true)
  }

  const companyName = company.data?.name ?? (session.status === 'authenticated' ? (session.user.company ?? '') : '')
  const preview = previewJob(values, companyName, locations)

  return (
    <div className="ws-columns emp-form-layout">
      <Card as="section" aria-labelledby="job-form-heading">
        <div className="emp-job-head">
          <h2 id="job-form-heading">{job ? 'Job details' : 'New job'}</h2>
          {job ? <JobStatusBadge status={job.status} /> : null}
        </div>
        <form className="emp-form" onSubmit={onSubmit} noValidate ref={form}>
          <ErrorAlert message={serverError} />
          <MissingDetails problems={problems} ids={ids} />
          <Field label={FIELD_LABELS.title} id={ids.title} error={problems.title}>
            {(p) => <input {...p} className="input" value={values.title} onChange={set('title')} maxLength={200} autoComplete="off" />}
          </Field>
          <div className="emp-form-row">
            <SelectField label={FIELD_LABELS.location_id} id={ids.location_id} {...bind('location_id')} placeholder="Choose a location" options={referenceOptions(locations)} />
            <SelectField label="Work type" {...bind('type')} options={valueOptions(JOB_TYPES)} />
          </div>
          <div className="emp-form-row">
            <SpecialisationField id={ids.specialisation} {...bind('specialisation')} placeholder="Choose a specialisation" />
            <Field label="Closing date" hint="Applications close at the end of this day, Sydney time. Leave empty for no closing date.">
              {(p) => <input {...p} className="input" type="date" value={values.expires_on} onChange={set('expires_on')} />}
            </Field>
          </div>
          <div className="emp-form-row">
            <Field label="Salary as shown" hint='For example "$140k - $160k + super". Empty reads "Competitive salary".'>
              {(p) => <input {...p} className="input" value={values.salary} onChange={set('salary')} maxLength={120} />}
            </Field>
            <SelectField label="Salary band" hint="Lets candidates filter by pay." {...bind('salary_range_id')} placeholder="Not stated" options={referenceOptions(salaryRanges)} />
          </div>
          <Field label={FIELD_LABELS.description} id={ids.description} error={problems.description} hint="A blank line starts a new paragraph.">
            {(p) => <textarea {...p} className="input" rows={7} value={values.description} onChange={set('description')} />}
          </Field>
          <Field label="Responsibilities" hint="One a line.">
            {(p) => <textarea {...p} className="input" rows={4} value={values.responsibilities} onChange={set('responsibilities')} />}
          </Field>
          <Field label="Requirements" hint="One a line.">
            {(p) => <textarea {...p} className="input" rows={4} value={values.requirements} onChange={set('requirements')} />}
          </Field>
          <div className="ws-actions">
            {isDraft ? (
              <>
                <Button type="submit" icon="publish" busy={busy}>
                  Publish
                </Button>
                <Button variant="outline" busy={busy} onClick={() => void save(false)}>
                  Save draft
                </Button>
              </>
            ) : (
              <Button type="submit" busy={busy}>
                Save changes
              </Button>
            )}
            <Link to="/dashboard" className={buttonClass('ghost')}>
              Cancel
            </Link>
          </div>
        </form>
      </Card>
      <Card as="section" className="emp-preview" aria-labelledby="job-preview-heading">
        <h2 id="job-preview-heading" className="emp-preview-label">
          Preview: how applicants will see it
        </h2>
        <article className="emp-preview-page">
          <p className="eyebrow">{preview.company}</p>
          <p className="emp-preview-title">{preview.title}</p>
          <ul className="emp-preview-meta">
            {preview.location ? <li>{preview.location}</li> : null}
            <li>{preview.type}</li>
            <li>{salaryText(preview)}</li>
            {preview.expires_at ? <li>Applications close {formatClosingDate(preview.expires_at)}</li> : null}
          </ul>
          {values.description.trim() ? <JobDetailBody job={preview} idPrefix="preview" /> : <p className="ws-muted">The description appears here as you type.</p>}
        </article>
      </Card>
    </div>
  )
}

type Required = 'title' | 'location_id' | 'specialisation' | 'description'

/** The details the form asks for before it sends, as their fields are labelled, in the form's order. */
const FIELD_LABELS: Record<Required, string> = {
  title: 'Job title',
  location_id: 'Location',
  specialisation: 'Specialisation',
  description: 'About the role',
}

/**
 * The details still missing after a refused press, each a link to its field. Not a live region:
 * each field's own error is announced, and focus goes to the first of them.
 */
function MissingDetails({ problems, ids }: { problems: Partial<Record<keyof JobFormValues, string>>; ids: Record<Required, string> }) {
  const missing = (Object.keys(FIELD_LABELS) as Required[]).filter((name) => problems[name])
  if (missing.length === 0) return null
  return (
    <div className="alert alert-error emp-form-summary">
      <p>
        <strong>{missing.length === 1 ? 'One detail is missing:' : `${missing.length} details are missing:`}</strong>
      </p>
      <ul>
        {missing.map((name) => (
          <li key={name}>
            <a
              href={`#${ids[name]}`}
              onClick={(e) => {
                e.preventDefault()
                document.getElementById(ids[name])?.focus()
              }}
            >
              {FIELD_LABELS[name]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}
