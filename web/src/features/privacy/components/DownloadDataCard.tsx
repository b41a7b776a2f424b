/** "Download your data": one button that asks for an export link, fetches the ZIP behind it and saves it. */
import { useId } from 'react'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { Icon } from '../../../components/ui/Icon'
import type { AccountRole } from '../api/account'
import { useExportDownload } from '../api/download-export'
import { requestAccountExport } from '../api/request-account-export'
import { ExportStatus } from './ExportStatus'

const WHAT_YOU_GET: Record<AccountRole, string> = {
  candidate:
    'Get a copy of everything we hold about you in one ZIP file: your account and profile, your applications with their stages, feedback and history, your resume and documents, your notifications, and a record of what happened to each of them and when.',
  employer:
    'Get a copy of the personal data we hold about you in one ZIP file: your account details, your notifications, and a record of what happened to them and when.',
}

export function DownloadDataCard({ role, headingLevel }: { role: AccountRole; headingLevel: 2 | 3 }) {
  const headingId = useId()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const { start, state, busy } = useExportDownload({ request: () => requestAccountExport(role), role })
  return (
    <Card as="section" className="pv-card" aria-labelledby={headingId}>
      <Heading id={headingId} className="pv-title">
        <Icon name="download" size={20} />
        Download your data
      </Heading>
      <p>{WHAT_YOU_GET[role]}</p>
      <p className="pv-muted">The file is prepared for you alone, and the link behind it works once, within an hour.</p>
      <div className="pv-actions">
        <Button icon="download" busy={busy} onClick={start}>
          {busy ? 'Preparing your file…' : 'Download my data'}
        </Button>
      </div>
      <ExportStatus state={state} />
    </Card>
  )
}
