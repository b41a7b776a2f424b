/** The body of the public job page (About the role, Responsibilities, Requirements): also the employer's live preview, so both read the same. */
import type { Job } from '../types'

type Props = { job: Pick<Job, 'description' | 'responsibilities' | 'requirements'>; idPrefix?: string }

export function JobDetailBody({ job, idPrefix = 'job' }: Props) {
  return (
    <>
      <section aria-labelledby={`${idPrefix}-description-heading`}>
        <h2 id={`${idPrefix}-description-heading`}>About the role</h2>
        {job.description.split(/\n{2,}/).map((para, i) => (
          <p key={i}>{para}</p>
        ))}
      </section>
      {job.responsibilities?.length ? (
        <section aria-labelledby={`${idPrefix}-resp-heading`}>
          <h2 id={`${idPrefix}-resp-heading`}>Responsibilities</h2>
          <ul className="check-list">
            {job.responsibilities.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {job.requirements?.length ? (
        <section aria-labelledby={`${idPrefix}-req-heading`}>
          <h2 id={`${idPrefix}-req-heading`}>Requirements</h2>
          <ul className="check-list">
            {job.requirements.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
