/** The agency's headline numbers as a row of figures, in the home and about heroes. */
import { CLAIMS } from '../company'

export function ClaimStats() {
  return (
    <ul className="stats" aria-label="Our track record">
      {CLAIMS.map((c) => (
        <li key={c.label}>
          <strong>{c.value}</strong>
          <span>{c.label}</span>
        </li>
      ))}
    </ul>
  )
}
