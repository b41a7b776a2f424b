import { describe, expect, it } from 'vitest'
import { boardReturnPath, boardReturnState, JOB_BOARD_PATH, returnsToSearch } from './returnToSearch'

describe('returning from a job to the board search', () => {
  it('carries the board address with its query', () => {
    expect(boardReturnState({ pathname: '/jobs/find', search: '?title=dev&location=Sydney&page=2' })).toEqual({
      fromSearch: '/jobs/find?title=dev&location=Sydney&page=2',
    })
  })

  it('takes back a carried board address, with or without a query', () => {
    expect(boardReturnPath({ fromSearch: '/jobs/find?title=dev&location=Sydney&page=2' })).toBe('/jobs/find?title=dev&location=Sydney&page=2')
    expect(boardReturnPath({ fromSearch: '/jobs/find' })).toBe('/jobs/find')
  })

  it('falls back to the plain board for no state, or state that is not a board address', () => {
    for (const state of [
      undefined,
      null,
      'jobs/find?title=dev',
      {},
      { fromSearch: 42 },
      { fromSearch: 'https://evil.example/jobs/find?title=dev' },
      { fromSearch: '//evil.example/jobs/find' },
      { fromSearch: '/candidate/dashboard' },
      { fromSearch: '/jobs/finder?x=1' },
      { fromSearch: '/jobs/find/../../admin' },
      { fromSearch: 'javascript:alert(1)//jobs/find' },
    ]) {
      expect(boardReturnPath(state)).toBe(JOB_BOARD_PATH)
    }
  })

  it('tells a search (any query) from the plain board', () => {
    expect(returnsToSearch('/jobs/find?page=2')).toBe(true)
    expect(returnsToSearch('/jobs/find')).toBe(false)
    expect(returnsToSearch('/jobs/find?')).toBe(false)
  })
})
