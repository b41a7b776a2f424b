/**
 * /dashboard/candidates/:candidateId: one candidate's record (profile, documents, applications)
 * and who has opened it. Reading it records a CandidateRecordViewed event with your name and the
 * time, which the page says before anything else; the access log it shows includes this opening.
 * An application the candidate withdrew stays on their record, as on their own list, marked
 * Withdrawn, with the stage it was at.
 */
import { Link, useParams } from 'react-router'
import { ErrorAlert, LoadFailed } from '../../../components/ui/Alert'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { Card, CardSection } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { PersonName } from '../../../components/ui/ErasedPerson'
import { Icon } from '../../../components/ui/Icon'
import { Table, type Column } from '../../../components/ui/Table'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { isErased, personName } from '../../../lib/erased'
import { formatDate, formatFileSize, telHref } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { stageLabel, stageTone, Time, useAdminTitle } from '../../admin'
import { useCandidateRecord, useDownloadCandidateDocument } from '../api/candidates'
import { isEmptyProfile, profileView, type ProfileEntry } from '../model/profile'
import { isWithdrawn, theySee } from '../model/theySee'
import type { CandidateApplication, CandidateDocument, RecordAccess } from '../types'
import { PersonDataActions } from './PersonDataActions'
import '../people.css'

const DOC_TYPES: Record<string, string> = { resume: 'Resume', cover_letter: 'Cover letter', portfolio: 'Portfolio', certificate: 'Certificate', other: 'Other' }

