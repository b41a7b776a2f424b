import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { HIRE_NEEDS_OFFER, hiredMoves, stageMoves } from '../pipeline.fixtures'
import { MoveMenu } from './MoveMenu'

afterEach(cleanup)

describe('Move to… menu', () => {
  it('opens on the keyboard with the first allowed stage focused, and moves on Enter', () => {
    const onMove = vi.fn()
    render(<MoveMenu name="Chloe Martin" moves={stageMoves('new', { hired: HIRE_NEEDS_OFFER })} onMove={onMove} />)
    const trigger = screen.getByRole('button', { name: 'Move Chloe Martin to another stage' })
    fireEvent.click(trigger)
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    expect(document.activeElement?.textContent).toBe('Screening')
    // the server refuses hired before an offer, so it is not offered
    expect(screen.queryByRole('button', { name: 'Hired' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Interview' }))
    expect(onMove).toHaveBeenCalledWith('interview')
    expect(document.activeElement).toBe(trigger)
  })

  it('closes on Escape and gives focus back to the button', () => {
    render(<MoveMenu name="Priya Raman" moves={stageMoves('offer')} onMove={() => {}} />)
    const trigger = screen.getByRole('button', { name: 'Move Priya Raman to another stage' })
    fireEvent.click(trigger)
    expect(screen.getByRole('button', { name: 'Hired' })).toBeTruthy()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('list', { name: 'Stages for Priya Raman' })).toBeNull()
    expect(document.activeElement).toBe(trigger)
  })

  it('offers nothing for a hired applicant', () => {
    const { container } = render(<MoveMenu name="Sam" moves={hiredMoves()} onMove={() => {}} />)
    expect(container.textContent).toBe('')
  })
})
