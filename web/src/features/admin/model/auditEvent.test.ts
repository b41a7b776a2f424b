import { describe, expect, it } from 'vitest'
import { actorLabel, eventSummary, eventSummaryParts, humaniseType, shortStream, streamKind } from './auditEvent'
import { jsonLines } from './json'
import { eventQuote } from './activity'
import { formatInstant as formatInstantWithZone } from './auditEvent'

describe('audit event summaries', () => {
  it('turns type names into words', () => {
    expect(humaniseType('JobPosted')).toBe('Job posted')
    expect(humaniseType('ApplicationStageChanged')).toBe('Application stage changed')
    expect(humaniseType('CVUploaded')).toBe('CV uploaded')
  })
  it('says two-factor for Totp, and never shows the type name', () => {
    expect(humaniseType('TotpCodeAccepted')).toBe('Two-factor code accepted')
    expect(humaniseType('TotpEnrolmentStarted')).toBe('Two-factor enrolment started')
    for (const type of ['TotpCodeAccepted', 'TotpTurnedOff', 'JobClosedByAgency', 'RecoveryCodeUsed']) {
      expect(humaniseType(type)).not.toContain('(')
      expect(humaniseType(type)).not.toContain(type)
      expect(humaniseType(type)).not.toMatch(/Totp/i)
    }
  })
  it('names the actor with a role, and never shows an erased name', () => {
    expect(actorLabel({ actor_name: 'Ada Admin', actor_role: 'admin', actor_id: 'x' })).toBe('Ada Admin (Admin)')
    expect(actorLabel({ actor_name: null, actor_role: 'policy', actor_id: null })).toBe('Automatic rule')
    expect(actorLabel({ actor_name: '[erased]', actor_role: 'candidate', actor_id: 'x' })).toBe('Erased person (Candidate)')
    expect(actorLabel({ actor_name: null, actor_role: null, actor_id: null })).toBe('System')
    // no name came with it: never a piece of the id
    expect(actorLabel({ actor_name: null, actor_role: 'admin', actor_id: '0190abcd-1234' })).toBe('Someone (Admin)')
  })
  it('reads the kind of a stream from its id', () => {
    expect(streamKind('job-0190abcd-1234')).toBe('job')
    expect(shortStream('application-0190abcd12345678')).toBe('application-0190abcd…')
  })
  it('summarises the telling fields of a payload', () => {
    expect(eventSummary({ title: 'Data engineer', location_id: 'x' })).toBe('Data engineer')
    expect(eventSummary({ from_stage: 'new', to_stage: 'screening' })).toBe('new → screening')
    expect(eventSummary({ stage: 'interview', previous: 'screening', feedback: null })).toBe('screening → interview')
    expect(eventSummary({ details: { title: 'Cloud lead' } })).toBe('Cloud lead')
    expect(eventSummary({ reason: 'Duplicate listing' })).toBe('“Duplicate listing”')
    expect(eventSummary({ name: '[erased]' })).toBe('[erased]')
    expect(eventSummaryParts({ stage: 'new', previous: 'new', feedback: '[erased]' })).toEqual(['new → new', '[erased]'])
    expect(eventSummary({})).toBe('')
  })
})

describe('pretty payload lines', () => {
  it('indents like JSON and marks erased values', () => {
    const lines = jsonLines({ name: '[erased]', tags: ['a'], n: 1 })
    expect(lines.map((l) => `${'  '.repeat(l.indent)}${l.key ? `"${l.key}": ` : ''}${l.text}${l.comma ? ',' : ''}`).join('\n')).toBe(
      JSON.stringify({ name: '[erased]', tags: ['a'], n: 1 }, null, 2),
    )
    expect(lines.filter((l) => l.erased).map((l) => l.key)).toEqual(['name'])
  })
})

describe('what a decision told someone', () => {
  it('quotes feedback and reasons by event type, erased text as erased', () => {
    expect(eventQuote({ event_type: 'ApplicationMoved', payload: { stage: 'rejected', feedback: ' Strong Rust, but we need on-call. ' } })).toEqual({
      label: 'Feedback to the candidate',
      text: 'Strong Rust, but we need on-call.',
    })
    expect(eventQuote({ event_type: 'EmployerSuspended', payload: { reason: 'Fake listings' } })?.label).toBe('Reason sent to the employer')
    expect(eventQuote({ event_type: 'EmployerApproved', payload: { note: 'ABN checked' } })).toEqual({ label: 'What was checked', text: 'ABN checked' })
    expect(eventQuote({ event_type: 'EmployerApproved', payload: {} })).toBeNull()
    expect(eventQuote({ event_type: 'ApplicationMoved', payload: { feedback: '[erased]' } })?.text).toBe('Removed with the candidate’s personal data')
    expect(eventQuote({ event_type: 'ApplicationMoved', payload: { feedback: null } })).toBeNull()
    expect(eventQuote({ event_type: 'EmployerApproved', payload: { reason: 'not a field of it' } })).toBeNull()
    expect(eventQuote({ event_type: 'NotificationRaised', payload: { title: 'Update', message: 'Your application won’t go further.' } })).toEqual({
      label: 'What they read',
      text: 'Your application won’t go further.',
    })
  })
})

describe('times an auditor can quote', () => {
  it('name their zone', () => {
    const zone = new Intl.DateTimeFormat('en-AU', { timeZoneName: 'short' }).formatToParts(new Date('2026-03-03T03:05:09Z')).find((p) => p.type === 'timeZoneName')!.value
    expect(formatInstantWithZone('2026-03-03T03:05:09Z').endsWith(zone)).toBe(true)
  })

  it('keep their seconds, but for lists leave them out', () => {
    expect(formatInstantWithZone('2026-03-03T03:05:09Z')).toContain(':09')
    expect(formatInstantWithZone('2026-03-03T03:05:09Z', { seconds: false })).not.toContain(':09')
  })
})
