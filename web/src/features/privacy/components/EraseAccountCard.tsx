/** The danger zone: what erasing your account removes, what stays, that it is final, and the way in. */
import { useId, useState } from 'react'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import type { AccountRole } from '../api/account'
import { ERASURE_CONSEQUENCES } from '../model/erasure'
import { EraseAccountDialog } from './EraseAccountDialog'

export function EraseAccountCard({ role, headingLevel }: { role: AccountRole; headingLevel: 2 | 3 }) {
  const headingId = useId()
  const [open, setOpen] = useState(false)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const Sub = headingLevel === 2 ? 'h3' : 'h4'
  const { erased, kept } = ERASURE_CONSEQUENCES[role]
  return (
    <Card as="section" className="pv-card pv-danger" aria-labelledby={headingId}>
      <Heading id={headingId} className="pv-title">
        Erase your account
      </Heading>
      <p>
        Erasing your account removes your personal data from Harbour IT Recruitment for good. <strong>It can’t be undone</strong>, and we can’t bring
        anything back afterwards.
      </p>
      <div className="pv-columns">
        <div>
          <Sub className="pv-subtitle">What we erase</Sub>
          <ul className="pv-list">
            {erased.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div>
          <Sub className="pv-subtitle">What stays</Sub>
          <ul className="pv-list">
            {kept.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      <p className="pv-muted">Want a copy first? Download your data before you erase: afterwards there is nothing left to download.</p>
      <div className="pv-actions">
        <Button variant="danger" icon="trash" onClick={() => setOpen(true)}>
          Erase my account…
        </Button>
      </div>
      {open ? <EraseAccountDialog role={role} onClose={() => setOpen(false)} /> : null}
    </Card>
  )
}
