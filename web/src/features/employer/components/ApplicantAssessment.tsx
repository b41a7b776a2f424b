/**
 * The hiring team's private notes and scorecards on an applicant: never shown to the candidate, and
 * labelled so. Their words are about the candidate, so they go when the candidate's personal data
 * is erased (the API then sends "[erased]"). An erased applicant is out of the running: what the
 * team wrote stays readable, but there is no one left to write about, so neither section offers to
 * add more and each says why instead.
 */
import { useState, type FormEvent } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { ErasedText } from '../../../components/ui/ErasedPerson'
import { Field } from '../../../components/ui/Field'
import { Icon } from '../../../components/ui/Icon'
import { SelectField } from '../../../components/ui/Select'
import { useToast } from '../../../components/ui/toast'
import { formatRelativeTime } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { useAddNote } from '../api/add-note'
import { useAddScorecard } from '../api/add-scorecard'
import { RECOMMENDATION_LABELS, SCORE_OPTIONS, DEFAULT_CRITERIA, scorecardProblem, averageScore } from '../model/scorecard'
import { RECOMMENDATIONS, type Note, type Recommendation, type Scorecard } from '../types'

export function PrivateLabel() {
  return (
    <span className="emp-private">
      <Icon name="lock" size={12} /> Private to your hiring team
    </span>
  )
}

/** What the notes and scorecards say in place of their form, for an erased applicant. */
export const ERASED_NO_NOTES = 'Their personal data was erased, so no new notes can be added.'
export const ERASED_NO_SCORECARDS = 'Their personal data was erased, so there is no one left to assess.'

export function NotesSection({ applicationId, notes, erased = false }: { applicationId: string; notes: Note[]; erased?: boolean }) {
  const add = useAddNote()
  const { push } = useToast()
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!body.trim()) return setError('Write the note first')
    setError(null)
    add.mutate(
      { id: applicationId, body: body.trim() },
      {
        onSuccess: (res) => {
          setBody('')
          push({ kind: 'success', title: res.message ?? 'Note added' })
        },
        onError: (err) => setError(serverMessageOr(err, 'The note was not saved. Please try again.')),
      },
    )
  }
  return (
    <Card as="section" className="emp-section" aria-labelledby="notes-heading">
      <h2 id="notes-heading">
        Notes <PrivateLabel />
      </h2>
      {notes.length === 0 && !erased ? <p className="ws-muted">No notes yet. What stood out about this applicant?</p> : null}
      <ul className="emp-plain-list">
        {[...notes].reverse().map((n) => (
          <li key={n.id}>
            <p className="emp-note-body">
              <ErasedText text={n.body} />
            </p>
            <span className="ws-muted">
              {n.author_name ? `${n.author_name} · ` : ''}
              <time dateTime={n.created_at}>{formatRelativeTime(n.created_at)}</time>
            </span>
          </li>
        ))}
      </ul>
      {erased ? (
        <p className="ws-muted">{ERASED_NO_NOTES}</p>
      ) : (
        <form className="emp-form" onSubmit={submit} noValidate>
          <Field label="New note" error={error} hint="Only people in your company can read notes.">
            {(p) => <textarea {...p} className="input" rows={3} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} />}
          </Field>
          <div>
            <Button type="submit" size="sm" busy={add.isPending}>
              Add note
            </Button>
          </div>
        </form>
      )}
    </Card>
  )
}

type Row = { criterion: string; score: string }

