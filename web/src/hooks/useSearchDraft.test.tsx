import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { freshEachTest } from '../testing/harness'
import { useSearchDraft } from './useSearchDraft'

freshEachTest()

describe('a search box’s draft', () => {
  it('starts at the committed query and keeps what is typed while the query stays', () => {
    const { result, rerender } = renderHook(({ q }) => useSearchDraft(q), { initialProps: { q: 'data' } })
    expect(result.current[0]).toBe('data')
    act(() => result.current[1]('data eng'))
    rerender({ q: 'data' })
    expect(result.current[0]).toBe('data eng')
  })

  it('follows the committed query when it changes, dropping the unsent draft', () => {
    const { result, rerender } = renderHook(({ q }) => useSearchDraft(q), { initialProps: { q: 'data' } })
    act(() => result.current[1]('half typed'))
    rerender({ q: '' })
    expect(result.current[0]).toBe('')
    rerender({ q: 'grace' })
    expect(result.current[0]).toBe('grace')
  })
})
