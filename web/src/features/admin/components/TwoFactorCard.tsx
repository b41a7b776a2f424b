/**
 * "Your two-factor sign-in" at the top of the Admins screen, and the whole of the enrolment gate
 * (EnrolmentGate): whether the signed-in admin's sign-in asks for a code from an authenticator app.
 * Turning it on: the password again (issue 26), a new secret as a QR code (and as a key to type
 * in), a code from the app to confirm, then the recovery codes, shown this once with a download,
 * until "I've saved them". Turning it off asks for a code (and is a step-up action).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ErrorAlert, LoadFailed } from '../../../components/ui/Alert'
import { Badge } from '../../../components/ui/Badge'
import { Button } from '../../../components/ui/Button'
import { Card } from '../../../components/ui/Card'
import { CodeInput } from '../../../components/ui/CodeInput'
import { Field } from '../../../components/ui/Field'
import { useToast } from '../../../components/ui/toast'
import { useCodeEntry } from '../../../hooks/useCodeEntry'
import { ApiError } from '../../../lib/api'
import { saveBlob } from '../../../lib/download'
import { serverMessageOr } from '../../../lib/server-message'
import { PasswordInput, useSession } from '../../auth'
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactor, useTwoFactor } from '../api/two-factor'
import { groupSecret, RECOVERY_FILE_NAME, recoveryCodesText, svgDataUrl } from '../model/twoFactor'
import type { TwoFactorSetup, TwoFactorStatus } from '../types'

type Stage =
  | { kind: 'status' }
  | { kind: 'password' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'turn-off' }

export const PASSWORD_REQUIRED = 'Enter your password to confirm'

type Props = {
  /** at the enrolment gate: once it is on (and the codes saved), the workspace opens */
  onEnrolled?: () => void
}

export function TwoFactorCard({ onEnrolled }: Props) {
  const status = useTwoFactor()
  const [stage, setStage] = useState<Stage>({ kind: 'status' })
  const toStatus = () => setStage({ kind: 'status' })
  const on = stage.kind === 'codes' || ((stage.kind === 'status' || stage.kind === 'turn-off') && status.data?.enabled === true)

  return (
    <Card as="section" aria-labelledby="two-factor-title" className="adm-2fa">
      <div className="adm-2fa-head">
        <h2 id="two-factor-title" className="ws-section-title">
          Your two-factor sign-in
        </h2>
        {stage.kind === 'setup' || stage.kind === 'password' ? (
          <Badge tone="info">Setting up</Badge>
        ) : on ? (
          <Badge tone="success" icon="lock">
            On
          </Badge>
        ) : status.data ? (
          <Badge tone="neutral">Off</Badge>
        ) : null}
      </div>
      {stage.kind === 'password' ? (
        <PasswordStep onCancel={toStatus} onStarted={(setup) => setStage({ kind: 'setup', setup })} />
      ) : stage.kind === 'setup' ? (
        <SetupSteps setup={stage.setup} onCancel={toStatus} onConfirmed={(codes) => setStage({ kind: 'codes', codes })} />
      ) : stage.kind === 'codes' ? (
        <RecoveryCodes
          codes={stage.codes}
          onDone={() => {
            toStatus()
            onEnrolled?.()
          }}
        />
      ) : stage.kind === 'turn-off' ? (
        <TurnOff onDone={toStatus} />
      ) : status.isPending ? (
        <p className="ws-muted" aria-busy="true">
          Checking your sign-in…
        </p>
      ) : status.isError ? (
        <LoadFailed error={status.error} what="your two-factor sign-in" onRetry={() => status.refetch()} />
      ) : (
        <StatusView
          status={status.data}
          onTurnOn={() => setStage({ kind: 'password' })}
          onTurnOff={() => setStage({ kind: 'turn-off' })}
          onContinue={onEnrolled}
        />
      )}
    </Card>
  )
}

type StatusProps = {
  status: TwoFactorStatus
  onTurnOn: () => void
  onTurnOff: () => void
  /** at the gate, when it turns out to be on already (set up in another tab, or before a reload) */
  onContinue?: () => void
}

