import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { MemoryRouter } from 'react-router'
import { freshEachTest } from '../../testing/harness'
import { AppShell } from './AppShell'

freshEachTest()

function Counter() {
  const [n, setN] = useState(0)
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      clicked {n}
    </button>
  )
}

describe('AppShell', () => {
  it('keeps the page (and its state) when the layout switches between phone and desktop', () => {
    let matches = false
    const listeners = new Set<() => void>()
    vi.stubGlobal('matchMedia', () => ({
      get matches() {
        return matches
      },
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    }))
    render(
      <MemoryRouter>
        <AppShell brand="Brand" navLabel="Sections" nav={[{ to: '/a', label: 'A', icon: 'grid' }]} heading={<h1>Page</h1>} onSignOut={() => {}}>
          <Counter />
        </AppShell>
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'clicked 0' }))
    act(() => {
      matches = true
      listeners.forEach((l) => l())
    })
    expect(document.querySelector('.app-shell-mobile')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeTruthy()
  })
})
