import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { pipelineCard } from '../pipeline.fixtures'
import type { ApplicantDetail } from '../types'
import ApplicantPage from './ApplicantPage'
import { PipelineBoard } from './PipelineBoard'
import { PipelineList } from './PipelineList'

const erasedCard = pipelineCard({ id: 'a2', candidate_id: 'c2', candidate_name: '[erased]', candidate_email: '[erased]', stage: 'screening' })
const cards = [pipelineCard(), erasedCard]
const counts = { new: 1, screening: 1, interview: 0, offer: 0, hired: 0, rejected: 0, total: 2 }

freshEachTest(() => storeSession('employer', { name: 'Mei', role: 'employer' }, { role: 'employer' }))

describe('an applicant whose personal data was erased', () => {
  it('board: the card shows an “Erased person” chip, linked to the application, and reads so to a screen reader', () => {
    renderRoutes([{ path: '/dashboard/jobs/j1', element: <PipelineBoard cards={cards} counts={counts} locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1')
    const card = screen.getAllByTestId('pipeline-card').find((c) => c.querySelector('.badge-erased'))!
    expect(card.textContent).not.toContain('[erased]')
    expect(within(card).getByRole('link', { name: 'Erased person' }).getAttribute('href')).toBe('/dashboard/applicants/a2')
    expect(within(card).getByRole('button', { name: 'Move Erased person to another stage' })).toBeTruthy()
    expect(within(card).getByRole('button', { name: 'Drag Erased person' })).toBeTruthy()
    // the other card is untouched
    expect(screen.getByRole('link', { name: 'Chloe Martin' })).toBeTruthy()
  })

  it('list: the chip instead of the name, and no “[erased]” email line', async () => {
    routeFetch({ 'GET /api/employer/jobs/j1/pipeline': { body: { job: { id: 'j1', title: 'Data Engineer' }, counts, stages: [], applications: cards } } })
    renderRoutes([{ path: '/dashboard/jobs/j1', element: <PipelineList jobId="j1" jobTitle="Data Engineer" locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1')
    const table = await screen.findByRole('table')
    expect(table.textContent).not.toContain('[erased]')
    expect(within(table).getByRole('link', { name: 'Erased person' }).getAttribute('href')).toBe('/dashboard/applicants/a2')
    expect(within(table).getByLabelText('Choose Erased person')).toBeTruthy()
    expect(within(table).getByText('chloe@example.com')).toBeTruthy()
  })

  it('applicant page: titled “Erased person”, says what remains, no mailto', async () => {
    const detail: ApplicantDetail = {
      application: erasedCard,
      job: { id: 'j1', title: 'Data Engineer', status: 'open' },
      profile: null,
      documents: [],
      history: [],
      notes: [],
      scorecards: [],
      interviews: [],
    }
    routeFetch({
      'GET /api/employer/applications/a2': { body: detail },
      'GET /api/employer/jobs/j1/pipeline': { body: { job: { id: 'j1', title: 'Data Engineer' }, counts, stages: [], applications: cards } },
    })
    renderRoutes([{ path: '/dashboard/applicants/:applicationId', element: <ApplicantPage /> }], '/dashboard/applicants/a2')
    expect(await screen.findByText(/This applicant’s personal data has been erased/)).toBeTruthy()
    expect(document.title).toContain('Erased person')
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull()
    expect(screen.getByText('Erased with the rest of their personal data.')).toBeTruthy()
    expect(screen.getByText('Their resume and documents were erased with their personal data.')).toBeTruthy()
    expect(screen.getByText('Their resume was erased with the rest of their personal data.')).toBeTruthy()
    expect(document.body.textContent).not.toContain('[erased]')
    // they can no longer be invited: no booking button, and it says why
    expect(screen.queryByRole('button', { name: 'Schedule an interview' })).toBeNull()
    expect(screen.getByText('Their personal data was erased, so they can no longer be invited.')).toBeTruthy()
    // it can still be moved, and the reject dialog names them sensibly
    fireEvent.click(screen.getByRole('button', { name: 'Move Erased person to another stage' }))
    fireEvent.click(screen.getByRole('button', { name: 'Rejected' }))
    expect(screen.getByRole('dialog', { name: 'Reject Erased person?' })).toBeTruthy()
  })
})
