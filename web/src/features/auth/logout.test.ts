import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ADMIN_RELOAD_DELAY_MS, logoutAdmin, logoutTo } from './logout'

describe('logout', () => {
  beforeEach(() => {
    localStorage.clear()
    vi.useRealTimers()
  })

  it('admin: clears jwtToken and adminUser, goes to /login and reloads after 100 ms', () => {
    vi.useFakeTimers()
    localStorage.setItem('jwtToken', 't')
    localStorage.setItem('adminUser', '{}')
    const navigate = vi.fn()
    const reload = vi.fn()
    logoutAdmin(navigate, reload)
    expect(localStorage.getItem('jwtToken')).toBeNull()
    expect(localStorage.getItem('adminUser')).toBeNull()
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true })
    vi.advanceTimersByTime(ADMIN_RELOAD_DELAY_MS - 1)
    expect(reload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(reload).toHaveBeenCalledOnce()
    expect(ADMIN_RELOAD_DELAY_MS).toBe(100)
  })

  it('candidate: removes authToken and candidateData and goes to /candidate/login', () => {
    localStorage.setItem('authToken', 't')
    localStorage.setItem('candidateData', '{}')
    const navigate = vi.fn()
    logoutTo('candidate', navigate)
    expect(localStorage.getItem('authToken')).toBeNull()
    expect(localStorage.getItem('candidateData')).toBeNull()
    expect(navigate).toHaveBeenCalledWith('/candidate/login', { replace: true })
  })

  it("employer expiry: goes to /login carrying 'Session expired'", () => {
    const navigate = vi.fn()
    logoutTo('employer', navigate, 'Session expired')
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true })
    expect(sessionStorage.getItem('sessionNotice')).toBe('Session expired')
  })
})
