import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { HIRE_NEEDS_OFFER, hiredMoves, stageMoves } from '../pipeline.fixtures'
import { MoveMenu } from './MoveMenu'

afterEach(cleanup)

const focused = () => document.activeElement?.textContent

describe('Move to… menu', () => {
  it('opens on the keyboard with the first allowed stage focused, and moves on Enter', () => {
    const onMove = vi.fn()
    render(<MoveMenu name="Chloe Martin" moves={stageMoves('new', { hired: HIRE_NEEDS_OFFER })} onMove={onMove} />)
    const trigger = screen.getByRole('button', { name: 'Move Chloe Martin to another stage' })
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu')
    fireEvent.click(trigger)
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    const menu = screen.getByRole('menu', { name: 'Stages for Chloe Martin' })
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id)
    expect(focused()).toBe('Screening')
    // the server refuses hired before an offer, so it is not offered
    expect(screen.queryByRole('menuitem', { name: 'Hired' })).toBeNull()
    fireEvent.click(screen.getByRole('menuitem', { name: 'Interview' }))
    expect(onMove).toHaveBeenCalledWith('interview')
    expect(document.activeElement).toBe(trigger)
  })

  it('moves between the stages with the arrow keys, Home and End, round from the last to the first', () => {
    render(<MoveMenu name="Chloe Martin" moves={stageMoves('new', { hired: HIRE_NEEDS_OFFER })} onMove={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Move Chloe Martin to another stage' }))
    const press = (key: string, stage: string) => {
      fireEvent.keyDown(document.activeElement!, { key })
      expect(focused(), `focused after ${key}`).toBe(stage)
    }
    // Screening, Interview, Offer, Rejected
    press('ArrowDown', 'Interview')
    press('End', 'Rejected')
    press('ArrowDown', 'Screening')
    press('ArrowUp', 'Rejected')
    press('Home', 'Screening')
    // a letter goes to the next stage starting with it
    press('o', 'Offer')
    // only the focused item is in the Tab order
    expect(screen.getAllByRole('menuitem').every((i) => i.tabIndex === -1)).toBe(true)
  })

  it('opens on ArrowUp at the last stage and on ArrowDown at the first', () => {
    render(<MoveMenu name="Chloe Martin" moves={stageMoves('new', { hired: HIRE_NEEDS_OFFER })} onMove={() => {}} />)
    const trigger = screen.getByRole('button', { name: 'Move Chloe Martin to another stage' })
    fireEvent.keyDown(trigger, { key: 'ArrowUp' })
    expect(focused()).toBe('Rejected')
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    fireEvent.keyDown(trigger, { key: 'ArrowDown' })
    expect(focused()).toBe('Screening')
  })

  it('closes on Escape and gives focus back to the button', () => {
    render(<MoveMenu name="Priya Raman" moves={stageMoves('offer')} onMove={() => {}} />)
    const trigger = screen.getByRole('button', { name: 'Move Priya Raman to another stage' })
    fireEvent.click(trigger)
    expect(screen.getByRole('menuitem', { name: 'Hired' })).toBeTruthy()
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('menu', { name: 'Stages for Priya Raman' })).toBeNull()
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(trigger)
  })

  it('closes when Tab takes focus elsewhere', () => {
    render(
      <>
        <MoveMenu name="Priya Raman" moves={stageMoves('offer')} onMove={() => {}} />
        <button type="button">Next thing</button>
      </>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Move Priya Raman to another stage' }))
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' })
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('offers nothing for a hired applicant', () => {
    const { container } = render(<MoveMenu name="Sam" moves={hiredMoves()} onMove={() => {}} />)
    expect(container.textContent).toBe('')
  })
})
