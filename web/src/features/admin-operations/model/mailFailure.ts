/**
 * Why a mail was not delivered, in plain words, from the error the sender kept (api/src/mail.rs):
 * a receiving server's SMTP reply ("550 5.1.1 <…>: Recipient address rejected: User unknown", or
 * as lettre words it, "permanent error (550): 5.1.1 …") or a failure to reach one. The raw text
 * stays on screen beside the reading; an error nobody has read yet gets no reading (null).
 */

/** A reading of a failure: what happened, and whether sending again as it is is likely to work. */
export type MailFailureReading = { summary: string; retryLikelyHelps: boolean }

/** The SMTP reply code: at the start ("550 …") or as lettre words it ("permanent error (550)"). */
const REPLY_CODE = /(?:^\s*|error \()([245]\d\d)\b/i
/** The enhanced status code (RFC 3463), "5.1.1". */
const ENHANCED_CODE = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/

const READINGS = {
  noSuchAddress: { summary: 'Their mail server says this address does not exist. Check it with them before sending again.', retryLikelyHelps: false },
  noSuchDomain: {
    summary: 'The part of the address after the @ does not exist, so there was nowhere to deliver it. Check the address for a typo before sending again.',
    retryLikelyHelps: false,
  },
  badAddress: { summary: 'The address is not written correctly, so it could not be sent. Check it for a typo before sending again.', retryLikelyHelps: false },
  mailboxFull: {
    summary: 'Their mailbox is full. Sending again only works once they have cleared some space, so it may be worth letting them know another way.',
    retryLikelyHelps: false,
  },
  refused: {
    summary: 'Their mail server turned it away under its own rules, often a spam filter. Sending again rarely helps; reach them another way first.',
    retryLikelyHelps: false,
  },
  busy: { summary: 'Their server was busy; sending again usually works.', retryLikelyHelps: true },
  unreachable: { summary: 'The mail server could not be reached at the time. This usually passes, so sending again usually works.', retryLikelyHelps: true },
} satisfies Record<string, MailFailureReading>

/** The plain-words reading of a delivery error, or null when it is not one we recognise. */
export function readMailFailure(raw: string | null | undefined): MailFailureReading | null {
  const text = raw?.trim()
  if (!text) return null
  const lower = text.toLowerCase()
  const code = REPLY_CODE.exec(text)?.[1] ?? null
  const enhanced = ENHANCED_CODE.exec(text)
  const [cls, subject, detail] = enhanced ? [enhanced[1], Number(enhanced[2]), Number(enhanced[3])] : [null, null, null]
  const has = (...words: string[]) => words.some((w) => lower.includes(w))

  if (/recipient is not a valid address|invalid address|bad address syntax/.test(lower) || (subject === 1 && detail === 3) || code === '553') return READINGS.badAddress
  if ((subject === 2 && detail === 2) || code === '552' || has('mailbox full', 'mailbox is full', 'over quota', 'quota exceeded')) return READINGS.mailboxFull
  if ((subject === 1 && detail === 2) || has('no such domain', 'domain not found', 'host not found', 'nxdomain', 'failed to resolve', 'host unknown'))
    return READINGS.noSuchDomain
  if (
    (subject === 1 && (detail === 1 || detail === 10)) ||
    ((code === '550' || code === '551') && (subject === null || subject === 1) && has('user unknown', 'unknown user', 'no such user', 'does not exist', 'address rejected', 'mailbox unavailable', 'not found'))
  )
    return READINGS.noSuchAddress
  if ((cls === '5' && subject === 7) || code === '554' || has('spam', 'blocklist', 'blacklist', 'blocked'))
    return READINGS.refused
  if (cls === '4' || code?.startsWith('4') || has('try again later', 'temporarily', 'greylist', 'too many connections')) return READINGS.busy
  if (has('timed out', 'connection refused', 'connection reset', 'connection error', 'network error', 'could not connect')) return READINGS.unreachable
  return null
}
