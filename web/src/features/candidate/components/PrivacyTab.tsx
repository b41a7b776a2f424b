/** Privacy: the candidate's own data and sign-in: download a copy of it, change the password, or erase the account (issues 12, 26). */
import { YourData } from '../../privacy'

export function PrivacyTab() {
  return (
    <section className="cd-section" aria-labelledby="privacy-title">
      <div className="cd-section-head">
        <h2 id="privacy-title">Privacy</h2>
      </div>
      <p className="cd-muted">Your personal data belongs to you. Take a copy of it whenever you like, keep your sign-in safe, or ask us to erase it.</p>
      <YourData role="candidate" headingLevel={3} />
    </section>
  )
}
