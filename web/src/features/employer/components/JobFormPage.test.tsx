import { describe, expect, it } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import type { EmployerJob } from '../types'
import JobFormPage from './JobFormPage'

freshEachTest(() => storeSession('employer', { name: 'Mei Chen', role: 'employer', company: 'Eucalypt Software' }, { role: 'employer' }))

const LOCATIONS = { body: { data: [{ id: 1, display_name: 'Sydney NSW' }] } }

function openForm(path: string, jobs: Partial<EmployerJob>[] = []) {
  const calls = routeFetch({
    'GET /api/reference/locations': LOCATIONS,
    'GET /api/reference/salary-ranges': { body: { data: [] } },
    'GET /api/employer/company': { body: { profile: null } },
    'GET /api/employer/jobs': { body: jobs },
  })
  renderRoutes(
    [
      { path: '/dashboard/jobs/new', element: <JobFormPage /> },
      { path: '/dashboard/jobs/:jobId/edit', element: <JobFormPage /> },
    ],
    path,
  )
  return { sent: () => calls.filter((c) => !c.key.startsWith('GET')) }
}

const summary = () => document.querySelector<HTMLElement>('.emp-form-summary')

describe('a job form pressed with details missing', () => {
  it('puts focus on the first missing field and lists what is missing above the form', async () => {
    const { sent } = openForm('/dashboard/jobs/new')
    const publish = await screen.findByRole('button', { name: 'Publish' })
    publish.focus()
    fireEvent.click(publish)
    const title = screen.getByLabelText('Job title')
    expect(document.activeElement).toBe(title)
    // the field says what is wrong, tied to it for a screen reader
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(title.getAttribute('aria-describedby')).toContain(screen.getByText('Give the job a title').id)
    expect(summary()?.textContent).toContain('4 details are missing:')
    expect(within(summary()!).getAllByRole('link').map((a) => a.textContent)).toEqual(['Job title', 'Location', 'Specialisation', 'About the role'])
    expect(sent()).toEqual([])
  })

  it('each listed detail takes focus to its field', async () => {
    openForm('/dashboard/jobs/new')
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }))
    fireEvent.click(within(summary()!).getByRole('link', { name: 'About the role' }))
    expect(document.activeElement).toBe(screen.getByLabelText('About the role'))
  })

  it('pressing again focuses the first detail still missing, and the list shrinks as they are filled in', async () => {
    openForm('/dashboard/jobs/new')
    fireEvent.click(await screen.findByRole('button', { name: 'Save draft' }))
    fireEvent.change(screen.getByLabelText('Job title'), { target: { value: 'Data Engineer' } })
    expect(within(summary()!).queryByRole('link', { name: 'Job title' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(document.activeElement).toBe(screen.getByLabelText('Location'))
    expect(summary()?.textContent).toContain('3 details are missing:')
  })

  it('editing a job: Save changes with the title cleared focuses the title', async () => {
    const job: Partial<EmployerJob> = {
      id: 'j1',
      title: 'Data Engineer',
      status: 'open',
      type: 'Full-time',
      location_id: '1',
      description: 'Pipelines.',
      specialisation: 'BI + Data Analytics',
      responsibilities: [],
      requirements: [],
      expires_at: null,
    }
    openForm('/dashboard/jobs/j1/edit', [job])
    const title = await screen.findByLabelText('Job title')
    fireEvent.change(title, { target: { value: '  ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(document.activeElement).toBe(title)
    expect(summary()?.textContent).toContain('One detail is missing:')
  })
})
