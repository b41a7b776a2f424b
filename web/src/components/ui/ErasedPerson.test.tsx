import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import { personName } from '../../lib/erased'
import { ErasedChip, ErasedText, PersonName } from './ErasedPerson'

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

describe('erased free text (a note, a comment, feedback)', () => {
  it('reads as a muted, italic phrase in place of the "[erased]" marker, and real text as it is', () => {
    const { container } = render(
      <p>
        <ErasedText text="[erased]" /> / <ErasedText text="Strong on SQL" />
      </p>,
    )
    expect(container.textContent).toBe('Removed with the candidate’s personal data / Strong on SQL')
    const phrase = container.querySelector('.erased-text')!
    expect(phrase.textContent).toBe('Removed with the candidate’s personal data')
    expect(phrase.getAttribute('title')).toMatch(/has been erased/)
    expect(container.querySelectorAll('.erased-text')).toHaveLength(1)
  })

  it('takes another label, and shows nothing for no text', () => {
    const { container } = render(
      <p>
        <ErasedText text="[erased]" label="Removed with the sender’s details" />
        <ErasedText text={null} />
      </p>,
    )
    expect(container.textContent).toBe('Removed with the sender’s details')
  })
})
