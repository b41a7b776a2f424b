/** GET /api/admin/contact-messages?status=open|handled: the newest 200 enquiries from the contact form. */
import { useQuery } from '@tanstack/react-query'
import { adminFetch, asList } from '../../admin'
import { inboxStatusQuery, type InboxFilter } from '../model/listFilters'
import type { Enquiry } from '../types'
import { peopleKeys } from './keys'

export async function getEnquiries(f: InboxFilter, signal?: AbortSignal): Promise<Enquiry[]> {
  const status = inboxStatusQuery(f)
  return asList<Enquiry>(await adminFetch<unknown>(`/api/admin/contact-messages${status ? `?status=${status}` : ''}`, { signal }))
}

export const useEnquiries = (f: InboxFilter) => useQuery({ queryKey: peopleKeys.enquiryList(f), queryFn: ({ signal }) => getEnquiries(f, signal) })
