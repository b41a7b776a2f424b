/** /dashboard/company: the company profile applicants see on every job page (name, website, about, location, logo). */
import { useState, type FormEvent } from 'react'
import { ErrorAlert } from '../../../components/ui/Alert'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { Field } from '../../../components/ui/Field'
import { FileDrop } from '../../../components/ui/FileDrop'
import { SkeletonCard } from '../../../components/ui/Skeleton'
import { useToast } from '../../../components/ui/toast'
import { serverMessageOr } from '../../../lib/server-message'
import { useSession } from '../../auth'
import { useCompany } from '../api/get-company'
import { useUpdateCompany } from '../api/update-company'
import { useUploadLogo } from '../api/upload-logo'
import type { CompanyBody, CompanyProfile } from '../types'
import { useWorkspaceTitle } from './workspaceTitle'

export default function CompanyPage() {
  useWorkspaceTitle('Company profile')
  const company = useCompany()
  const session = useSession('employer')
  if (company.isPending) return <SkeletonCard />
  if (company.isError) {
    return <ErrorAlert message={serverMessageOr(company.error, 'We could not load your company profile. Please try again shortly.')} />
  }
  const fallbackName = session.status === 'authenticated' ? (session.user.company ?? '') : ''
  return (
    <div className="ws-columns emp-form-layout">
      <ProfileForm key={company.data?.updated_at ?? 'new'} profile={company.data} fallbackName={fallbackName} />
      <LogoCard profile={company.data} />
    </div>
  )
}

function ProfileForm({ profile, fallbackName }: { profile: CompanyProfile | null; fallbackName: string }) {
  const { push } = useToast()
  const update = useUpdateCompany()
  const [values, setValues] = useState<Record<keyof CompanyBody, string>>({
    name: profile?.name ?? fallbackName,
    website: profile?.website ?? '',
    about: profile?.about ?? '',
    location: profile?.location ?? '',
  })
  const [error, setError] = useState<string | null>(null)
  const set = (name: keyof CompanyBody) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    const body: CompanyBody = { name: values.name.trim() }
    if (values.website.trim()) body.website = values.website.trim()
    if (values.about.trim()) body.about = values.about.trim()
    if (values.location.trim()) body.location = values.location.trim()
    update.mutate(body, {
      onSuccess: () => push({ kind: 'success', title: 'Company profile saved', message: 'Your job pages show it from now on.' }),
      onError: (err) => setError(serverMessageOr(err, 'The profile was not saved. Please try again.')),
    })
  }
  return (
    <Card as="section" className="emp-section" aria-labelledby="company-heading">
      <h2 id="company-heading">About your company</h2>
      <p className="ws-muted">Applicants read this beside each of your job ads, and search engines see the name and logo.</p>
      <form className="emp-form" onSubmit={submit} noValidate>
        <ErrorAlert message={error} />
        <Field label="Company name">{(p) => <input {...p} className="input" value={values.name} onChange={set('name')} autoComplete="organization" />}</Field>
        <Field label="Website" hint="The full address, starting with https://">
          {(p) => <input {...p} className="input" type="url" placeholder="https://" value={values.website} onChange={set('website')} />}
        </Field>
        <Field label="Location" hint="For example Surry Hills, NSW">
          {(p) => <input {...p} className="input" value={values.location} onChange={set('location')} />}
        </Field>
        <Field label="About" hint="What you build, who you are, what it is like to work with you.">
          {(p) => <textarea {...p} className="input" rows={6} value={values.about} onChange={set('about')} />}
        </Field>
        <div>
          <Button type="submit" busy={update.isPending}>
            Save profile
          </Button>
        </div>
      </form>
    </Card>
  )
}

function LogoCard({ profile }: { profile: CompanyProfile | null }) {
  const { push } = useToast()
  const upload = useUploadLogo()
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!file) return setError('Choose a PNG or JPEG image first')
    setError(null)
    upload.mutate(file, {
      onSuccess: () => {
        setFile(null)
        push({ kind: 'success', title: 'Logo uploaded' })
      },
      onError: (err) => setError(serverMessageOr(err, 'The logo was not uploaded. Please try again.')),
    })
  }
  return (
    <Card as="section" className="emp-section" aria-labelledby="logo-heading">
      <h2 id="logo-heading">Logo</h2>
      {!profile ? (
        <p className="ws-muted">Save your company profile first, then add a logo.</p>
      ) : (
        <>
          {profile.has_logo ? (
            <img className="emp-logo" src={`/api/companies/${encodeURIComponent(profile.id)}/logo?v=${encodeURIComponent(profile.updated_at)}`} alt={`${profile.name} logo`} />
          ) : (
            <p className="ws-muted">No logo yet: job pages show your company name on its own.</p>
          )}
          <form className="emp-form" onSubmit={submit} noValidate>
            <FileDrop label={profile.has_logo ? 'Replace the logo' : 'Logo image'} accept=".png,.jpg,.jpeg" hint="PNG or JPEG, under 2 MB. A square image looks best." error={error} fileName={file?.name} onFile={setFile} />
            <div>
              <Button type="submit" icon="upload" busy={upload.isPending}>
                Upload logo
              </Button>
            </div>
          </form>
        </>
      )}
    </Card>
  )
}
