/** /dashboard/privacy: the employer user's own data and sign-in: download a copy of it, change the password, or erase the account (issues 12, 26). */
import { YourData } from '../../privacy'
import { useWorkspaceTitle } from './workspaceTitle'

export default function PrivacyPage() {
  useWorkspaceTitle('Privacy')
  return (
    <div className="ws-stack">
      <p className="ws-muted">
        The personal data we hold about you, as the person signed in. Your company’s jobs and applicants are managed under Jobs; this is about you.
      </p>
      <YourData role="employer" headingLevel={2} />
    </div>
  )
}
