import { ERASED } from '../model/auditEvent'
import { jsonLines } from '../model/json'

/** A value pretty-printed as JSON; erased personal data is marked, not shown as if it were text. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className="ops-json" aria-label={label} tabIndex={0}>
      {jsonLines(value).map((l, i) => (
        <span key={i} className="ops-json-line">
          {'  '.repeat(l.indent)}
          {l.key !== null ? <span className="ops-json-key">{JSON.stringify(l.key)}: </span> : null}
          {l.erased ? (
            <span className="ops-erased" title="Erased: the person asked for their personal data to be removed">
              {ERASED}
            </span>
          ) : (
            l.text
          )}
          {l.comma ? ',' : ''}
        </span>
      ))}
    </pre>
  )
}
