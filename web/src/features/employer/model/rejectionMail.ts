/**
 * The email a rejection becomes when the manager asks for the candidate to be emailed, so the
 * reject dialog can show it exactly as it goes out.
 */
import { hostFor } from '../../../lib/host'

/** The agency's sign-off under the mail. */
export const REJECTION_SIGN_OFF = 'Harbour IT Recruitment, Sydney'

export type RejectionMail = { subject: string; body: string }

/** What the mail is built from: the candidate's name, the job, the feedback as typed and the public site's address. */
export type RejectionMailInput = { name: string; title: string; company: string; feedback?: string; publicUrl: string }

export const rejectionSubject = (title: string, company: string) => `Your application for ${title} at ${company}`

/** The first word of the candidate's name, or "there" for a name with no words. */
export const rejectionFirstName = (name: string) => name.trim().split(/\s+/)[0] || 'there'

/** The feedback as the server keeps it: trimmed, with Windows line ends made plain (domain validation). */
export const feedbackAsSent = (feedback: string) => feedback.trim().replace(/\r\n/g, '\n')

/**
 * The mail as commands/src/applications.rs (not_progressed) writes it: the feedback paragraph
 * only when there is feedback, and the public site's address without its trailing slash.
 */
export function rejectionMail({ name, title, company, feedback = '', publicUrl }: RejectionMailInput): RejectionMail {
  const kept = feedbackAsSent(feedback)
  const pub = publicUrl.replace(/\/+$/, '')
  const added = kept ? `A note from the hiring team at ${company}:\n\n${kept}\n\n` : ''
  return {
    subject: rejectionSubject(title, company),
    body:
      `Hi ${rejectionFirstName(name)},\n\n` +
      `Thank you for applying for ${title} at ${company}. The hiring team has decided not to take your application further this time.\n\n` +
      added +
      `This doesn't close any other door: every open role is at ${pub}/jobs/find, and a job alert will email you new ones that match what you're after.\n\n` +
      `The application stays in My Applications: ${pub}/candidate/dashboard/applications\n\n` +
      `${REJECTION_SIGN_OFF}\n`,
  }
}

/** The public site's address as seen from this workspace's host (employer.example -> example). */
export const publicSiteUrl = (location: { protocol: string; hostname: string; port: string } = window.location) => hostFor('public', location)
