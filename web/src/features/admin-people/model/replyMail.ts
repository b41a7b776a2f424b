/**
 * The mail a reply to an enquiry becomes, so the reply form can show it exactly as it goes out,
 * and the gentle notes for a reply that brings its own greeting or sign-off (the mail adds both).
 */

/** The agency's sign-off under every reply. */
export const REPLY_SIGN_OFF = 'Harbour IT Recruitment, Sydney'
export const REPLY_SUBJECT = 'Re: your enquiry to Harbour IT Recruitment'

/** The opening line the mail adds above the reply. */
export const replyGreeting = (firstName: string) => `Hi ${firstName},`

/**
 * The body of the mail, as commands/src/contact.rs (reply_to_contact_message) writes it: the
 * server keeps the reply trimmed, with Windows line ends made plain (domain validation), and puts
 * the greeting above it and the sign-off below.
 */
export function replyMailBody(firstName: string, reply: string): string {
  const { greeting, message, signOff } = replyMailParts(firstName, reply)
  return `${greeting}\n\n${message}\n\n${signOff}\n`
}

/** The three parts of the mail's body, for a preview that shows each as it will read. */
export function replyMailParts(firstName: string, reply: string) {
  return { greeting: replyGreeting(firstName), message: replyAsSent(reply), signOff: REPLY_SIGN_OFF }
}

/** The reply as the server keeps it. */
export const replyAsSent = (reply: string) => reply.trim().replace(/\r\n/g, '\n')

const GREETING = /^(hi|hiya|hey|hello|dear|g[’']?day|good (morning|afternoon|evening)|greetings)\b/i
const SIGN_OFF =
  /^(((kind|warm|warmest|best|many|with)\s+)?(regards|thanks|wishes)|thanks( again| so much)?|thank you|cheers|best|sincerely|yours( sincerely| truly| faithfully)?|all the best|talk soon|speak soon|ta)\b[\s,.!]*$/i

/** Whether the reply opens with a greeting of its own ("Hi Marcus,", "G'day", "Dear Ms Lee"). */
export function startsWithGreeting(reply: string): boolean {
  const first = replyAsSent(reply).split('\n')[0] ?? ''
  return GREETING.test(first.trim())
}

/** A last line that reads as a name under a sign-off ("Jordan", "Jordan Blake, Harbour IT"), not a sentence. */
const NAME_LINE = /^[^.?!]{1,60}$/

/**
 * Whether the reply closes with a sign-off of its own: "Kind regards," or "Cheers" as its last
 * line, or just above a name.
 */
export function endsWithSignOff(reply: string): boolean {
  const lines = replyAsSent(reply)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  const [before, last] = lines.length > 1 ? lines.slice(-2) : [undefined, lines[0]]
  if (last === undefined) return false
  return SIGN_OFF.test(last) || (before !== undefined && SIGN_OFF.test(before) && NAME_LINE.test(last) && last.split(/\s+/).length <= 5)
}

/** The notes shown beside the reply box, for what the mail adds anyway. */
export function replyNotes(firstName: string, reply: string): string[] {
  const notes: string[] = []
  if (startsWithGreeting(reply)) notes.push(`The email already opens with “${replyGreeting(firstName)}”, so you can leave out your own greeting.`)
  if (endsWithSignOff(reply)) notes.push(`The email already ends with “${REPLY_SIGN_OFF}”, so you can leave out your own sign-off.`)
  return notes
}
