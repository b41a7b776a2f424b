/** A job's description: the 150-character preview, or in full with its lists. */
import { descriptionPreview } from '../model/description'

type Describable = { description?: string | null; responsibilities?: string[] | null; requirements?: string[] | null }

function List({ title, items }: { title: string; items?: string[] | null }) {
  if (!items?.length) return null
  return (
    <>
      <h4>{title}</h4>
      <ul>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </>
  )
}

export function JobDescription({ job, expanded }: { job: Describable; expanded: boolean }) {
  const text = job.description ?? ''
  return (
    <>
      <p>{expanded ? text : descriptionPreview(text)}</p>
      {expanded ? <List title="Responsibilities" items={job.responsibilities} /> : null}
      {expanded ? <List title="Requirements" items={job.requirements} /> : null}
    </>
  )
}