function StatusView({ status, onTurnOn, onTurnOff, onContinue }: StatusProps) {
  if (status.enabled) {
    const left = status.recovery_codes_left
    return (
      <div className="adm-stack-sm">
        <p className="ws-muted">Signing in asks for a code from your authenticator app as well as your password.</p>
        <p className={left <= 3 ? 'ws-muted adm-warn-text' : 'ws-muted'}>
          <strong>
            {left} recovery {left === 1 ? 'code' : 'codes'} left.
          </strong>{' '}
          {left === 0 ? 'Keep your phone safe: without it you cannot sign in.' : 'Each one works once if you lose your phone.'}
        </p>
        <div className="ws-actions">
          {onContinue ? (
            <Button icon="check" onClick={onContinue}>
              Continue to the workspace
            </Button>
          ) : (
            <Button variant="outline" onClick={onTurnOff}>
              Turn off
            </Button>
          )}
        </div>
      </div>
    )
  }
  return (
    <div className="adm-stack-sm">
      <p className="ws-muted">
        Add a second check to your sign-in: a six-digit code from an authenticator app on your phone, such as Google Authenticator, Microsoft
        Authenticator or 1Password. Then your password alone is not enough to get in.
      </p>
      <div className="ws-actions">
        <Button icon="lock" onClick={onTurnOn}>
          Turn on
        </Button>
      </div>
    </div>
  )
}

/** Setting it up starts with the password again: a session left open on a shared computer cannot do it alone. */
function PasswordStep({ onCancel, onStarted }: { onCancel: () => void; onStarted: (setup: TwoFactorSetup) => void }) {
  const start = useStartTwoFactor()
  const [password, setPassword] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => form.current?.querySelector('input')?.focus(), [])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setError(null)
    if (!password) {
      setFieldError(PASSWORD_REQUIRED)
      return
    }
    setFieldError(null)
    start.mutate(password, {
      onSuccess: onStarted,
      onError: (err) => {
        setPassword('')
        const message = serverMessageOr(err, 'Two-factor sign-in could not be set up. Please try again.')
        // 403 a wrong password, 422 an empty one: both are about the field
        if (err instanceof ApiError && (err.status === 403 || err.status === 422) && /password/i.test(message)) setFieldError(message)
        else setError(message)
      },
    })
  }

  return (
    <form ref={form} onSubmit={submit} noValidate className="adm-2fa-confirm">
      <p className="ws-muted">First, your password, to confirm it’s really you.</p>
      <ErrorAlert message={error} />
      <PasswordInput label="Your password" name="password" autoComplete="current-password" value={password} onChange={setPassword} error={fieldError} />
      <div className="ws-actions">
        <Button type="submit" busy={start.isPending}>
          Continue
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

/** Turning it off takes a code: whoever has only the password (or an open session) cannot. */
function TurnOff({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor()
  const { push } = useToast()
  const entry = useCodeEntry(async (value) => {
    try {
      const reply = await disable.mutateAsync(value)
      push({ kind: 'success', title: 'Two-factor sign-in is off', message: reply?.message ?? 'Set it up again to keep using the admin workspace.' })
      onDone()
      return null
    } catch (err) {
      return serverMessageOr(err, 'Two-factor sign-in was not turned off. Please try again.')
    }
  })

  return (
    <div className="adm-stack-sm">
      <p>
        Turning it off takes your authenticator app and recovery codes out of your sign-in. Admins must use two-factor sign-in, so you’ll need to set
        it up again before you can use the rest of the workspace.
      </p>
      <CodeForm purpose="turn-off" entry={entry} busy={disable.isPending} onCancel={onDone} />
    </div>
  )
}

function SetupSteps({ setup, onCancel, onConfirmed }: { setup: TwoFactorSetup; onCancel: () => void; onConfirmed: (codes: string[]) => void }) {
  const confirm = useConfirmTwoFactor()
  const { push } = useToast()
  const entry = useCodeEntry(async (value) => {
    try {
      const reply = await confirm.mutateAsync(value)
      push({ kind: 'success', title: 'Two-factor sign-in is on', message: 'Next time you sign in, have your phone handy.' })
      onConfirmed(Array.isArray(reply?.recovery_codes) ? reply.recovery_codes : [])
      return null
    } catch (err) {
      return serverMessageOr(err, 'That code could not be checked. Please try again.')
    }
  })
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(setup.secret)
      push({ kind: 'success', title: 'Key copied', message: 'Paste it into your authenticator app.' })
    } catch {
      push({ kind: 'warning', title: 'Could not copy the key', message: 'Select it and copy it, or type it in.' })
    }
  }

  return (
    <ol className="adm-2fa-steps">
      <li>
        <h3 ref={heading} tabIndex={-1} className="ws-subtitle">
          1. Scan this QR code with your authenticator app
        </h3>
        <div className="adm-2fa-scan">
          <img className="adm-2fa-qr" alt="QR code for your authenticator app" width={200} height={200} src={svgDataUrl(setup.qr_svg)} />
          <div className="adm-stack-sm">
            <p className="ws-muted">Can’t scan it? Add an account in the app by hand and type in this key (time-based, six digits):</p>
            <code className="adm-2fa-secret">
              {groupSecret(setup.secret)}
            </code>
            <div className="ws-actions">
              <Button size="sm" variant="outline" icon="copy" onClick={copy}>
                Copy key
              </Button>
            </div>
          </div>
        </div>
      </li>
      <li>
        <h3 className="ws-subtitle">2. Enter the code the app shows</h3>
        <CodeForm purpose="confirm" entry={entry} busy={confirm.isPending} onCancel={onCancel} />
      </li>
    </ol>
  )
}

