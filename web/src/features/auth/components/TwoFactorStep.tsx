/**
 * The second step of an admin's sign-in when two-factor sign-in is on: the six-digit code from the
 * authenticator app, or one of the recovery codes (the server takes either in the same field).
 * Lives in the sign-in card, under the same heading; "Start again" goes back to the password.
 */
import { useId } from 'react'
import { useTwoFactorLogin, type LoginResult } from '../api/login'
import { Button } from '../../../components/ui/Button'
import { CodeInput } from '../../../components/ui/CodeInput'
import { Field } from '../../../components/ui/Field'
import { useCodeEntry } from '../../../hooks/useCodeEntry'
import { FormAlert } from './AuthCard'

type Props = {
  challenge: string
  onSignedIn: (result: Extract<LoginResult, { success: true }>) => void
  /** the challenge has timed out (or the user wants to): back to email and password, with a message or none */
  onStartAgain: (message: string | null) => void
}

export function TwoFactorStep({ challenge, onSignedIn, onStartAgain }: Props) {
  const id = useId()
  const verify = useTwoFactorLogin()
  const { code, setCode, recovery, switchKind, error: failure, input, submit } = useCodeEntry(async (value) => {
    const result = await verify.mutateAsync({ challenge, code: value })
    if (result.success) {
      onSignedIn(result)
      return null
    }
    if ('expired' in result && result.expired) {
      onStartAgain(result.message)
      return null
    }
    return result.message
  })

  return (
    <form onSubmit={submit} noValidate className="auth-form" aria-labelledby={`${id}-title`}>
      <div className="auth-step">
        <h2 id={`${id}-title`} className="auth-step-title">
          Two-factor sign-in
        </h2>
        <p className="auth-step-text">
          {recovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.'
            : 'Your password is right. Now open your authenticator app and enter the six-digit code it shows for Harbour IT Recruitment.'}
        </p>
      </div>
      {failure ? <FormAlert kind="error">{failure}</FormAlert> : null}
      <Field
        id={id}
        label={recovery ? 'Recovery code' : 'Code from your authenticator app'}
        hint={recovery ? 'Each recovery code works once.' : 'No phone handy? One of your recovery codes works here too.'}
      >
        {(control) => (
          <CodeInput
            {...control}
            ref={input}
            kind={recovery ? 'recovery' : 'app'}
            className={recovery ? 'input auth-code auth-code-recovery' : 'input auth-code'}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={!code.trim()} busy={verify.isPending}>
        {verify.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <div className="auth-step-links">
        <Button variant="link" onClick={switchKind}>
          {recovery ? 'Use the code from your app' : 'Use a recovery code'}
        </Button>
        <Button variant="link" onClick={() => onStartAgain(null)}>
          Start again
        </Button>
      </div>
    </form>
  )
}
