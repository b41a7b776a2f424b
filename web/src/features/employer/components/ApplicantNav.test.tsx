import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { pipelineCard } from '../pipeline.fixtures'
import type { ApplicantDetail, PipelineCard } from '../types'
import ApplicantPage from './ApplicantPage'

freshEachTest(() => storeSession('employer', { name: 'Mei Chen', role: 'employer' }, { role: 'employer' }))

// the board's order: New (a1, a3), then Interview (a2)
const cards = [
  pipelineCard({ id: 'a1', candidate_name: 'Chloe Martin', stage: 'new' }),
  pipelineCard({ id: 'a2', candidate_name: 'Priya Raman', stage: 'interview' }),
  pipelineCard({ id: 'a3', candidate_name: 'Tom Gallagher', stage: 'new' }),
]
const counts = { new: 2, screening: 0, interview: 1, offer: 0, hired: 0, rejected: 0, total: 3 }

const detail = (card: PipelineCard): ApplicantDetail => ({
  application: card,
  job: { id: 'j1', title: 'Data Engineer', status: 'open' },
  profile: null,
  documents: [],
  history: [{ at: '2026-11-21T00:00:00Z', kind: 'moved', summary: 'Moved to Interview by Mei Chen', detail: null }],
  notes: [],
  scorecards: [],
  interviews: [],
  other_applications: [],
})

const pipeline = (applications: PipelineCard[]) => ({ body: { job: { id: 'j1', title: 'Data Engineer' }, counts, stages: [], applications } })

function open(id: string) {
  routeFetch({
    ...Object.fromEntries(cards.map((c) => [`GET /api/employer/applications/${c.id}`, { body: detail(c) }])),
    'GET /api/employer/jobs/j1/pipeline': pipeline(cards),
  })
  return renderRoutes([{ path: '/dashboard/applicants/:applicationId', element: <ApplicantPage /> }], `/dashboard/applicants/${id}`)
}

describe('Previous, Next and the J / K shortcuts on the applicant page', () => {
  it('shows the position in the board’s order and lists the shortcuts', async () => {
    open('a3')
    expect(await screen.findByText('2 of 3')).toBeTruthy()
    expect(screen.getByRole('button', { name: /Next/ }).getAttribute('aria-keyshortcuts')).toBe('J')
    expect(screen.getByRole('button', { name: /Previous/ }).getAttribute('aria-keyshortcuts')).toBe('K')
    expect(screen.getByText(/Keyboard shortcuts:/).textContent).toBe('Keyboard shortcuts: J next, K previous')
  })

  it('J goes to the next applicant and K comes back, keeping the position', async () => {
    const { router } = open('a3')
    await screen.findByText('2 of 3')
    act(() => {
      fireEvent.keyDown(document.body, { key: 'j' })
    })
    expect(router.state.location.pathname).toBe('/dashboard/applicants/a2')
    expect(await screen.findByText('3 of 3')).toBeTruthy()
    // said to a screen reader, from a status line that stays on the page
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Showing Priya Raman, applicant 3 of 3')
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true)
    act(() => {
      fireEvent.keyDown(document.body, { key: 'k' })
    })
    expect(router.state.location.pathname).toBe('/dashboard/applicants/a3')
  })

  it('moving the applicant keeps the order being walked: Next goes to whoever was next before the move', async () => {
    const { router } = open('a3')
    await screen.findByText('2 of 3')
    // the server now has Tom in Offer, which puts him last on the board
    const moved = cards.map((c) => (c.id === 'a3' ? { ...c, stage: 'offer' as const } : c))
    routeFetch({
      ...Object.fromEntries(moved.map((c) => [`GET /api/employer/applications/${c.id}`, { body: detail(c) }])),
      'GET /api/employer/jobs/j1/pipeline': pipeline(moved),
      'POST /api/employer/applications/a3/move': { body: { id: 'a3', stage: 'offer', version: 2 } },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Move Tom Gallagher to another stage' }))
    fireEvent.click(screen.getByRole('menuitem', { name: 'Offer' }))
    expect(await screen.findByText('Applicant moved')).toBeTruthy()
    expect(screen.getByText('2 of 3')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /Next/ }))
    expect(router.state.location.pathname).toBe('/dashboard/applicants/a2')
    expect(await screen.findByText('3 of 3')).toBeTruthy()
    // and coming back finds Tom where he was in the walk
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }))
    expect(router.state.location.pathname).toBe('/dashboard/applicants/a3')
    expect(await screen.findByText('2 of 3')).toBeTruthy()
  })

  it('keeps the order it first read in the page’s own history entry, so Back finds the same order', async () => {
    const { router } = open('a1')
    await screen.findByText('1 of 3')
    await waitFor(() => expect(router.state.location.state).toEqual({ from: { view: 'board', filter: {} }, order: ['a1', 'a3', 'a2'] }))
  })

  it('J typed into a note does not leave the page', async () => {
    const { router } = open('a1')
    await screen.findByText('1 of 3')
    const note = screen.getByLabelText('New note')
    fireEvent.keyDown(note, { key: 'j' })
    expect(router.state.location.pathname).toBe('/dashboard/applicants/a1')
    // and the Previous button has nowhere to go from the first
    expect((screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('the history reads as the server’s sentence, with the exact time on hover', async () => {
    open('a1')
    const line = await screen.findByText(/Moved to Interview by Mei Chen,/)
    const time = line.querySelector('time')!
    expect(time.getAttribute('datetime')).toBe('2026-11-21T00:00:00Z')
    expect(time.getAttribute('title')).toMatch(/21 Nov 2026.*\(Sydney\)/)
  })
})
