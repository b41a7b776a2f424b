/**
 * /dashboard/employers/:employerId: one employer, for an admin deciding about them. The account
 * (status, contact details, the reason for a rejection or suspension) and the company profile come
 * first, with the decisions the status allows; then their jobs, the decisions taken on the account
 * and what they did lately, each loading on its own (EmployerActivity.tsx).
 */
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { LoadFailed } from '../../../components/ui/Alert'
import { Card, CardSection } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { ErasedChip, ErasedText } from '../../../components/ui/ErasedPerson'
import { Icon } from '../../../components/ui/Icon'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { ApiError } from '../../../lib/api'
import { isErased } from '../../../lib/erased'
import { formatDate, telHref } from '../../../lib/format'
import { useAdminTitle } from '../../admin'
import { useEmployerRecord } from '../api/get-employer'
import { useEmployerDecisions, type EmployerDecision } from '../hooks/useEmployerDecisions'
import { employerName, employerStatusNote, isErasedEmployer, keptCompany } from '../model/employer'
import { safeUrl } from '../model/profile'
import type { CompanyProfile, EmployerRecord } from '../types'
import { EmployerActions } from './EmployerActions'
import { EmployerHistory, EmployerJobs, EmployerRecentActivity } from './EmployerActivity'
import { EmployerStatusBadge } from './EmployerStatusBadge'
import '../people.css'

const notFound = (err: unknown) => err instanceof ApiError && err.status === 404

export default function EmployerPage() {
  const { employerId = '' } = useParams()
  const record = useEmployerRecord(employerId)
  const decisions = useEmployerDecisions()
  useAdminTitle(record.data ? `${employerName(record.data.account)} · Employer` : 'Employer')

  const back = (
    <Link to="/dashboard/employers" className="ws-back adm-back">
      <Icon name="back" size={16} /> Back to employers
    </Link>
  )
  if (record.isError && notFound(record.error)) {
    return (
      <div className="adm-stack">
        {back}
        <EmptyState
          title="No such employer"
          icon="building"
          headingLevel={2}
          action={
            <Link to="/dashboard/employers" className="btn btn-outline">
              Go to Employers
            </Link>
          }
        >
          <p>There is no employer with this id. The link may be incomplete, or the account may belong to a candidate or a member of staff.</p>
        </EmptyState>
      </div>
    )
  }

  return (
    <div className="adm-stack">
      {back}
      {record.isPending ? (
        <SkeletonStack cards={2} what="the employer" />
      ) : record.isError ? (
        <LoadFailed error={record.error} what="this employer" onRetry={() => record.refetch()} />
      ) : (
        <EmployerSummary record={record.data} onAsk={decisions.ask} />
      )}
      <EmployerJobs employerId={employerId} />
      <div className="ws-columns adm-employer-grid">
        <EmployerHistory employerId={employerId} />
        <EmployerRecentActivity employerId={employerId} />
      </div>
      {decisions.dialog}
    </div>
  )
}

function EmployerSummary({ record, onAsk }: { record: EmployerRecord; onAsk: (d: EmployerDecision) => void }) {
  const { account, company } = record
  const erased = isErasedEmployer(account)
  const kept = keptCompany(account)
  const note = erased ? null : employerStatusNote(account.status)
  const reason = !erased && account.reason && (account.status === 'rejected' || account.status === 'suspended') ? account.reason : null
  return (
    <>
      <Card as="section" aria-labelledby="emp-name">
        <div className="adm-record-head">
          <h2 id="emp-name" className="adm-record-name">
            {erased ? (
              <>
                {kept ? `${kept} ` : null}
                <ErasedChip label={kept ? 'Contact erased' : 'Erased employer'} />
              </>
            ) : (
              employerName(account)
            )}
          </h2>
          <EmployerStatusBadge employer={account} />
        </div>
        {note ? <p className="ws-muted adm-record-note">{note}</p> : null}
        {erased ? (
          <p className="alert alert-info adm-record-note" role="note">
            This employer’s personal data has been erased. What remains are non-personal facts: the company, its jobs and the decisions on the account.
          </p>
        ) : null}
        <div className="ws-actions" role="group" aria-label="Actions">
          <EmployerActions employer={account} onAsk={onAsk} size="md" />
        </div>
      </Card>

      <div className="ws-columns adm-employer-grid">
        <CardSection id="emp-details" title="Details" className="adm-stack-sm">
          <dl className="adm-facts">
            <Fact label="Contact">{isErased(account.name) ? <ErasedChip label="Erased" /> : account.name}</Fact>
            {isErased(account.email) ? null : (
              <Fact label="Email">
                <a href={`mailto:${account.email}`}>{account.email}</a>
              </Fact>
            )}
            {isErased(account.phone) || (erased && !account.phone) ? null : <Fact label="Phone">{account.phone ? <a href={telHref(account.phone)}>{account.phone}</a> : <NotGiven />}</Fact>}
            <Fact label="Registered">{formatDate(account.created_at)}</Fact>
          </dl>
          {reason ? (
            <div>
              <h3 className="ws-subtitle">{account.status === 'suspended' ? 'Why they were suspended' : 'Why they were rejected'}</h3>
              <p className="adm-prewrap">{reason}</p>
            </div>
          ) : null}
        </CardSection>
        <CardSection id="emp-company" title="Company profile" className="adm-stack-sm">
          {company ? (
            <CompanyFacts company={company} />
          ) : (
            <p className="ws-muted">
              {erased ? 'There is no company profile on this account.' : 'They have not filled in their company profile yet, so there is no website, location or description to check.'}
            </p>
          )}
        </CardSection>
      </div>
    </>
  )
}

function CompanyFacts({ company: c }: { company: CompanyProfile }) {
  const website = c.website?.trim() ?? ''
  const href = safeUrl(website)
  return (
    <>
      <div className="adm-company-head">
        {c.has_logo ? <img className="adm-company-logo" src={`/api/companies/${encodeURIComponent(c.id)}/logo?v=${encodeURIComponent(c.updated_at)}`} alt={`${c.name} logo`} /> : null}
        <span className="adm-cell-stack">
          <strong>{c.name}</strong>
          <span className="ws-muted ws-small">Last updated {formatDate(c.updated_at)}</span>
        </span>
      </div>
      <dl className="adm-facts">
        <Fact label="Website">
          {!website ? (
            <NotGiven />
          ) : href ? (
            <a href={href} target="_blank" rel="noreferrer noopener">
              {website}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            website
          )}
        </Fact>
        <Fact label="Location">{c.location?.trim() || <NotGiven />}</Fact>
      </dl>
      <div>
        <h3 className="ws-subtitle">About</h3>
        {c.about?.trim() ? (
          <p className="adm-prewrap">
            <ErasedText text={c.about} label="Removed with the employer’s personal data" />
          </p>
        ) : (
          <p className="ws-muted">They have not described the company yet.</p>
        )}
      </div>
    </>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

const NotGiven = () => <span className="ws-muted">Not given</span>
