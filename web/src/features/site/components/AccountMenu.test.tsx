import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, storeSession } from '../../../testing/harness'
import { SiteFooter } from './SiteFooter'
import { SiteNav } from './SiteNav'

const render = () =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <SiteNav />
            <SiteFooter />
          </>
        ),
      },
    ],
    '/jobs/find',
  )

describe('the header when a candidate is signed in', () => {
  freshEachTest()

  it('signed out: Candidate Login, and no account menu', () => {
    render()
    expect(screen.getAllByRole('link', { name: 'Candidate Login' }).map((a) => a.getAttribute('href'))).toEqual(['/candidate/login', '/candidate/login'])
    expect(screen.queryByRole('button', { name: /your account/ })).toBeNull()
  })

  it('signed in: the first name opens dashboard, applications, privacy and sign out; no Candidate Login', () => {
    storeSession('candidate', { name: 'Priya Raman' })
    render()
    expect(screen.queryByRole('link', { name: 'Candidate Login' })).toBeNull()
    // the footer keeps SPEC 2.3's link, named for where it leads now
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'My dashboard' }).getAttribute('href')).toBe('/candidate/login')
    const toggle = screen.getByRole('button', { name: 'Priya (your account)' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!
    expect(list.textContent).toContain('Signed in as Priya Raman')
    expect(within(list).getByRole('link', { name: 'My dashboard' }).getAttribute('href')).toBe('/candidate/dashboard/jobs')
    expect(within(list).getByRole('link', { name: 'Privacy' }).getAttribute('href')).toBe('/candidate/dashboard/privacy')
    expect(within(list).getByRole('button', { name: 'Sign out' })).toBeTruthy()
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })
})
