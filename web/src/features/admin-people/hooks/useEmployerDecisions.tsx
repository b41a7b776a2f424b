/**
 * The decisions about employers, shared by the employers list and an employer's page: `ask`
 * opens the dialog for one decision (a confirmation for approve and reinstate, a reason for reject
 * and suspend), and `dialog` is that dialog, for the screen to render where it stays mounted. It
 * must not live in a table row: a decision can move the row out of the list before the request's
 * callbacks run.
 */
import { useCallback, useState } from 'react'
import { ConfirmDecisionDialog, ReasonDialog } from '../components/EmployerDecisionDialogs'
import type { EmployerAction } from '../model/employerFilters'
import type { AdminEmployer } from '../types'

export type EmployerDecision = { employer: AdminEmployer; action: EmployerAction }

export function useEmployerDecisions() {
  const [asked, setAsked] = useState<EmployerDecision | null>(null)
  const close = useCallback(() => setAsked(null), [])
  const dialog =
    asked === null ? null : asked.action === 'reject' || asked.action === 'suspend' ? (
      <ReasonDialog employer={asked.employer} action={asked.action} onClose={close} />
    ) : (
      <ConfirmDecisionDialog employer={asked.employer} action={asked.action} onClose={close} />
    )
  return { ask: setAsked, dialog }
}
