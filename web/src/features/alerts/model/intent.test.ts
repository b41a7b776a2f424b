import { describe, expect, it } from 'vitest'
import { EMPTY_JOB_SEARCH } from '../../jobs'
import { returnsToAlerts, savedSearchFrom, saveSearchLanding, searchQuery, wantsSaveDialog, withSavedSearch } from './intent'

const search = { ...EMPTY_JOB_SEARCH, title: 'data engineer', location: 'Sydney', type: 'Contract' as const, specialisation: 'BI + Data Analytics' as const, sort: 'salary' as const, page: 4 }

describe('saving a search after signing in', () => {
  it('carries the search (not its sort or page) through the login and back to the board with the dialog asked for', () => {
    const login = withSavedSearch('/candidate/login', search)
    expect(login.startsWith('/candidate/login?save_search=')).toBe(true)
    const kept = savedSearchFrom(new URL(login, 'http://x').searchParams)
    expect(kept).toEqual({ ...search, sort: 'newest', page: 1 })
    const landing = saveSearchLanding(kept!)
    expect(landing).toBe('/jobs/find?title=data+engineer&location=Sydney&type=Contract&specialisation=bi-data-analytics&alert=new')
    expect(wantsSaveDialog(new URL(landing, 'http://x').searchParams)).toBe(true)
  })

  it('keeps an empty search too (the dialog then says what to add)', () => {
    expect(savedSearchFrom('?save_search=')).toEqual(EMPTY_JOB_SEARCH)
    expect(saveSearchLanding(EMPTY_JOB_SEARCH)).toBe('/jobs/find?alert=new')
  })

  it('reads only the board’s own parameters, so nothing else can ride along or lead elsewhere', () => {
    const raw = new URLSearchParams({ save_search: 'title=go&next=https://evil.example&apply=x&specialisation=nonsense&page=9' })
    const kept = savedSearchFrom(raw)
    expect(kept).toEqual({ ...EMPTY_JOB_SEARCH, title: 'go' })
    const landing = saveSearchLanding(kept!)
    expect(landing).toBe('/jobs/find?title=go&alert=new')
    for (const bad of ['https://evil.example', '//evil.example', 'javascript:alert(1)', '../admin']) {
      expect(saveSearchLanding(savedSearchFrom(new URLSearchParams({ save_search: bad }))!).startsWith('/jobs/find?')).toBe(true)
    }
  })

  it('cuts an over-long search to the board’s limits', () => {
    const kept = savedSearchFrom(new URLSearchParams({ save_search: `title=${'a'.repeat(5000)}` }))
    expect(kept!.title.length).toBeLessThanOrEqual(200)
  })

  it('has no intent without the parameter', () => {
    expect(savedSearchFrom('?apply=1')).toBeNull()
    expect(withSavedSearch('/candidate/login', null)).toBe('/candidate/login')
    expect(searchQuery(EMPTY_JOB_SEARCH)).toBe('')
    expect(wantsSaveDialog(new URLSearchParams('alert=old'))).toBe(false)
  })
})

describe('coming back to the Job Alerts tab after signing in', () => {
  it('asks for it by name only', () => {
    expect(returnsToAlerts('?to=alerts')).toBe(true)
    for (const other of ['', '?to=', '?to=ALERTS', '?to=/candidate/dashboard/alerts', '?to=https://evil.example']) {
      expect(returnsToAlerts(other)).toBe(false)
    }
  })
})
