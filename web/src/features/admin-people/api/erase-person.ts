/**
 * An admin erases someone's personal data (issue 12): POST /api/admin/people/{id}/erase for a
 * candidate or employer account, POST /api/admin/contact-messages/{id}/erase for a contact-form
 * sender, both with exactly {grounds}. The erasure record keeps who erased, when and the grounds,
 * and no free text, because the record is never erased and outlives the person. 403 "Turn on two-factor sign-in before erasing anyone",
 * 404 "No such person", 422 "Choose the grounds for this erasure"; 200 with status "erased" or
 * "already_erased". An erasure changes every list of people, so all admin queries are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminKeys, adminPost, seg } from '../../admin'
import type { ErasureReceipt } from '../../privacy'
import type { ChosenGrounds, ErasureTarget } from '../model/erasure'

export type EraseRequest = { target: ErasureTarget; grounds: ChosenGrounds }

export function erasePerson({ target, grounds }: EraseRequest): Promise<ErasureReceipt> {
  const path = target.kind === 'contact_message' ? `/api/admin/contact-messages/${seg(target.id)}/erase` : `/api/admin/people/${seg(target.id)}/erase`
  return adminPost<ErasureReceipt>(path, { grounds })
}

export function useErasePerson() {
  const qc = useQueryClient()
  return useMutation({ mutationFn: erasePerson, onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }) })
}
