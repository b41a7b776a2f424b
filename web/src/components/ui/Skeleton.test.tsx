import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { freshEachTest } from '../../testing/harness'
import { SkeletonStack } from './Skeleton'

freshEachTest()

describe('SkeletonStack', () => {
  it('is a busy status region named for what loads, its placeholders hidden from screen readers', () => {
    render(<SkeletonStack cards={3} what="employers" />)
    const region = screen.getByRole('status', { name: 'Loading employers' })
    expect(region.getAttribute('aria-busy')).toBe('true')
    expect(within(region).getByText('Loading employers').className).toBe('visually-hidden')
    expect(region.querySelectorAll('.skeleton-card[aria-hidden="true"]')).toHaveLength(3)
  })

  it('says just "Loading" when not told what', () => {
    render(<SkeletonStack />)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
  })
})
