import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router'
import { useScrollToTopOnNavigate } from './useScrollToTopOnNavigate'

let navigate: NavigateFunction
function Probe() {
  useScrollToTopOnNavigate()
  navigate = useNavigate()
  return null
}

describe('useScrollToTopOnNavigate', () => {
  const scrollTo = vi.fn()
  beforeEach(() => {
    scrollTo.mockClear()
    vi.stubGlobal('scrollTo', scrollTo)
    render(
      <MemoryRouter initialEntries={['/dashboard/employers']}>
        <Probe />
      </MemoryRouter>,
    )
  })
  afterEach(() => vi.unstubAllGlobals())

  it('opens a new page at the top, but not the first one', async () => {
    expect(scrollTo).not.toHaveBeenCalled()
    await act(async () => navigate('/dashboard/employers/e1'))
    expect(scrollTo).toHaveBeenCalledWith(0, 0)
  })
  it('keeps the place when only the query changes', async () => {
    await act(async () => navigate('/dashboard/employers?status=pending'))
    await act(async () => navigate('/dashboard/employers?status=active', { replace: true }))
    expect(scrollTo).not.toHaveBeenCalled()
  })
  it('leaves Back to the browser', async () => {
    await act(async () => navigate('/dashboard/audit'))
    scrollTo.mockClear()
    await act(async () => navigate(-1))
    expect(scrollTo).not.toHaveBeenCalled()
  })
})
