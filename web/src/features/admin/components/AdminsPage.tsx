/**
 * /dashboard/admins: the agency's staff accounts. Add one (name, email and a password under the
 * register rule; hand the password over in person and ask them to change it), remove one (never
 * yourself and never the last admin: the server refuses, and its message is shown), or reset
 * another admin's two-factor sign-in when they have lost their phone (issue 26). Adding,
 * removing and resetting are step-up actions: the admin client asks for a code when needed.
 * Above the list, the signed-in admin's own account: two-factor sign-in and password.
 */
import { useState } from 'react'
import { ErrorAlert, LoadFailed } from '../../../components/ui/Alert'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { CardSection } from '../../../components/ui/Card'
import { EmptyState } from '../../../components/ui/EmptyState'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalActions } from '../../../components/ui/Modal'
import { Table, type Column } from '../../../components/ui/Table'
import { useToast } from '../../../components/ui/toast'
import { SkeletonStack } from '../../../components/ui/Skeleton'
import { formatDate } from '../../../lib/format'
import { serverMessageOr } from '../../../lib/server-message'
import { ChangePasswordCard } from '../../auth'
import { useAdmins, useCreateAdmin, useRemoveAdmin } from '../api/admins'
import { useResetAdminTwoFactor } from '../api/two-factor'
import { useAdminTitle } from '../hooks/useAdminTitle'
import { newAdminErrors, type NewAdminErrors, type NewAdminForm } from '../model/forms'
import type { AdminAccount } from '../types'
import { TwoFactorCard } from './TwoFactorCard'

export default function AdminsPage() {
  useAdminTitle('Admins')
  const admins = useAdmins()
  const [removing, setRemoving] = useState<AdminAccount | null>(null)
  const [resetting, setResetting] = useState<AdminAccount | null>(null)

  const columns: Column<AdminAccount>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (a) => (
        <span className="adm-cell-stack">
          <strong>
            {a.name} {a.is_you ? <Badge tone="brand">You</Badge> : null}
          </strong>
          <span className="ws-muted">{a.email}</span>
        </span>
      ),
    },
    { key: 'since', header: 'Admin since', cell: (a) => formatDate(a.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      cell: (a) =>
        a.is_you ? (
          <span className="ws-muted">Your own account is managed above</span>
        ) : (
          <span className="ws-actions">
            {a.two_factor ? (
              <Button size="sm" variant="outline" onClick={() => setResetting(a)} aria-label={`Reset two-factor sign-in for ${a.name}`}>
                Reset two-factor
              </Button>
            ) : (
              <span className="ws-muted">No two-factor yet</span>
            )}
            <Button size="sm" variant="ghost" onClick={() => setRemoving(a)} aria-label={`Remove ${a.name}`}>
              Remove
            </Button>
          </span>
        ),
    },
  ]

  return (
    <div className="adm-stack">
      <div className="adm-account">
        <TwoFactorCard />
        <ChangePasswordCard role="admin" />
      </div>
      <p className="adm-intro">Everyone here can sign in to this workspace and do everything in it. Remove people as soon as they leave the agency.</p>
      <div className="adm-reference">
        <div>
          {admins.isPending ? (
            <SkeletonStack cards={2} what="admins" />
          ) : admins.isError ? (
            <LoadFailed error={admins.error} what="the admins" onRetry={() => admins.refetch()} />
          ) : (
            <Table
              caption={`Admins (${admins.data.length})`}
              columns={columns}
              rows={admins.data}
              rowKey={(a) => a.id}
              empty={<EmptyState title="No admins listed" icon="lock" />}
            />
          )}
        </div>
        <AddAdmin />
      </div>
      {removing ? <RemoveDialog admin={removing} onClose={() => setRemoving(null)} /> : null}
      {resetting ? <ResetTwoFactorDialog admin={resetting} onClose={() => setResetting(null)} /> : null}
    </div>
  )
}

const EMPTY: NewAdminForm = { name: '', email: '', password: '' }

