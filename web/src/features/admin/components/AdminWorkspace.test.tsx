import { beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { socket } from '../../../testing/fakeSocket'
import { freshEachTest, renderRoutes, type RouteAnswer, routeFetch, storeSession } from '../../../testing/harness'
import AdminWorkspace from './AdminWorkspace'
import AdminsPage from './AdminsPage'
import OverviewPage from './OverviewPage'

vi.mock('socket.io-client', () => import('../../../testing/fakeSocket'))

const GATE: RouteAnswer = { status: 403, body: { error: 'Turn on two-factor sign-in to use the admin workspace.', code: 'two_factor_enrolment_required' } }
const STEP_UP: RouteAnswer = { status: 403, body: { error: 'Confirm it’s you: enter a code from your authenticator app.', code: 'step_up_required' } }
const OVERVIEW = { counts: {}, recent: [] }
const ADMINS = [
  { id: 'a1', name: 'Alex Admin', email: 'alex@harbourit.example', created_at: '2026-01-01T00:00:00Z', is_you: true, two_factor: true },
  { id: 'a2', name: 'Riley Two-Step', email: 'riley@harbourit.example', created_at: '2026-02-01T00:00:00Z', is_you: false, two_factor: true },
  { id: 'a3', name: 'Sam New', email: 'sam@harbourit.example', created_at: '2026-03-01T00:00:00Z', is_you: false, two_factor: false },
]
const common: Record<string, RouteAnswer> = {
  'GET /api/notifications?limit=20&offset=0': { body: { notifications: [], total: 0, unread_count: 0 } },
  'GET /api/notifications/unread-count': { body: { unread_count: 0 } },
}

function open(path: string, table: Record<string, RouteAnswer>) {
  const calls = routeFetch({ ...common, ...table })
  const view = renderRoutes(
    [
      {
        path: '/dashboard',
        element: <AdminWorkspace />,
        children: [
          { index: true, element: <OverviewPage /> },
          { path: 'admins', element: <AdminsPage /> },
          { path: 'projections', element: <p>The projections screen</p> },
        ],
      },
      { path: '/login', element: <h1>Admin Sign In</h1> },
    ],
    path,
  )
  return { calls, ...view }
}

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', email: 'alex@harbourit.example', role: 'admin' }, { role: 'admin' }))
beforeEach(() => socket.reset())

describe('the two-factor enrolment gate', () => {
  it('a refusal from the server raises it: only the set-up, the password and Sign out are left', async () => {
    open('/dashboard', { 'GET /api/admin/overview': GATE, 'GET /api/admin/two-factor': { body: { enabled: false, recovery_codes_left: 0 } } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeTruthy()
    expect(screen.getByText('Every admin needs two-factor sign-in.')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Admin workspace' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Employers' })).toBeNull()
    const card = await screen.findByRole('region', { name: 'Your two-factor sign-in' })
    expect(within(card).getByRole('button', { name: 'Turn on' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Change your password' })).toBeTruthy()
    expect(screen.getAllByRole('button', { name: 'Sign out' }).length).toBeGreaterThan(0)
    expect(localStorage.getItem('adminTwoFactorEnrolment')).toBe('required')
  })

  it('held from the sign-in: no screen behind it is asked for, and it lifts once two-factor is on', async () => {
    localStorage.setItem('adminTwoFactorEnrolment', 'required')
    const { calls } = open('/dashboard', {
      'GET /api/admin/overview': { body: OVERVIEW },
      'GET /api/admin/two-factor': { body: { enabled: true, recovery_codes_left: 10 } },
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to the workspace' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeTruthy()
    expect(screen.getByRole('navigation', { name: 'Admin workspace' })).toBeTruthy()
    expect(localStorage.getItem('adminTwoFactorEnrolment')).toBeNull()
    // the overview was first asked for once the gate was down
    const keys = calls.map((c) => c.key)
    expect(keys.indexOf('GET /api/admin/overview')).toBeGreaterThan(keys.indexOf('GET /api/admin/two-factor'))
  })

  it('turning two-factor off brings the gate back when the server holds the workspace', async () => {
    open('/dashboard/admins', {
      'GET /api/admin/admins': [{ body: ADMINS }, GATE],
      'GET /api/admin/two-factor': [{ body: { enabled: true, recovery_codes_left: 10 } }, { body: { enabled: false, recovery_codes_left: 0 } }],
      'POST /api/admin/two-factor/disable': { body: { message: 'Two-factor sign-in is off. Set it up again to keep using the admin workspace.' } },
    })
    const card = await screen.findByRole('region', { name: 'Your two-factor sign-in' })
    fireEvent.click(await within(card).findByRole('button', { name: 'Turn off' }))
    fireEvent.change(within(card).getByLabelText('Code from your authenticator app'), { target: { value: '123456' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor sign-in' })).toBeTruthy()
    expect(await within(screen.getByRole('region', { name: 'Your two-factor sign-in' })).findByRole('button', { name: 'Turn on' })).toBeTruthy()
  })
})

describe('the sidebar', () => {
  it('holds the recruiter’s work; projections and the component gallery are quiet team tools at its foot', async () => {
    open('/dashboard', { 'GET /api/admin/overview': { body: OVERVIEW }, 'GET /api/admin/two-factor': { body: { enabled: true, recovery_codes_left: 10 } } })
    const sections = await screen.findByRole('navigation', { name: 'Admin workspace' })
    expect(within(sections).getByRole('link', { name: 'Contact inbox' })).toBeTruthy()
    expect(within(sections).queryByRole('link', { name: 'Projections' })).toBeNull()
    expect(within(sections).queryByRole('link', { name: 'Components' })).toBeNull()

    const tools = screen.getByRole('navigation', { name: 'Team tools' })
    expect(within(tools).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Projections', '/dashboard/projections'],
      ['Components', '/components'],
    ])
    fireEvent.click(within(tools).getByRole('link', { name: 'Projections' }))
    expect(await screen.findByText('The projections screen')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1, name: 'Projections' })).toBeTruthy()
  })
})

describe('the Admins screen', () => {
  it('resets another admin’s two-factor sign-in after a confirmation, asking for a code first when needed', async () => {
    const { calls } = open('/dashboard/admins', {
      'GET /api/admin/admins': { body: ADMINS },
      'GET /api/admin/two-factor': { body: { enabled: true, recovery_codes_left: 10 } },
      'POST /api/admin/admins/a2/two-factor/reset': [STEP_UP, { body: { message: 'Two-factor sign-in reset. They set it up again when they next sign in.' } }],
      'POST /api/auth/admin/step-up': { body: { token: localStorage.getItem('jwtToken'), user: { name: 'Alex Admin' } } },
    })
    await screen.findByText('Riley Two-Step')
    // not for yourself
    expect(screen.queryByRole('button', { name: 'Reset two-factor sign-in for Alex Admin' })).toBeNull()
    // nothing to reset for an admin who has not set it up yet
    expect(screen.queryByRole('button', { name: 'Reset two-factor sign-in for Sam New' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor sign-in for Riley Two-Step' }))
    const dialog = screen.getByRole('dialog', { name: 'Reset two-factor sign-in for Riley Two-Step?' })
    // Cancel sends nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls.filter((c) => c.key.includes('/reset'))).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Reset two-factor sign-in for Riley Two-Step' }))
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Reset two-factor sign-in for Riley Two-Step?' })).getByRole('button', { name: 'Reset two-factor' }))
    const stepUp = await screen.findByRole('dialog', { name: 'Confirm it’s you' })
    fireEvent.change(within(stepUp).getByLabelText('Code from your authenticator app'), { target: { value: '123456' } })
    fireEvent.click(within(stepUp).getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText('Two-factor sign-in reset. They set it up again when they next sign in.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.filter((c) => c.key.includes('/reset'))).toHaveLength(2)
  })

  it('has the change-password card beside two-factor sign-in', async () => {
    open('/dashboard/admins', { 'GET /api/admin/admins': { body: ADMINS }, 'GET /api/admin/two-factor': { body: { enabled: true, recovery_codes_left: 10 } } })
    expect(await screen.findByRole('region', { name: 'Change your password' })).toBeTruthy()
  })
})
