/**
 * The buttons for one employer, in a list row or at the top of its page: the decisions its status
 * allows (each asks first, through useEmployerDecisions), then export and erase.
 */
import { Button } from '../../../components/ui/Button'
import type { EmployerDecision } from '../hooks/useEmployerDecisions'
import { employerName, isErasedEmployer } from '../model/employer'
import { employerActions } from '../model/employerFilters'
import type { AdminEmployer } from '../types'
import { PersonDataActions } from './PersonDataActions'

type Props = { employer: AdminEmployer; onAsk: (d: EmployerDecision) => void; size?: 'sm' | 'md' }

export function EmployerActions({ employer: e, onAsk, size = 'sm' }: Props) {
  const actions = employerActions(e.status)
  const name = employerName(e)
  const ask = (action: EmployerDecision['action']) => () => onAsk({ employer: e, action })
  return (
    <>
      {actions.includes('approve') ? (
        <Button size={size} icon="check" onClick={ask('approve')} aria-label={`Approve ${name}`}>
          Approve
        </Button>
      ) : null}
      {actions.includes('reject') ? (
        <Button size={size} variant="outline" onClick={ask('reject')} aria-label={`Reject ${name}`}>
          Reject
        </Button>
      ) : null}
      {actions.includes('suspend') ? (
        <Button size={size} variant="danger" onClick={ask('suspend')} aria-label={`Suspend ${name}`}>
          Suspend
        </Button>
      ) : null}
      {actions.includes('reinstate') ? (
        <Button size={size} variant="secondary" icon="reopen" onClick={ask('reinstate')} aria-label={`Reinstate ${name}`}>
          Reinstate
        </Button>
      ) : null}
      <PersonDataActions id={e.id} name={name} erased={isErasedEmployer(e)} size={size} />
    </>
  )
}
