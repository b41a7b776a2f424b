/**
 * The one thing a rejection asks the team for itself: why the applicant (or applicants) isn't going
 * ahead, one of the server's reasons in its own words. It goes with the move for the team's
 * reports; the candidate never sees it, and it is not in the email (the hint says so only when an
 * email is going: not for an erased applicant, nor with the email unticked). It must be chosen:
 * Reject without one says so on the field and sends nothing.
 */
import { useState, type ReactNode } from 'react'
import { SelectField } from '../../../components/ui/Select'
import { useRejectionReasons } from '../api/get-rejection-reasons'
import type { RejectionReason } from '../types'

/** The empty choice the select starts on, and what the field says when Reject is pressed on it. */
const CHOOSE_A_REASON = 'Choose a reason'
const REASON_HINT = 'Only your hiring team sees this.'
const NOT_IN_THE_EMAIL = ' It’s not in the email.'
const NOT_LOADED = 'The reasons didn’t load. Press Reject to try again.'

/**
 * The field for rejecting `count` applicants with one reason (`emailing`: whether the rejection
 * email goes): `field` goes in the dialog's form; at submit, `chosen()` is the reason, or null once
 * the field says what is missing.
 */
export function useReasonField(count: number, emailing: boolean): { field: ReactNode; chosen: () => RejectionReason | null } {
  const reasons = useRejectionReasons()
  const [reason, setReason] = useState<RejectionReason | ''>('')
  const [missing, setMissing] = useState(false)
  const chosen = () => {
    if (reason) return reason
    if (reasons.isError) void reasons.refetch()
    setMissing(true)
    return null
  }
  const field = (
    <SelectField
      label={count === 1 ? 'Why isn’t this applicant going ahead?' : 'Why aren’t these applicants going ahead?'}
      hint={emailing ? REASON_HINT + NOT_IN_THE_EMAIL : REASON_HINT}
      error={reasons.isError ? NOT_LOADED : missing ? CHOOSE_A_REASON : null}
      aria-required="true"
      value={reason}
      placeholder={CHOOSE_A_REASON}
      options={(reasons.data ?? []).map((r) => ({ value: r.reason, label: r.label }))}
      onChange={(e) => {
        setReason(e.target.value as RejectionReason | '')
        setMissing(false)
      }}
    />
  )
  return { field, chosen }
}
