import { describe, expect, it } from 'vitest'
import { recheckDelay, sessionStatus } from './sessionTimer'

// a one-hour token issued at t=0
const claims = { iat: 0, exp: 3600 }
const atSecondsLeft = (left: number) => (3600 - left) * 1000

describe('employer session status', () => {
  it('is active with more than 25% of the lifetime left', () => {
    const s = sessionStatus(claims, atSecondsLeft(901))
    expect(s.status).toBe('active')
    expect(s.message).toBeNull()
  })
  it('warns at exactly 25% left, giving minutes', () => {
    const s = sessionStatus(claims, atSecondsLeft(900))
    expect(s.status).toBe('warning')
    expect(s.message).toBe('Your session expires in 15 minutes')
  })
  it('is critical at 10% left, giving seconds', () => {
    const s = sessionStatus(claims, atSecondsLeft(360))
    expect(s.status).toBe('critical')
    expect(s.message).toBe('Your session expires in 360 seconds')
    expect(sessionStatus(claims, atSecondsLeft(361)).status).toBe('warning')
  })
  it("is expired with 'Session expired' at or after exp", () => {
    expect(sessionStatus(claims, atSecondsLeft(0))).toMatchObject({ status: 'expired', message: 'Session expired' })
    expect(sessionStatus(claims, atSecondsLeft(-10)).status).toBe('expired')
  })
  it('treats an unreadable token as expired', () => {
    expect(sessionStatus(null, 0).status).toBe('expired')
  })
})

describe('recheck cadence', () => {
  it('rechecks every 240000 ms while more than 60 s remain', () => {
    expect(recheckDelay(61)).toBe(240000)
    expect(sessionStatus(claims, atSecondsLeft(3000)).nextCheckMs).toBe(240000)
  })
  it('rechecks every 1000 ms at 60 s or less', () => {
    expect(recheckDelay(60)).toBe(1000)
    expect(sessionStatus(claims, atSecondsLeft(30)).nextCheckMs).toBe(1000)
  })
})
