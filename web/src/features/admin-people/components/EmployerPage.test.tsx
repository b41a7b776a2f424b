import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, type RouteAnswer, routeFetch, storeSession } from '../../../testing/harness'
import type { AdminEmployer, CompanyProfile, EmployerJobRow } from '../types'
import EmployerPage from './EmployerPage'
import EmployersPage from './EmployersPage'

const account: AdminEmployer = {
  id: 'e1',
  name: 'Grace Hopper',
  email: 'grace@wattle.example',
  phone: '02 9000 1111',
  company: 'Wattle Analytics',
  status: 'pending',
  role: 'employer',
  created_at: '2026-01-05T00:00:00Z',
  updated_at: '2026-01-05T00:00:00Z',
}
const company: CompanyProfile = {
  id: 'co1',
  name: 'Wattle Analytics',
  website: 'https://wattle.example',
  location: 'Sydney NSW',
  about: 'A data consultancy for councils and charities.',
  has_logo: false,
  updated_at: '2026-01-06T00:00:00Z',
}
const job: EmployerJobRow = {
  id: 'j1',
  title: 'Data Engineer',
  company: 'Wattle Analytics',
  employer_id: 'e1',
  location: 'Sydney',
  specialisation: 'BI + Data Analytics',
  status: 'open',
  posted_at: '2026-02-01T00:00:00Z',
  applications: 4,
  closed_by_agency: false,
}
const event = (position: number, event_type: string, summary: string, payload: Record<string, unknown> = {}) => ({
  event_id: `ev${position}`,
  event_type,
  summary,
  payload,
  position,
  recorded_at: `2026-01-0${position}T03:00:00Z`,
  stream_id: 'account-e1',
  stream_version: position,
  schema_version: 1,
  correlation_id: `c${position}`,
})

const RECORD = 'GET /api/admin/employers/e1'
const JOBS = 'GET /api/admin/jobs?employer_id=e1'
const STREAM = 'GET /api/admin/streams/account-e1'
const ACTIVITY = 'GET /api/admin/events?actor=e1&limit=10'
const APPROVE = 'POST /api/admin/employers/e1/approve'

const HISTORY: RouteAnswer = {
  body: {
    stream_id: 'account-e1',
    kind: 'account',
    events: [
      event(1, 'AccountRegistered', 'Grace Hopper signed up as an employer for Wattle Analytics'),
      event(2, 'PasswordChanged', 'Grace Hopper changed their password'),
      event(3, 'EmployerRejected', 'Alex Admin declined Wattle Analytics', { reason: 'No ABN given' }),
    ],
  },
}

function openPage(table: Record<string, RouteAnswer>) {
  const calls = routeFetch({
    [RECORD]: { body: { account, company } },
    [JOBS]: { body: [job] },
    [STREAM]: HISTORY,
    [ACTIVITY]: { body: { events: [{ ...event(4, 'JobPublished', 'Grace Hopper published Data Engineer'), stream_id: 'job-j1' }], next_before: null } },
    ...table,
  })
  renderRoutes(
    [
      { path: '/dashboard/employers/:employerId', element: <EmployerPage /> },
      { path: '/dashboard/employers', element: <h1>Employers list</h1> },
    ],
    '/dashboard/employers/e1',
  )
  return calls
}
const posts = <C extends { key: string }>(calls: C[]) => calls.filter((c) => c.key.startsWith('POST'))
const section = (name: string) => screen.getByRole('region', { name })

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', role: 'admin' }, { role: 'admin' }))
afterEach(() => vi.restoreAllMocks())