function AddAdmin() {
  const create = useCreateAdmin()
  const { push } = useToast()
  const [form, setForm] = useState<NewAdminForm>(EMPTY)
  const [errors, setErrors] = useState<NewAdminErrors>({})
  const [serverError, setServerError] = useState<string | null>(null)
  const set = (k: keyof NewAdminForm) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value })
  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    const found = newAdminErrors(form)
    setErrors(found)
    setServerError(null)
    if (Object.keys(found).length) return
    create.mutate(form, {
      onSuccess: () => {
        push({ kind: 'success', title: 'Admin added', message: `${form.name.trim()} can now sign in with ${form.email.trim()}.` })
        setForm(EMPTY)
      },
      onError: (err) => setServerError(serverMessageOr(err, 'The admin was not added. Please try again.')),
    })
  }
  return (
    <CardSection id="add-admin" title="Add an admin" className="adm-add">
      <form onSubmit={submit} noValidate>
        <ErrorAlert message={serverError} />
        <Field label="Full name" error={errors.name}>
          {(p) => <input {...p} className="input" autoComplete="off" value={form.name} aria-required="true" onChange={set('name')} />}
        </Field>
        <Field label="Email" error={errors.email}>
          {(p) => <input {...p} className="input" type="email" autoComplete="off" value={form.email} aria-required="true" onChange={set('email')} />}
        </Field>
        <Field label="Temporary password" hint="At least 8 characters, with an uppercase letter and one of !@#$%^&*. Give it to them in person." error={errors.password}>
          {(p) => <input {...p} className="input" type="password" autoComplete="new-password" value={form.password} aria-required="true" onChange={set('password')} />}
        </Field>
        <Button type="submit" icon="plus" busy={create.isPending}>
          Add admin
        </Button>
      </form>
    </CardSection>
  )
}

function RemoveDialog({ admin, onClose }: { admin: AdminAccount; onClose: () => void }) {
  const remove = useRemoveAdmin()
  const { push } = useToast()
  const [error, setError] = useState<string | null>(null)
  return (
    <Modal title={`Remove ${admin.name}?`} onClose={onClose}>
      <p>
        {admin.name} ({admin.email}) will no longer be able to sign in to the admin workspace. Enquiries assigned to them stay assigned until you assign them
        to someone else.
      </p>
      <ErrorAlert message={error} />
      <ModalActions>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={remove.isPending}
          onClick={() =>
            remove.mutate(admin.id, {
              onSuccess: () => {
                push({ kind: 'success', title: 'Admin removed', message: `${admin.name} can no longer sign in.` })
                onClose()
              },
              onError: (err) => setError(serverMessageOr(err, 'They were not removed. Please try again.')),
            })
          }
        >
          Remove admin
        </Button>
      </ModalActions>
    </Modal>
  )
}

function ResetTwoFactorDialog({ admin, onClose }: { admin: AdminAccount; onClose: () => void }) {
  const reset = useResetAdminTwoFactor()
  const { push } = useToast()
  const [error, setError] = useState<string | null>(null)
  return (
    <Modal title={`Reset two-factor sign-in for ${admin.name}?`} onClose={reset.isPending ? () => {} : onClose}>
      <p>
        {admin.name} ({admin.email}) is signed out everywhere, and their authenticator app and recovery codes stop working. They set up two-factor
        sign-in again when they next sign in. Do this when they’ve lost their phone, once you’re sure it’s really them asking.
      </p>
      <ErrorAlert message={error} />
      <ModalActions>
        <Button variant="ghost" onClick={onClose} disabled={reset.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={reset.isPending}
          onClick={() => {
            setError(null)
            reset.mutate(admin.id, {
              onSuccess: (reply) => {
                push({ kind: 'success', title: 'Two-factor sign-in reset', message: reply?.message ?? `${admin.name} sets it up again at their next sign-in.` })
                onClose()
              },
              onError: (err) => setError(serverMessageOr(err, 'Their two-factor sign-in was not reset. Please try again.')),
            })
          }}
        >
          Reset two-factor
        </Button>
      </ModalActions>
    </Modal>
  )
}
