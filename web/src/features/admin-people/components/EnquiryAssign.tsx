/**
 * Who follows an enquiry up: a choice of staff and an Assign button. Choosing saves nothing (so
 * arrowing through the list with the keyboard is safe); Assign does, and focus stays on it.
 */
import { useState } from 'react'
import { Button } from '../../../components/ui/Button'
import { Field } from '../../../components/ui/Field'
import { Select } from '../../../components/ui/Select'
import { useToast } from '../../../components/ui/toast'
import { serverMessageOr } from '../../../lib/server-message'
import type { AdminAccount } from '../../admin'
import { useEnquiryAction } from '../api/enquiry-actions'
import type { Enquiry } from '../types'

export function EnquiryAssign({ enquiry, name, staff }: { enquiry: Enquiry; name: string; staff: AdminAccount[] }) {
  const act = useEnquiryAction()
  const { push } = useToast()
  const saved = enquiry.assigned_to ?? ''
  // null: show whoever it is assigned to now (it may change under us, from a colleague)
  const [choice, setChoice] = useState<string | null>(null)
  const chosen = choice ?? saved
  const person = staff.find((s) => s.id === chosen)
  const saving = act.isPending
  const ready = chosen !== '' && chosen !== saved && !saving

  const assign = () => {
    if (!ready || !person) return
    act.mutate(
      { id: enquiry.id, action: 'assign', adminId: person.id },
      {
        onSuccess: () => {
          setChoice(null)
          push({ kind: 'success', title: 'Enquiry assigned', message: `${name}’s enquiry is now with ${person.is_you ? 'you' : person.name}.` })
        },
        onError: (err) => push({ kind: 'error', title: 'Could not assign', message: serverMessageOr(err, 'Please try again.') }),
      },
    )
  }

  return (
    <Field
      label="Assigned to"
      className="adm-assign"
      hint={chosen !== saved && person ? `Not saved yet: choose Assign to pass it to ${person.is_you ? 'yourself' : person.name}.` : undefined}
    >
      {(control) => (
        <span className="adm-assign-row">
          <Select
            {...control}
            value={chosen}
            placeholder="Choose a member of staff"
            options={staff.map((s) => ({ value: s.id, label: s.is_you ? `${s.name} (you)` : s.name }))}
            onChange={(ev) => setChoice(ev.target.value)}
          />
          {/* never disabled: a disabled button drops the keyboard's focus to the page */}
          <Button size="sm" variant="secondary" aria-disabled={!ready} aria-busy={saving || undefined} aria-label={`Assign ${name}’s enquiry`} onClick={assign}>
            Assign
          </Button>
        </span>
      )}
    </Field>
  )
}