describe('an employer’s page', () => {
  it('shows the account, its details and the company profile', async () => {
    openPage({})
    expect(await screen.findByRole('heading', { level: 2, name: 'Wattle Analytics' })).toBeTruthy()
    expect(screen.getByText('Awaiting approval')).toBeTruthy()
    expect(screen.getByText(/They cannot post jobs until you approve them/)).toBeTruthy()

    const details = section('Details')
    expect(within(details).getByText('Grace Hopper')).toBeTruthy()
    expect(within(details).getByRole('link', { name: 'grace@wattle.example' }).getAttribute('href')).toBe('mailto:grace@wattle.example')
    expect(within(details).getByText('02 9000 1111')).toBeTruthy()

    const profile = section('Company profile')
    const site = within(profile).getByRole('link', { name: /wattle\.example/ })
    expect(site.getAttribute('href')).toBe('https://wattle.example')
    expect(site.getAttribute('target')).toBe('_blank')
    expect(site.getAttribute('rel')).toContain('noopener')
    expect(within(profile).getByText('Sydney NSW')).toBeTruthy()
    expect(within(profile).getByText('A data consultancy for councils and charities.')).toBeTruthy()

    const actions = screen.getByRole('group', { name: 'Actions' })
    expect(within(actions).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Approve Wattle Analytics',
      'Reject Wattle Analytics',
      'Export data for Wattle Analytics',
      'Erase Wattle Analytics',
    ])
  })

  it('says when the employer has not filled in a company profile', async () => {
    openPage({ [RECORD]: { body: { account, company: null } } })
    const profile = await waitFor(() => section('Company profile'))
    expect(within(profile).getByText(/They have not filled in their company profile yet/)).toBeTruthy()
    expect(within(profile).queryByRole('link')).toBeNull()
  })

  it('shows the reason of a suspension and only the decision it allows', async () => {
    openPage({ [RECORD]: { body: { account: { ...account, status: 'suspended', reason: 'Fake listings' }, company } } })
    expect(await screen.findByRole('heading', { name: 'Why they were suspended' })).toBeTruthy()
    expect(screen.getByText('Fake listings')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Reinstate Wattle Analytics' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Approve Wattle Analytics' })).toBeNull()
  })

  it('lists their jobs, the decisions on the account newest first, and what they did', async () => {
    openPage({})
    const jobs = await screen.findByRole('table', { name: 'Their jobs' })
    expect(within(jobs).getByText('Data Engineer')).toBeTruthy()
    expect(within(jobs).getByText('Live')).toBeTruthy()
    expect(within(section('Jobs')).getByRole('link', { name: 'See their jobs in Jobs across clients' }).getAttribute('href')).toBe('/dashboard/jobs?employer=e1')

    const history = await screen.findByRole('list', { name: 'Decisions on the account, newest first' })
    // decisions only (the password change stays on the full history), newest first
    expect(within(history).getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([
      'Alex Admin declined Wattle Analytics',
      'Grace Hopper signed up as an employer for Wattle Analytics',
    ])
    expect(within(history).getByText('Reason sent to the employer: No ABN given')).toBeTruthy()
    expect(within(section('History')).getByRole('link', { name: 'See the full record history' }).getAttribute('href')).toBe('/dashboard/audit/streams/account-e1')

    const activity = await screen.findByRole('list', { name: 'Their recent actions, newest first' })
    expect(within(activity).getByText('Grace Hopper published Data Engineer')).toBeTruthy()
    expect(within(section('Recent activity')).getByRole('link', { name: 'See everything they did in the audit trail' }).getAttribute('href')).toBe('/dashboard/audit?actor=e1')
  })

  it('a section that fails says so on its own; the rest of the page stays', async () => {
    openPage({ [JOBS]: { status: 500, body: { error: 'The jobs could not be read' } }, [STREAM]: { status: 404, body: { error: 'No such stream' } } })
    expect(await within(await waitFor(() => section('Jobs'))).findByRole('alert')).toBeTruthy()
    expect(within(section('Jobs')).getByText(/The jobs could not be read/)).toBeTruthy()
    expect(await within(section('History')).findByRole('heading', { name: 'No decisions yet' })).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Wattle Analytics' })).toBeTruthy()
  })

  it('Approve asks first, and Cancel sends nothing', async () => {
    const calls = openPage({ [APPROVE]: { body: { message: 'Approved' } } })
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Wattle Analytics' }))
    const dialog = screen.getByRole('dialog', { name: 'Approve Wattle Analytics?' })
    expect(within(dialog).getByText(/sign in and post jobs/).textContent).toMatch(/public job board.*We email them/)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(posts(calls)).toHaveLength(0)
  })

  it('confirming approves the employer and the page reads the account again', async () => {
    let status = 'pending'
    const calls = openPage({
      [RECORD]: () => ({ body: { account: { ...account, status }, company } }),
      [APPROVE]: () => {
        status = 'active'
        return { body: { message: 'Approved' } }
      },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Wattle Analytics' }))
    const dialog = screen.getByRole('dialog', { name: 'Approve Wattle Analytics?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve employer' }))
    expect(await screen.findByText('Employer approved')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(posts(calls).map((c) => [c.key, c.body])).toEqual([[APPROVE, {}]])
    expect(await screen.findByText('Active')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Suspend Wattle Analytics' })).toBeTruthy()
  })

  it('an approval carries what was checked, for the audit', async () => {
    const calls = openPage({ [APPROVE]: { body: { message: 'Approved' } } })
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Wattle Analytics' }))
    const dialog = screen.getByRole('dialog', { name: 'Approve Wattle Analytics?' })
    const note = within(dialog).getByLabelText('What did you check? (optional)')
    expect(note.getAttribute('aria-describedby')).toBeTruthy()
    fireEvent.change(note, { target: { value: '  ABN active; called their listed number  ' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve employer' }))
    expect(await screen.findByText('Employer approved')).toBeTruthy()
    expect(posts(calls).map((c) => c.body)).toEqual([{ note: 'ABN active; called their listed number' }])
  })

  it('a refused approval is explained in the dialog, which stays open', async () => {
    openPage({ [APPROVE]: { status: 409, body: { error: 'This employer is already approved' } } })
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Wattle Analytics' }))
    const dialog = screen.getByRole('dialog', { name: 'Approve Wattle Analytics?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve employer' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This employer is already approved')
  })

  it('an unknown employer shows a not-found state with the way back', async () => {
    const calls = openPage({ [RECORD]: { status: 404, body: { error: 'Employer not found' } } })
    expect(await screen.findByRole('heading', { level: 2, name: 'No such employer' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Jobs' })).toBeNull()
    // a 404 is not tried again
    expect(calls.filter((c) => c.key === RECORD)).toHaveLength(1)
    fireEvent.click(screen.getByRole('link', { name: 'Go to Employers' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Employers list' })).toBeTruthy()
  })

  it('an erased employer keeps its company, shows no contact details and allows no decision', async () => {
    openPage({ [RECORD]: { body: { account: { ...account, name: '[erased]', email: '[erased]', phone: null, status: 'erased' }, company: null } } })
    const heading = await screen.findByRole('heading', { level: 2, name: /Wattle Analytics/ })
    expect(within(heading).getByText('Contact erased')).toBeTruthy()
    expect(screen.getByText(/This employer’s personal data has been erased/)).toBeTruthy()
    expect(document.body.textContent).not.toContain('[erased]')
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull()
    expect(within(screen.getByRole('group', { name: 'Actions' })).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Export data for Wattle Analytics',
    ])
  })
})

describe('the employers list', () => {
  const list = (rows: AdminEmployer[]) => {
    const calls = routeFetch({ 'GET /api/admin/employers': { body: rows }, 'POST /api/admin/employers/e2/reinstate': { body: { message: 'Reinstated' } } })
    renderRoutes(
      [
        { path: '/dashboard/employers', element: <EmployersPage /> },
        { path: '/dashboard/employers/:employerId', element: <h1>Employer page</h1> },
      ],
      '/dashboard/employers',
    )
    return calls
  }

  it('links each company to its page', async () => {
    list([account])
    const link = await screen.findByRole('link', { name: 'Wattle Analytics' })
    expect(link.getAttribute('href')).toBe('/dashboard/employers/e1')
  })

  it('Approve asks first there too, and Cancel sends nothing', async () => {
    const calls = list([account])
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Wattle Analytics' }))
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Approve Wattle Analytics?' })).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(posts(calls)).toHaveLength(0)
  })

  it('Reinstate asks first, then reinstates', async () => {
    const calls = list([{ ...account, id: 'e2', company: 'Banksia Labs', status: 'suspended', reason: 'Fake listings' }])
    fireEvent.click(await screen.findByRole('button', { name: 'Reinstate Banksia Labs' }))
    const dialog = screen.getByRole('dialog', { name: 'Reinstate Banksia Labs?' })
    expect(within(dialog).getByText(/sign in again, and their open jobs go back on the public job board/)).toBeTruthy()
    expect(posts(calls)).toHaveLength(0)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reinstate employer' }))
    expect(await screen.findByText('Employer reinstated')).toBeTruthy()
    expect(posts(calls).map((c) => c.key)).toEqual(['POST /api/admin/employers/e2/reinstate'])
  })
})
