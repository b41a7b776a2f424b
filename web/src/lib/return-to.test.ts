import { describe, expect, it } from 'vitest'
import { returnPath, safeReturnPath, withReturnPath } from './return-to'

describe('coming back after signing in (?to=)', () => {
  it("takes a page of the role's own signed-in area, with its query", () => {
    expect(safeReturnPath('candidate', '/candidate/dashboard/applications')).toBe('/candidate/dashboard/applications')
    expect(safeReturnPath('candidate', '/candidate/dashboard/jobs?view=saved&page=2')).toBe('/candidate/dashboard/jobs?view=saved&page=2')
    expect(safeReturnPath('candidate', '/candidate/dashboard')).toBe('/candidate/dashboard')
    expect(safeReturnPath('employer', '/dashboard/jobs/123')).toBe('/dashboard/jobs/123')
    expect(safeReturnPath('admin', '/dashboard/audit?type=JobPublished')).toBe('/dashboard/audit?type=JobPublished')
  })

  it('refuses anything that could lead to another site (no open redirect)', () => {
    for (const bad of [
      'https://evil.example',
      'https://evil.example/candidate/dashboard',
      'http:/candidate/dashboard',
      'javascript:alert(1)',
      'data:text/html,hi',
      '//evil.example',
      '//evil.example/candidate/dashboard',
      '///evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /candidate/dashboard',
      'candidate/dashboard',
      '',
    ]) {
      expect(safeReturnPath('candidate', bad), JSON.stringify(bad)).toBeNull()
      expect(safeReturnPath('admin', bad), JSON.stringify(bad)).toBeNull()
    }
    expect(safeReturnPath('candidate', null)).toBeNull()
    expect(safeReturnPath('candidate', `/candidate/dashboard/${'x'.repeat(2000)}`)).toBeNull()
  })

  it("refuses a same-site page outside the role's area, however it is dressed up", () => {
    for (const bad of [
      '/',
      '/about',
      '/candidate/login',
      '/candidate/dashboardx',
      '/candidate/dashboard@evil.example',
      '/candidate/dashboard/../../admin',
      '/candidate/dashboard/%2e%2e/%2E%2E/about',
      '/candidate/dashboard/./../login',
      '/Candidate/Dashboard',
      '/dashboard/jobs',
    ]) {
      expect(safeReturnPath('candidate', bad), bad).toBeNull()
    }
    // one role's pages are not another's
    expect(safeReturnPath('employer', '/candidate/dashboard/jobs')).toBeNull()
    expect(safeReturnPath('admin', '/login')).toBeNull()
    expect(safeReturnPath('admin', '/components')).toBeNull()
  })

  it('drops a fragment and tidies dot segments that stay inside the area', () => {
    expect(safeReturnPath('candidate', '/candidate/dashboard/jobs#top')).toBe('/candidate/dashboard/jobs')
    expect(safeReturnPath('candidate', '/candidate/dashboard/profile/../documents')).toBe('/candidate/dashboard/documents')
  })

  it('reads the parameter back from a query string', () => {
    expect(returnPath('candidate', '?to=/candidate/dashboard/applications')).toBe('/candidate/dashboard/applications')
    expect(returnPath('candidate', new URLSearchParams({ to: '/candidate/dashboard/jobs?view=saved' }))).toBe('/candidate/dashboard/jobs?view=saved')
    expect(returnPath('candidate', '?to=https%3A%2F%2Fevil.example')).toBeNull()
    expect(returnPath('candidate', '?to=%2F%2Fevil.example')).toBeNull()
    expect(returnPath('candidate', '?to=alerts')).toBeNull()
    expect(returnPath('candidate', '')).toBeNull()
  })

  it('writes it readably, round-trips a query, and leaves it out for the default landing or a bad target', () => {
    const login = withReturnPath('/candidate/login', 'candidate', '/candidate/dashboard/jobs?view=saved&title=react dev')
    expect(login).toBe('/candidate/login?to=/candidate/dashboard/jobs%3Fview%3Dsaved%26title%3Dreact%2520dev')
    expect(returnPath('candidate', login.slice(login.indexOf('?')))).toBe('/candidate/dashboard/jobs?view=saved&title=react%20dev')
    expect(withReturnPath('/login', 'employer', '/dashboard/jobs/123')).toBe('/login?to=/dashboard/jobs/123')
    expect(withReturnPath('/candidate/login', 'candidate', '/candidate/dashboard')).toBe('/candidate/login')
    expect(withReturnPath('/candidate/login', 'candidate', '/candidate/dashboard/')).toBe('/candidate/login')
    expect(withReturnPath('/login', 'admin', '/dashboard')).toBe('/login')
    expect(withReturnPath('/candidate/login', 'candidate', '//evil.example')).toBe('/candidate/login')
    expect(withReturnPath('/candidate/login', 'candidate', null)).toBe('/candidate/login')
  })
})
