import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch } from '../../../testing/harness'
import { employerJob, signInEmployer } from '../employer.fixtures'
import JobsPage from './JobsPage'

freshEachTest(signInEmployer)

const job = employerJob()

function openCloseDialog() {
  const calls = routeFetch({
    'GET /api/employer/jobs': { body: [job] },
    'POST /api/employer/jobs/j1/close': { body: { message: 'Job closed' } },
  })
  renderRoutes([{ path: '/dashboard', element: <JobsPage /> }], '/dashboard')
  return { calls, sent: () => calls.filter((c) => c.key.startsWith('POST')) }
}

async function chooseClose() {
  fireEvent.click(await screen.findByRole('button', { name: 'More actions for Senior Rust Engineer' }))
  fireEvent.click(screen.getByRole('menuitem', { name: 'Close job' }))
  return screen.getByRole('dialog', { name: 'Close Senior Rust Engineer?' })
}

describe('closing a job from the jobs list', () => {
  it('asks first, saying what closing does, and sends nothing yet', async () => {
    const { sent } = openCloseDialog()
    const dialog = await chooseClose()
    expect(dialog.textContent).toContain('It comes off the job board straight away, and no one can apply for it while it is closed.')
    expect(dialog.textContent).toContain('The 3 people who have applied stay in its pipeline')
    expect(dialog.textContent).toContain('You can reopen it later from your jobs list.')
    expect(within(dialog).getByRole('button', { name: 'Close job' }).className).toContain('btn-danger')
    expect(sent()).toEqual([])
  })

  it('Cancel leaves the job open and sends no request', async () => {
    const { sent } = openCloseDialog()
    const dialog = await chooseClose()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sent()).toEqual([])
    const row = screen.getByRole('link', { name: 'Senior Rust Engineer' }).closest('tr')!
    expect(within(row).getByText('Open')).toBeTruthy()
  })

  it('closes the job once confirmed', async () => {
    const { sent } = openCloseDialog()
    const dialog = await chooseClose()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close job' }))
    await waitFor(() => expect(sent().map((c) => c.key)).toEqual(['POST /api/employer/jobs/j1/close']))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(await screen.findByText('Senior Rust Engineer is off the job board and no longer takes applications.')).toBeTruthy()
  })
})
