import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { personName } from '../../lib/erased'
import { ErasedChip, PersonName } from './ErasedPerson'

afterEach(cleanup)

describe('an erased person', () => {
  it('shows the chip in place of the "[erased]" marker, and a real name as it is', () => {
    const { container } = render(
      <p>
        <PersonName name="[erased]" /> / <PersonName name="Sam Lee" />
      </p>,
    )
    expect(container.textContent).toBe('Erased person / Sam Lee')
    expect(container.querySelector('.badge-erased')?.getAttribute('title')).toMatch(/personal data was erased/)
  })

  it('reads as "Erased person" in labels, and a fallback stands in for no name', () => {
    expect(personName('[erased]')).toBe('Erased person')
    expect(personName('Sam Lee')).toBe('Sam Lee')
    expect(personName(undefined, 'the applicant')).toBe('the applicant')
  })

  it('takes another label', () => {
    render(<ErasedChip label="Erased sender" />)
    expect(screen.getByText('Erased sender')).toBeTruthy()
  })
})
