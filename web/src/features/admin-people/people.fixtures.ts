/** Test fixture: an open enquiry from the public contact form (Olivia Tran's, m1), unassigned and unanswered. */
import type { Enquiry } from './types'

export const OPEN_ENQUIRY: Enquiry = {
  id: 'm1',
  first_name: 'Olivia',
  last_name: 'Tran',
  email: 'olivia@example.com',
  phone: null,
  message: 'Do you place contract data engineers in Melbourne?',
  received_at: '2026-11-20T00:00:00Z',
  assigned_to: null,
  replies: 0,
  last_reply_at: null,
  handled_at: null,
}
