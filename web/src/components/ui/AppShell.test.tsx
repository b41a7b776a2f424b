import { describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { createPortal } from 'react-dom'
import { MemoryRouter } from 'react-router'
import { freshEachTest } from '../../testing/harness'
import { AppShell } from './AppShell'
import { HeaderSlotProvider, HeaderSlotTarget } from './HeaderSlot'

freshEachTest()

function Counter() {
  const [n, setN] = useState(0)
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      clicked {n}
    </button>
  )
}

function stubPhone(phone: boolean) {
  vi.stubGlobal('matchMedia', () => ({ matches: phone, addEventListener: () => {}, removeEventListener: () => {} }))
}

function Portal() {
  return (
    <MemoryRouter>
      <HeaderSlotProvider>
        <header data-testid="site-header">
          <HeaderSlotTarget />
        </header>
        <AppShell brand="Brand" navLabel="Sections" nav={[{ to: '/a', label: 'A', icon: 'grid' }]} heading={<h1>Good morning</h1>} actions={<button type="button">Bell</button>} onSignOut={() => {}} portal={createPortal}>
          <p>page</p>
        </AppShell>
      </HeaderSlotProvider>
    </MemoryRouter>
  )
}

describe('AppShell', () => {
  it('under a site header on a phone: no top bar, the heading opens the page, the actions go into the header', () => {
    stubPhone(true)
    render(<Portal />)
    expect(document.querySelector('.app-topbar')).toBeNull()
    expect(screen.getByRole('heading', { level: 1, name: 'Good morning' }).closest('.app-heading-plain')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Bell' }).closest('[data-testid="site-header"]')).toBeTruthy()
    // sign-out is the header's account menu's business, not a second button here
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull()
    expect(screen.getByRole('navigation', { name: 'Sections' }).className).toContain('app-bottom-nav')
  })

  it('under a site header on a desktop: the sidebar and the top bar with its actions', () => {
    stubPhone(false)
    render(<Portal />)
    expect(screen.getByRole('button', { name: 'Bell' }).closest('.app-topbar')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sign out' }).closest('.app-sidebar')).toBeTruthy()
  })

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
