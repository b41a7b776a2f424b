/** POST /api/contact: the contact form message (SPEC 3, 7.8; docs/API.md). */
import { useMutation } from '@tanstack/react-query'
import type { ApiReply } from '../../../api'
import { apiFetch } from '../../../lib/api'
import type { ContactFields } from '../../../lib/validation'

export const CONTACT_RECIPIENT = 'Harbour IT Recruitment'

export type ContactPayload = ContactFields & { to_name: string; from_name: string }

export function contactPayload(fields: ContactFields): ContactPayload {
  const trimmed = {
    firstName: fields.firstName.trim(),
    lastName: fields.lastName.trim(),
    email: fields.email.trim(),
    phone: fields.phone.trim(),
    message: fields.message.trim(),
  }
  return { ...trimmed, to_name: CONTACT_RECIPIENT, from_name: `${trimmed.firstName} ${trimmed.lastName}` }
}

export const sendContactMessage = (fields: ContactFields) =>
  apiFetch<ApiReply<'send'>>('/api/contact', { method: 'POST', body: contactPayload(fields) })

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage })
