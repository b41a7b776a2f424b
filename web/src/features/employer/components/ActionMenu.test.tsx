import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { ActionMenu } from './ActionMenu'

afterEach(cleanup)

describe('a row’s More menu', () => {
  it('opens with its first action focused, runs a chosen one and gives focus back', () => {
    const duplicate = vi.fn()
    render(
      <MemoryRouter>
        <ActionMenu label="More actions for Rust Engineer" actions={[{ label: 'Edit', to: '/dashboard/jobs/j1/edit' }, { label: 'Duplicate', onSelect: duplicate }]} />
      </MemoryRouter>,
    )
    const trigger = screen.getByRole('button', { name: 'More actions for Rust Engineer' })
    fireEvent.click(trigger)
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement?.textContent).toBe('Edit')
    expect(screen.getByRole('menuitem', { name: 'Edit' }).getAttribute('href')).toBe('/dashboard/jobs/j1/edit')
    // the arrow keys move between the actions
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' })
    expect(document.activeElement?.textContent).toBe('Duplicate')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Duplicate' }))
    expect(duplicate).toHaveBeenCalledOnce()
    expect(screen.queryByRole('menu', { name: 'More actions for Rust Engineer' })).toBeNull()
    expect(document.activeElement).toBe(trigger)
  })

  it('closes on Escape', () => {
    render(
      <MemoryRouter>
        <ActionMenu label="More actions for QA" actions={[{ label: 'Report', to: '/r' }]} />
      </MemoryRouter>,
    )
    const trigger = screen.getByRole('button', { name: 'More actions for QA' })
    fireEvent.click(trigger)
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(trigger)
  })
})