/**
 * What each code form asks and offers. `focus`: the field takes focus when the form opens and
 * again after a refusal (not when confirming the setup: the step's heading takes focus when it
 * opens). `holdCancel`: Cancel waits while the code is checked.
 */
const CODE_FORMS = {
  'turn-off': { kind: 'either', hint: 'Six digits, or one of your recovery codes.', submitLabel: 'Turn off', variant: 'danger', icon: undefined, focus: true, holdCancel: true },
  confirm: { kind: 'app', hint: 'Six digits. A new one appears every 30 seconds.', submitLabel: 'Confirm', variant: undefined, icon: 'check', focus: false, holdCancel: false },
} as const

type CodeFormProps = { purpose: keyof typeof CODE_FORMS; entry: ReturnType<typeof useCodeEntry>; busy: boolean; onCancel: () => void }

/** The code from the app (or a recovery code) that turns two-factor sign-in off, or confirms its setup. */
function CodeForm({ purpose, entry, busy, onCancel }: CodeFormProps) {
  const { kind, hint, submitLabel, variant, icon, focus, holdCancel } = CODE_FORMS[purpose]
  return (
    <form onSubmit={entry.submit} noValidate className="adm-2fa-confirm">
      <Field label="Code from your authenticator app" hint={hint} error={entry.error}>
        {(p) => (
          <CodeInput
            {...p}
            ref={focus ? entry.input : undefined}
            kind={kind}
            className={kind === 'app' ? 'input adm-2fa-code' : undefined}
            value={entry.code}
            aria-required="true"
            onChange={(e) => entry.setCode(e.target.value)}
          />
        )}
      </Field>
      <div className="ws-actions">
        <Button type="submit" variant={variant} icon={icon} busy={busy}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={holdCancel && busy}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const session = useSession('admin')
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const email = session.status === 'authenticated' ? session.user.email : undefined

  const download = () => {
    const blob = new Blob([recoveryCodesText(codes, email, new Date())], { type: 'text/plain;charset=utf-8' })
    saveBlob(blob, RECOVERY_FILE_NAME)
  }

  return (
    <div className="adm-stack-sm">
      <h3 ref={heading} tabIndex={-1} className="ws-subtitle">
        Save your recovery codes
      </h3>
      <p>
        Keep these somewhere safe: each works once if you lose your phone. This is the only time we show them, so save them in your password
        manager or download them now.
      </p>
      <ul className="adm-2fa-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <div className="ws-actions">
        <Button variant="outline" icon="download" onClick={download}>
          Download as a text file
        </Button>
        <Button icon="check" onClick={onDone}>
          I’ve saved them
        </Button>
      </div>
    </div>
  )
}
