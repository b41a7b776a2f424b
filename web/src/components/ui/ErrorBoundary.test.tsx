import { render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { freshEachTest } from '../../testing/harness'
import { ErrorBoundary } from './ErrorBoundary'

function Broken(): never {
  throw new Error('render failed')
}

const fallback = (error: unknown) => <p role="alert">Something went wrong: {error instanceof Error ? error.message : String(error)}</p>

freshEachTest()
// React and the boundary both log a caught render error; keep the test output quiet
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => vi.restoreAllMocks())

describe('ErrorBoundary', () => {
  it('renders its children when none of them throws', () => {
    render(
      <ErrorBoundary resetKey="/a" fallback={fallback}>
        <p>the screen</p>
      </ErrorBoundary>,
    )
    expect(screen.getByText('the screen')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('renders the fallback, given the thrown error, when a child throws while rendering', () => {
    render(
      <ErrorBoundary resetKey="/a" fallback={fallback}>
        <p>the screen</p>
        <Broken />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong: render failed')
    expect(screen.queryByText('the screen')).toBeNull()
    expect(console.error).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }))
  })

  it('keeps the fallback until the reset key changes, then renders the children again', () => {
    const { rerender } = render(
      <ErrorBoundary resetKey="/a" fallback={fallback}>
        <Broken />
      </ErrorBoundary>,
    )
    rerender(
      <ErrorBoundary resetKey="/a" fallback={fallback}>
        <p>the screen</p>
      </ErrorBoundary>,
    )
    expect(screen.getByRole('alert')).toBeTruthy()
    rerender(
      <ErrorBoundary resetKey="/b" fallback={fallback}>
        <p>the next screen</p>
      </ErrorBoundary>,
    )
    expect(screen.getByText('the next screen')).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
