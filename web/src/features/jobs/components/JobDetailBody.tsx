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
      <ListSection id={`${idPrefix}-resp-heading`} title="Responsibilities" items={job.responsibilities} />
      <ListSection id={`${idPrefix}-req-heading`} title="Requirements" items={job.requirements} />
    </>
  )
}

/** A titled ticked list, left out when empty. Keyed by position: the employer's preview may hold the same line twice while they type. */
function ListSection({ id, title, items }: { id: string; title: string; items?: string[] | null }) {
  if (!items?.length) return null
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="check-list">
        {items.map((r, i) => (
          <li key={i}>{r}</li>
        ))}
      </ul>
    </section>
  )
}
