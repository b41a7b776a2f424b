import { cleanup, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { freshEachTest, renderRoutes } from '../../testing/harness'
import { publicRoutes } from './PublicApp'

const renderAt = (path: string) => renderRoutes(publicRoutes, path)

const PAGES: [string, string | RegExp][] = [
  ['/', /Connecting Australia's technology talent/],
  ['/about', /Technology recruitment with a human focus/],
  ['/specializations', /Nine technology specialisations/],
  ['/job-seekers', /Find a technology role/],
  ['/employers', /Build technology teams/],
  ['/employers/hire', /The IT professionals you need/],
  ['/employers/resources', /Insights to help you hire smarter/],
  ['/jobs/advice', /Practical guidance/],
  ['/our-services', /Recruitment services built around technology/],
  ['/services/cloud-infrastructure', /Cloud \+ Infrastructure recruitment/],
  ['/services/security-cyber-security', /Security \+ Cyber Security recruitment/],
  ['/approach', /A considered approach/],
  ['/blogs', /Blog and industry insights/],
  ['/blogs/2', /Moving From Developer to Technical Lead/],
  ['/blogs/99', 'Article Not Found'],
  ['/contact', /Let's talk about your next move/],
  ['/jobs/find', /Find your next IT role/],
  ['/no/such/page', 'Page Not Found'],
  ['/services/unknown', 'Page Not Found'],
]

describe('public routes', () => {
  freshEachTest()
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/reference') ? new Response('{"data":[]}', { status: 200 }) : new Response('[]', { status: 200 }),
      ),
    )
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
    window.matchMedia = ((q: string) => ({
      matches: false,
      media: q,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia
  })

  it.each(PAGES)('%s renders one h1, the chrome and a canonical link', async (path, heading) => {
    renderAt(path)
    const h1 = await screen.findByRole('heading', { level: 1, name: heading })
    expect(h1).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy()
    expect(screen.getAllByText('Mon-Fri 9AM-6PM AEST', { exact: false }).length).toBeGreaterThan(0)
    await waitFor(() => {
      const canonical = document.head.querySelector('link[rel="canonical"]') as HTMLLinkElement
      expect(canonical.href).toBe(window.location.origin + path)
    })
  })

  it('the 404 page sets robots noindex while shown', async () => {
    renderAt('/missing')
    await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex'))
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/')
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeTruthy()
    cleanup()
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull()
  })

  it('the job board shows the empty texts when there are no jobs', async () => {
    renderAt('/jobs/find')
    expect(await screen.findByText('No jobs available')).toBeTruthy()
    expect(screen.getByText('Sorry, there are no active job postings matching your search criteria at the moment.')).toBeTruthy()
    expect(screen.getByText('Please check back later or try modifying your search filters.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Refresh Jobs' })).toBeTruthy()
  })

  it('the nav has the SPEC items, with Candidate and Employer Login in new tabs', async () => {
    renderAt('/')
    await screen.findByRole('heading', { level: 1 })
    const nav = screen.getByRole('navigation', { name: 'Main' })
    const link = (name: string) => Array.from(nav.querySelectorAll('a')).find((a) => a.textContent?.trim() === name)!
    expect(link('About Us').getAttribute('href')).toBe('/about')
    expect(link('Find a Job').getAttribute('href')).toBe('/jobs/find')
    expect(link('Career Advice').getAttribute('href')).toBe('/jobs/advice')
    expect(link('Candidate Login').getAttribute('target')).toBe('_blank')
    expect(link('Looking to Hire?').getAttribute('href')).toBe('/employers/hire')
    expect(link('Reports & Resources').getAttribute('href')).toBe('/employers/resources')
    const employer = link('Employer Login')
    expect(employer.getAttribute('href')).toBe(`${window.location.protocol}//employer.${window.location.host}/login`)
    expect(employer.getAttribute('target')).toBe('_blank')
    expect(link('Contact Us').getAttribute('href')).toBe('/contact')
  })
})
