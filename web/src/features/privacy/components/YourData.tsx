/** "Your data": download a copy of it, or erase the account. The same two cards in the candidate portal and the employer workspace. */
import type { AccountRole } from '../api/account'
import '../privacy.css'
import { DownloadDataCard } from './DownloadDataCard'
import { EraseAccountCard } from './EraseAccountCard'

export function YourData({ role, headingLevel = 2 }: { role: AccountRole; headingLevel?: 2 | 3 }) {
  return (
    <div className="pv-stack">
      <DownloadDataCard role={role} headingLevel={headingLevel} />
      <EraseAccountCard role={role} headingLevel={headingLevel} />
    </div>
  )
}
