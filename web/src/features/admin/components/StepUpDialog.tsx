/**
 * "Confirm it's you" (issue 26): the dialog the admin client opens when a sensitive action needs a
 * fresh code (api/step-up.ts). A code from the authenticator app, or a recovery code; a wrong one
 * shows the server's words and the dialog stays; once it passes, the action the admin asked for
 * carries on by itself. Cancel, and that action fails with a message saying nothing was changed.
 * StepUpHost sits once in the admin workspace and is the prompt every screen shares.
 */
import { useEffect, useRef, useState } from 'react'
import { Button } from '../../../components/ui/Button'
import { CodeInput } from '../../../components/ui/CodeInput'
import { Field } from '../../../components/ui/Field'
import { Modal, ModalFormActions } from '../../../components/ui/Modal'
import { useCodeEntry } from '../../../hooks/useCodeEntry'
import { serverMessageOr } from '../../../lib/server-message'
import { registerStepUpPrompt, stepUp } from '../api/step-up'

export const STEP_UP_FAILED = 'That code could not be checked. Please try again.'

type Asking = { answer: (passed: boolean) => void }

export function StepUpHost() {
  const [asking, setAsking] = useState<Asking | null>(null)
  useEffect(
    () =>
      registerStepUpPrompt(
        () =>
          new Promise<boolean>((resolve) =>
            setAsking({
              answer: (passed) => {
                setAsking(null)
                resolve(passed)
              },
            }),
          ),
      ),
    [],
  )
  // leaving the workspace (signing out) with the dialog open: the waiting action fails, it does not hang
  const pending = useRef<Asking | null>(null)
  useEffect(() => {
    pending.current = asking
  }, [asking])
  useEffect(() => () => pending.current?.answer(false), [])
  if (!asking) return null
  return <StepUpDialog onPassed={() => asking.answer(true)} onCancel={() => asking.answer(false)} />
}

// the server's reason ("Confirm it's you: enter a code ...") is the dialog's title and first line
export function StepUpDialog({ onPassed, onCancel }: { onPassed: () => void; onCancel: () => void }) {
  const [busy, setBusy] = useState(false)
  const { code, setCode, recovery, switchKind, error, input, submit } = useCodeEntry(async (value) => {
    setBusy(true)
    try {
      await stepUp(value)
    } catch (err) {
      setBusy(false)
      return serverMessageOr(err, STEP_UP_FAILED)
    }
    onPassed()
    return null
  })

  return (
    <Modal title="Confirm it’s you" onClose={busy ? () => {} : onCancel}>
      <form onSubmit={submit} noValidate className="adm-stack-sm">
        <p>Enter a code from your authenticator app to carry on. Erasing or exporting someone’s data, and changing who can sign in, need a fresh code every 15 minutes.</p>
        <Field
          label={recovery ? 'Recovery code' : 'Code from your authenticator app'}
          hint={recovery ? 'Each recovery code works once.' : 'Six digits. A new one appears every 30 seconds.'}
          error={error}
        >
          {(p) => (
            <CodeInput
              {...p}
              ref={input}
              kind={recovery ? 'recovery' : 'app'}
              className={recovery ? 'input' : 'input adm-2fa-code'}
              value={code}
              aria-required="true"
              onChange={(e) => setCode(e.target.value)}
            />
          )}
        </Field>
        <div>
          <Button variant="link" onClick={switchKind}>
            {recovery ? 'Use the code from your app' : 'Use a recovery code'}
          </Button>
        </div>
        <ModalFormActions onCancel={onCancel} cancelDisabled={busy} submitLabel={busy ? 'Checking…' : 'Confirm'} icon="lock" busy={busy} />
      </form>
    </Modal>
  )
}
