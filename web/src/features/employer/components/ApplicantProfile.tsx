/** The applicant's profile as they saved it, and every document that came with the application (each viewable or downloadable). */
import { useState } from 'react'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { Icon } from '../../../components/ui/Icon'
import { formatFileSize } from '../../../lib/format'
import { isPdf } from '../model/documents'
import type { ApplicantDetail, ApplicantDocument, ApplicantProfile } from '../types'
import { DocumentViewer } from './DocumentViewer'

const skillList = (skills: ApplicantProfile['skills']) =>
  (skills ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

export function ProfileSection({ profile, erased }: { profile: ApplicantProfile | null; erased: boolean }) {
  const skills = skillList(profile?.skills)
  return (
    <Card as="section" className="emp-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      {erased ? (
        <p className="ws-muted">Erased with the rest of their personal data.</p>
      ) : !profile ? (
        <p className="ws-muted">This applicant has not filled in a profile yet. Their documents and your notes are below.</p>
      ) : (
        <div className="ws-stack">
          {profile.summary ? <p>{profile.summary}</p> : null}
          {profile.location || profile.phone ? (
            <dl className="emp-dl">
              {profile.location ? (
                <>
                  <dt>Location</dt>
                  <dd>{profile.location}</dd>
                </>
              ) : null}
              {profile.phone ? (
                <>
                  <dt>Phone</dt>
                  <dd>{profile.phone}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
          {skills.length ? (
            <div>
              <h3 className="ws-subtitle">Skills</h3>
              <ul className="emp-skills">
                {skills.map((s) => (
                  <li key={s}>
                    <Badge tone="brand">{s}</Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {profile.experience?.length ? (
            <div>
              <h3 className="ws-subtitle">Experience</h3>
              <ul className="emp-plain-list">
                {profile.experience.map((x, i) => (
                  <li key={i}>
                    <strong>{x.position}</strong>, {x.company}
                    <br />
                    <span className="ws-muted">{[x.startDate, x.endDate ?? 'now'].filter(Boolean).join(' to ')}</span>
                    {x.description ? <p>{x.description}</p> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {profile.education?.length ? (
            <div>
              <h3 className="ws-subtitle">Education</h3>
              <ul className="emp-plain-list">
                {profile.education.map((x, i) => (
                  <li key={i}>
                    <strong>{x.degree}</strong>
                    {x.field ? ` in ${x.field}` : ''}, {x.institution}
                    {x.graduationYear ? <span className="ws-muted"> ({x.graduationYear})</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      )}
    </Card>
  )
}

export function DocumentsSection({ documents, erased, onDownload: save }: { documents: ApplicantDetail['documents']; erased: boolean; onDownload: (doc: ApplicantDocument) => void }) {
  const [viewing, setViewing] = useState<ApplicantDocument | null>(null)
  return (
    <Card as="section" className="emp-section" aria-labelledby="documents-heading">
      <h2 id="documents-heading">Documents</h2>
      {documents.length === 0 ? (
        <p className="ws-muted">{erased ? 'Their resume and documents were erased with their personal data.' : 'No resume or cover letter came with this application.'}</p>
      ) : (
        <ul className="emp-plain-list">
          {documents.map((d) => (
            <li key={d.id} className="ws-toolbar">
              <span>
                <Icon name="file" size={16} /> {d.title}
                <br />
                <span className="ws-muted">
                  {d.original_name} · {formatFileSize(d.file_size)}
                </span>
              </span>
              <span className="ws-actions">
                {isPdf(d) ? (
                  <Button size="sm" variant="outline" icon="file" aria-label={`View ${d.title}`} onClick={() => setViewing(d)}>
                    View
                  </Button>
                ) : null}
                <Button size="sm" variant="outline" icon="download" aria-label={`Download ${d.title}`} onClick={() => save(d)}>
                  Download
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {viewing ? <DocumentViewer doc={viewing} onDownload={() => save(viewing)} onClose={() => setViewing(null)} /> : null}
    </Card>
  )
}