export default function CandidatePage() {
  const { candidateId = '' } = useParams()
  const record = useCandidateRecord(candidateId)
  const download = useDownloadCandidateDocument()
  const docColumns = documentColumns(download)
  useAdminTitle(record.data ? `${personName(record.data.account.name)} · Candidate record` : 'Candidate record')

  const back = (
    <Link to="/dashboard/candidates" className="ws-back adm-back">
      <Icon name="back" size={16} /> Back to candidates
    </Link>
  )
  if (record.isPending) {
    return (
      <div className="adm-stack">
        {back}
        <SkeletonStack cards={3} what="the candidate’s record" />
      </div>
    )
  }
  if (record.isError) {
    return (
      <div className="adm-stack">
        {back}
        <LoadFailed error={record.error} what="this record" onRetry={() => record.refetch()} />
      </div>
    )
  }
  const { account, profile, documents, applications, access_log } = record.data
  const view = profileView(profile)
  const erased = account.status === 'erased' || isErased(account.name)

  return (
    <div className="adm-stack">
      {back}
      <div className="alert alert-info adm-audited" role="note">
        <Icon name="lock" size={18} />
        <span>
          <strong>Your visit is recorded.</strong> Opening this record logged your name and the time; the candidate’s access log below shows every opening.
        </span>
      </div>
      <Card as="section" aria-labelledby="cand-name">
        <div className="adm-record-head">
          <h2 id="cand-name" className="adm-record-name">
            <PersonName name={account.name} />
          </h2>
          {erased ? null : (
            <Badge tone={account.status === 'active' ? 'success' : 'neutral'}>{account.status === 'active' ? 'Active account' : account.status}</Badge>
          )}
        </div>
        {erased ? (
          <p className="alert alert-info" role="note">
            This person’s personal data has been erased. What remains are non-personal facts: their applications and the dates those changed stage.
          </p>
        ) : null}
        <dl className="adm-facts">
          {isErased(account.email) ? null : (
            <div>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${account.email}`}>{account.email}</a>
              </dd>
            </div>
          )}
          {account.phone && !isErased(account.phone) ? (
            <div>
              <dt>Phone</dt>
              <dd>
                <a href={telHref(account.phone)}>{account.phone}</a>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Joined</dt>
            <dd>{formatDate(account.created_at)}</dd>
          </div>
          {view.facts
            .filter((f) => f.label !== 'Phone' || !account.phone)
            .map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>
                  {f.href ? (
                    <a href={f.href} target="_blank" rel="noreferrer noopener">
                      {f.value}
                    </a>
                  ) : (
                    f.value
                  )}
                </dd>
              </div>
            ))}
        </dl>
        <p>
          <Link to={`/dashboard/audit/streams/${encodeURIComponent(`account-${account.id}`)}`}>Account history in the audit trail</Link>
        </p>
        <div className="ws-actions adm-person-data" role="group" aria-label="Personal data">
          <PersonDataActions id={account.id} name={personName(account.name, 'this candidate')} erased={erased} />
        </div>
      </Card>

      <div className="ws-columns adm-record-grid">
        <CardSection id="cand-profile" title="Profile" className="adm-stack-sm">
          {isEmptyProfile(view) ? (
            <EmptyState title={erased ? 'Profile erased' : 'No profile yet'} icon="user" headingLevel={3}>
              <p>{erased ? 'It was erased with the rest of their personal data.' : 'The candidate has not filled in their profile.'}</p>
            </EmptyState>
          ) : (
            <>
              {view.summary ? <p className="adm-prewrap">{view.summary}</p> : null}
              {view.skills.length ? <Chips title="Skills" items={view.skills} /> : null}
              {view.languages.length ? <Chips title="Languages" items={view.languages} /> : null}
              {view.experience.length ? <Entries title="Experience" items={view.experience} /> : null}
              {view.education.length ? <Entries title="Education" items={view.education} /> : null}
            </>
          )}
        </CardSection>
        <CardSection id="cand-access" title="Who opened this record" className="adm-stack-sm">
          <AccessLog entries={access_log} />
        </CardSection>
      </div>

      <CardSection id="cand-docs" title={`Documents (${documents.length})`} className="adm-stack-sm">
        {documents.length > 0 ? <p className="ws-muted ws-small">Opening a file is recorded in this record’s access log, as opening the record is.</p> : null}
        {download.isError ? <ErrorAlert message={serverMessageOr(download.error, 'The file could not be downloaded. Please try again.')} /> : null}
        <Table
          caption="The candidate’s documents"
          columns={docColumns}
          rows={documents}
          rowKey={(d) => d.id}
          empty={
            <EmptyState title={erased ? 'Documents erased' : 'No documents'} icon="file" headingLevel={3}>
              <p>{erased ? 'Their resume and documents were erased with their personal data.' : 'The candidate has not uploaded a resume or any other document.'}</p>
            </EmptyState>
          }
        />
      </CardSection>

      <CardSection id="cand-apps" title={`Applications (${applications.length})`} className="adm-stack-sm">
        <Table
          caption="The candidate’s applications"
          columns={APP_COLUMNS}
          rows={applications}
          rowKey={(a) => a.id}
          empty={
            <EmptyState title="No applications" icon="briefcase" headingLevel={3}>
              <p>The candidate has not applied for a job.</p>
            </EmptyState>
          }
        />
      </CardSection>
    </div>
  )
}

const documentColumns = (download: ReturnType<typeof useDownloadCandidateDocument>): Column<CandidateDocument>[] => [
  {
    key: 'title',
    header: 'Document',
    cell: (d) => (
      <span className="adm-cell-stack">
        <strong>{d.title}</strong>
        <span className="ws-muted">{d.original_name}</span>
      </span>
    ),
  },
  {
    key: 'open',
    header: 'File',
    cell: (d) => (
      <Button
        size="sm"
        variant="outline"
        icon="download"
        busy={download.isPending && download.variables?.id === d.id}
        onClick={() => download.mutate(d)}
        aria-label={`Download ${d.original_name || d.title}`}
      >
        Download
      </Button>
    ),
  },
  { key: 'type', header: 'Type', cell: (d) => DOC_TYPES[d.document_type] ?? d.document_type },
  { key: 'size', header: 'Size', align: 'end', cell: (d) => formatFileSize(d.file_size) },
  { key: 'added', header: 'Added', cell: (d) => formatDate(d.created_at) },
]

const APP_COLUMNS: Column<CandidateApplication>[] = [
  {
    key: 'job',
    header: 'Job',
    cell: (a) => (
      <span className="adm-cell-stack">
        <strong>{a.job_title}</strong>
        <span className="ws-muted">{a.company}</span>
      </span>
    ),
  },
  {
    key: 'stage',
    header: 'Stage',
    cell: (a) => (
      <span className="adm-cell-stack">
        {/* withdrawn is where it stands, as in the Applications list: the stage it was at follows, in small */}
        {isWithdrawn(a) ? (
          <>
            <Badge tone="neutral">Withdrawn</Badge>
            <span className="ws-muted ws-small">At {stageLabel(a.stage)}</span>
          </>
        ) : (
          <Badge tone={stageTone(a.stage)}>{stageLabel(a.stage)}</Badge>
        )}
        <span className="ws-muted ws-small">{theySee(a)}</span>
      </span>
    ),
  },
  { key: 'applied', header: 'Applied', cell: (a) => formatDate(a.created_at) },
  { key: 'updated', header: 'Last change', cell: (a) => formatDate(a.last_updated) },
  {
    key: 'history',
    header: 'History',
    cell: (a) => (
      <Link to={`/dashboard/audit/streams/${encodeURIComponent(`application-${a.id}`)}`} aria-label={`History of the application for ${a.job_title}`}>
        History
      </Link>
    ),
  },
]

function Chips({ title, items }: { title: string; items: string[] }) {
  return (
    <div>
      <h3 className="ws-subtitle">{title}</h3>
      <ul className="adm-chips">
        {items.map((s, i) => (
          <li key={`${s}-${i}`}>{s}</li>
        ))}
      </ul>
    </div>
  )
}

function Entries({ title, items }: { title: string; items: ProfileEntry[] }) {
  return (
    <div>
      <h3 className="ws-subtitle">{title}</h3>
      <ul className="adm-entries">
        {items.map((x, i) => (
          <li key={i}>
            <strong>{x.title || 'Untitled'}</strong>
            {x.subtitle ? <span> · {x.subtitle}</span> : null}
            {x.period ? <span className="ws-muted ws-small"> ({x.period})</span> : null}
            {x.description ? <p className="adm-prewrap ws-small">{x.description}</p> : null}
          </li>
        ))}
      </ul>
    </div>
  )
}

function AccessLog({ entries }: { entries: RecordAccess[] }) {
  if (entries.length === 0) return <p className="ws-muted">Nobody has opened this record before.</p>
  return (
    <ol className="adm-access">
      {entries.map((a, i) => (
        <li key={`${a.viewed_at}-${i}`}>
          {/* a name the log does not have: never a piece of the id, which stays on hover */}
          {a.viewed_by_name ? <span>{a.viewed_by_name}</span> : <span title={`Account ${a.viewed_by}`}>A staff member</span>}
          <span className="ws-muted ws-small">
            <Time iso={a.viewed_at} />
            {i === 0 ? ' · this visit' : ''}
          </span>
        </li>
      ))}
    </ol>
  )
}