export function ScorecardsSection({ applicationId, scorecards, erased = false }: { applicationId: string; scorecards: Scorecard[]; erased?: boolean }) {
  const add = useAddScorecard()
  const { push } = useToast()
  const [open, setOpen] = useState(false)
  const [rows, setRows] = useState<Row[]>(DEFAULT_CRITERIA.map((criterion) => ({ criterion, score: '' })))
  const [recommendation, setRecommendation] = useState<Recommendation | ''>('')
  const [comment, setComment] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const ratings = rows.filter((r) => r.criterion.trim()).map((r) => ({ criterion: r.criterion.trim(), score: Number(r.score) }))
    const problem = scorecardProblem(ratings, recommendation)
    if (problem) return setError(problem)
    setError(null)
    add.mutate(
      { id: applicationId, body: { ratings, recommendation: recommendation as Recommendation, ...(comment.trim() ? { comment: comment.trim() } : {}) } },
      {
        onSuccess: (res) => {
          push({ kind: 'success', title: res.message ?? 'Scorecard saved' })
          setOpen(false)
          setRows(DEFAULT_CRITERIA.map((criterion) => ({ criterion, score: '' })))
          setRecommendation('')
          setComment('')
        },
        onError: (err) => setError(serverMessageOr(err, 'The scorecard was not saved. Please try again.')),
      },
    )
  }
  const setRow = (i: number, patch: Partial<Row>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)))

  return (
    <Card as="section" className="emp-section" aria-labelledby="scorecards-heading">
      <h2 id="scorecards-heading">
        Scorecards <PrivateLabel />
      </h2>
      {scorecards.length === 0 && !erased ? <p className="ws-muted">No scorecards yet. Rate the applicant after an interview.</p> : null}
      <ul className="emp-plain-list">
        {scorecards.map((s) => (
          <li key={s.id}>
            <strong>{RECOMMENDATION_LABELS[s.recommendation] ?? s.recommendation}</strong>
            <span className="ws-muted">
              {' '}
              · average {averageScore(s.ratings).toFixed(1)} of 5 · {s.author_name ? `${s.author_name} · ` : ''}
              {formatRelativeTime(s.created_at)}
            </span>
            <ul className="emp-score-list">
              {s.ratings.map((r) => (
                <li key={r.criterion}>
                  <span>{r.criterion}</span>
                  <span aria-label={`${r.score} out of 5`}>{'★'.repeat(r.score)}{'☆'.repeat(5 - r.score)}</span>
                </li>
              ))}
            </ul>
            {s.comment ? (
              <p>
                <ErasedText text={s.comment} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {erased ? (
        <p className="ws-muted">{ERASED_NO_SCORECARDS}</p>
      ) : open ? (
        <form className="emp-form" onSubmit={submit} noValidate aria-label="New scorecard">
          <ErrorAlert message={error} />
          {rows.map((r, i) => (
            <div className="emp-score-row" key={i}>
              <Field label={`Criterion ${i + 1}`}>{(p) => <input {...p} className="input" value={r.criterion} maxLength={100} onChange={(e) => setRow(i, { criterion: e.target.value })} />}</Field>
              <SelectField label="Score" value={r.score} placeholder="–" options={SCORE_OPTIONS} onChange={(e) => setRow(i, { score: e.target.value })} />
              <Button size="sm" variant="ghost" aria-label={`Remove criterion ${i + 1}`} disabled={rows.length === 1} onClick={() => setRows((all) => all.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </div>
          ))}
          <div>
            <Button size="sm" variant="outline" icon="plus" disabled={rows.length >= 12} onClick={() => setRows((all) => [...all, { criterion: '', score: '' }])}>
              Add a criterion
            </Button>
          </div>
          <SelectField
            label="Recommendation"
            value={recommendation}
            placeholder="Choose one"
            options={RECOMMENDATIONS.map((r) => ({ value: r, label: RECOMMENDATION_LABELS[r] }))}
            onChange={(e) => setRecommendation(e.target.value as Recommendation | '')}
          />
          <Field label="Comment (optional)">{(p) => <textarea {...p} className="input" rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />}</Field>
          <div className="ws-actions">
            <Button type="submit" size="sm" busy={add.isPending}>
              Save scorecard
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button size="sm" variant="outline" icon="plus" onClick={() => setOpen(true)}>
            Add a scorecard
          </Button>
        </div>
      )}
    </Card>
  )
}
