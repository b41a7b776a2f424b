import { describe, expect, it } from 'vitest'
import { endsWithSignOff, replyMailBody, replyNotes, startsWithGreeting } from './replyMail'

describe('the reply mail', () => {
  it('is the body commands/src/contact.rs sends: greeting, the trimmed reply, the agency’s sign-off', () => {
    expect(replyMailBody('Marcus', '  Thanks for getting in touch.\r\nWe’ll call you tomorrow.\n\n')).toBe(
      'Hi Marcus,\n\nThanks for getting in touch.\nWe’ll call you tomorrow.\n\nHarbour IT Recruitment, Sydney\n',
    )
  })
})

describe('a reply that brings its own greeting or sign-off', () => {
  it.each(['Hi Marcus,', 'hello there', 'Dear Mr Lee,', "G'day Marcus", 'G’day!', 'Hey,', 'Good morning Marcus'])('“%s” opens with a greeting', (first) => {
    expect(startsWithGreeting(`${first}\nThanks for your message.`)).toBe(true)
  })

  it.each(['Thanks Marcus, the hiring manager is reviewing applications.', 'History suggests…', 'Here is the link.', 'Highly recommend applying.'])(
    '“%s” does not',
    (first) => expect(startsWithGreeting(first)).toBe(false),
  )

  it.each(['Kind regards,\nJordan', 'Cheers', 'Thanks!', 'Many thanks,\nJordan Blake', 'Best wishes', 'Regards\nJordan Blake, Harbour IT'])('ends “…%s” with a sign-off', (end) => {
    expect(endsWithSignOff(`We’ll call you tomorrow.\n\n${end}`)).toBe(true)
  })

  it.each(['We’ll call you tomorrow.', 'Thanks!\nWe’ll call you tomorrow.', 'Thanks for your patience while we look into it.'])('“%s” has none', (text) => {
    expect(endsWithSignOff(text)).toBe(false)
  })

  it('says gently what the mail already has, and nothing for a plain message', () => {
    expect(replyNotes('Marcus', 'Hi Marcus,\nWe’ll call you.\nCheers,\nJordan')).toEqual([
      'The email already opens with “Hi Marcus,”, so you can leave out your own greeting.',
      'The email already ends with “Harbour IT Recruitment, Sydney”, so you can leave out your own sign-off.',
    ])
    expect(replyNotes('Marcus', 'We’ll call you tomorrow.')).toEqual([])
    expect(replyNotes('Marcus', '')).toEqual([])
  })
})
