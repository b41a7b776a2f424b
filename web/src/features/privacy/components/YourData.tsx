/**
 * "Your data": download a copy of it, change your password (issue 26; the card is the auth
 * feature's), or erase the account. The same three cards in the candidate portal and the employer
 * workspace.
 */
import { ChangePasswordCard } from '../../auth'
import type { AccountRole } from '../api/account'
import '../privacy.css'
import { DownloadDataCard } from './DownloadDataCard'
import { EraseAccountCard } from './EraseAccountCard'

export function YourData({ role, headingLevel = 2 }: { role: AccountRole; headingLevel?: 2 | 3 }) {
  return (
    <div className="pv-stack">
      <DownloadDataCard role={role} headingLevel={headingLevel} />
      <ChangePasswordCard role={role} headingLevel={headingLevel} titleClassName="pv-title" />
      <EraseAccountCard role={role} headingLevel={headingLevel} />
    </div>
  )
}
