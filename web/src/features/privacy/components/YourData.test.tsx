import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Navigate, Outlet } from 'react-router'
import { freshEachTest, renderRoutes, routeFetch, storeSession, testQueryClient } from '../../../testing/harness'
import { useSession } from '../../auth'
import { exportFileName, exportStatusText } from '../model/exportProgress'
import { YourData } from './YourData'

/** The portals' guards in miniature: without a session, off to the role's sign-in page. */
function Guard({ role }: { role: 'candidate' | 'employer' }) {
  const session = useSession(role)
  if (session.status !== 'authenticated') return <Navigate to={role === 'candidate' ? '/candidate/login' : '/login'} replace />
  return <Outlet />
}

const routesFor = (role: 'candidate' | 'employer') => [
  { path: '/', element: <h1>Home page</h1> },
  { path: '/candidate/login', element: <h1>Candidate sign-in</h1> },
  { path: '/login', element: <h1>Employer sign-in</h1> },
  { element: <Guard role={role} />, children: [{ path: '/privacy', element: <YourData role={role} /> }] },
]

const ERASED = { status: 'erased', erased_at: '2026-11-23T01:02:03Z', message: 'Your account and personal data have been erased.' }

const open = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Erase my account…' }))
  return screen.getByRole('dialog', { name: 'Erase your account?' })
}
const confirm = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Erase my account' }))
/** Types `password` into the dialog's field, then confirms. */
const confirmWith = (dialog: HTMLElement, password: string) => {
  fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: password } })
  confirm(dialog)
}
const erases = <C extends { key: string }>(calls: C[]) => calls.filter((c) => c.key === 'POST /api/account/erase')

freshEachTest(() => {
  storeSession('candidate', { name: 'Jane Citizen', role: 'candidate' }, { role: 'candidate' })
  storeSession('employer', { name: 'Grace Employer', role: 'employer' }, { role: 'employer' })
})
afterEach(() => vi.restoreAllMocks())

describe('erase my account', () => {
  it('says what is erased, what stays and that it is final', async () => {
    routeFetch({})
    renderRoutes(routesFor('candidate'), '/privacy')
    const zone = await screen.findByRole('region', { name: 'Erase your account' })
    expect(within(zone).getByText(/It can’t be undone/)).toBeTruthy()
    const [erased, kept] = within(zone).getAllByRole('list')
    expect(within(erased).getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['Your name, email address and phone number', 'Your resume and every document you’ve uploaded', 'Your notifications and messages']),
    )
    expect(kept.textContent).toMatch(/dates it moved from stage to stage/)
  })

  it('asks for the password before sending anything', async () => {
    const calls = routeFetch({ 'POST /api/account/erase': { body: ERASED } })
    renderRoutes(routesFor('candidate'), '/privacy')
    const dialog = await open()
    const field = within(dialog).getByLabelText('Your password')
    expect(field.getAttribute('type')).toBe('password')
    expect(field.getAttribute('autocomplete')).toBe('current-password')
    confirm(dialog)
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Enter your password to confirm')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(erases(calls)).toHaveLength(0)
  })

  it('shows a wrong password beside the field, and too many tries above it, in the server’s words', async () => {
    const calls = routeFetch({
      'POST /api/account/erase': [
        { status: 403, body: { error: 'That password is incorrect' } },
        { status: 429, body: { error: 'Too many attempts. Please wait 15 minutes and try again.' } },
      ],
    })
    renderRoutes(routesFor('candidate'), '/privacy')
    const dialog = await open()
    const field = within(dialog).getByLabelText('Your password') as HTMLInputElement
    fireEvent.change(field, { target: { value: 'Wrong-pass1' } })
    confirm(dialog)
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('That password is incorrect'))
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.value).toBe('')
    expect(erases(calls)[0]).toMatchObject({ body: { password: 'Wrong-pass1' } })
    expect(erases(calls)[0].auth).toMatch(/^Bearer /)

    fireEvent.change(field, { target: { value: 'Again-pass1' } })
    confirm(dialog)
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Too many attempts. Please wait 15 minutes and try again.'))
    expect(field.getAttribute('aria-invalid')).toBeNull()
    expect(within(dialog).getByRole('alert').className).toContain('alert-error')
    // still signed in, still here
    expect(localStorage.getItem('authToken')).toBeTruthy()
  })

  it('a 422 from the server lands in the field too; Keep my account closes the dialog', async () => {
    routeFetch({ 'POST /api/account/erase': { status: 422, body: { message: 'Enter your password to confirm' } } })
    renderRoutes(routesFor('candidate'), '/privacy')
    const dialog = await open()
    confirmWith(dialog, ' ')
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Enter your password to confirm'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('candidate: once erased, the toast says so, the session and the cache are gone and the home page shows', async () => {
    const calls = routeFetch({ 'POST /api/account/erase': { body: ERASED } })
    const client = testQueryClient()
    client.setQueryData(['candidate', 'profile'], { name: 'Jane Citizen' })
    const { router } = renderRoutes(routesFor('candidate'), '/privacy', client)
    const dialog = await open()
    confirmWith(dialog, 'Candidate1!')
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/')
    expect(await screen.findByText('Your account has been erased.')).toBeTruthy()
    await waitFor(() => expect(localStorage.getItem('authToken')).toBeNull())
    expect(localStorage.getItem('candidateData')).toBeNull()
    expect(client.getQueryData(['candidate', 'profile'])).toBeUndefined()
    expect(erases(calls)).toHaveLength(1)
  })

  it('employer: once erased, signed out onto the sign-in page with the toast', async () => {
    routeFetch({ 'POST /api/account/erase': { body: ERASED } })
    const { router } = renderRoutes(routesFor('employer'), '/privacy')
    expect(screen.getAllByRole('list')[0].textContent).not.toMatch(/resume/)
    const dialog = await open()
    confirmWith(dialog, 'Employer1!')
    expect(await screen.findByRole('heading', { name: 'Employer sign-in' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(await screen.findByText('Your account has been erased.')).toBeTruthy()
    expect(localStorage.getItem('employerUser')).toBeNull()
  })
})

describe('download my data', () => {
  const zip = 'PK\u0003\u0004 not really a zip'

  it('asks for a link, fetches it with the session and saves the ZIP under the server’s name', async () => {
    const calls = routeFetch({
      'POST /api/account/export': { status: 201, body: { url: '/api/exports/tok-1', expires_at: '2026-11-23T02:00:00Z' } },
      'GET /api/exports/tok-1': { raw: zip, headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="harbour-it-data-2026-11-23.zip"' } },
    })
    const saved: { name: string; size: number }[] = []
    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: (b: Blob) => (saved.push({ name: '', size: b.size }), 'blob:zip'), revokeObjectURL: () => {} }))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download
    })
    renderRoutes(routesFor('candidate'), '/privacy')
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }))
    expect(await screen.findByText('Downloaded as harbour-it-data-2026-11-23.zip. You’ll find it in your browser’s downloads.')).toBeTruthy()
    expect(saved).toEqual([{ name: 'harbour-it-data-2026-11-23.zip', size: zip.length }])
    const token = localStorage.getItem('authToken')
    expect(calls.map((c) => [c.key, c.auth])).toEqual([
      ['POST /api/account/export', `Bearer ${token}`],
      ['GET /api/exports/tok-1', `Bearer ${token}`],
    ])
  })

  it('employer: the employer’s own session asks', async () => {
    const calls = routeFetch({
      'POST /api/account/export': { status: 201, body: { url: '/api/exports/tok-2', expires_at: '2026-11-23T02:00:00Z' } },
      'GET /api/exports/tok-2': { raw: zip },
    })
    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: () => 'blob:zip', revokeObjectURL: () => {} }))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderRoutes(routesFor('employer'), '/privacy')
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }))
    await waitFor(() => expect(click).toHaveBeenCalledOnce())
    expect(calls.every((c) => c.auth === `Bearer ${localStorage.getItem('jwtToken')}`)).toBe(true)
    // no Content-Disposition: the name it would have had
    expect(await screen.findByText(new RegExp(`Downloaded as ${exportFileName(new Date()).replace(/\./g, '\\.')}`))).toBeTruthy()
  })

  it('shows the server’s 410 as it is, and nothing is saved', async () => {
    routeFetch({
      'POST /api/account/export': { status: 201, body: { url: '/api/exports/tok-3', expires_at: '2026-11-23T02:00:00Z' } },
      'GET /api/exports/tok-3': { status: 410, body: { message: 'This download link has expired. Ask for a new export.' } },
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderRoutes(routesFor('candidate'), '/privacy')
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This download link has expired. Ask for a new export.')
    expect(click).not.toHaveBeenCalled()
    // and it can be asked for again
    expect((screen.getByRole('button', { name: 'Download my data' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('says something useful when the server gave no words', async () => {
    routeFetch({ 'POST /api/account/export': { status: 500 } })
    renderRoutes(routesFor('candidate'), '/privacy')
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }))
    expect((await screen.findByRole('alert')).textContent).toBe('We couldn’t prepare the download just now. Please try again in a few minutes.')
  })
})

describe('export status line', () => {
  it('says where the download has got to', () => {
    expect(exportStatusText({ phase: 'idle' })).toBe('')
    expect(exportStatusText({ phase: 'preparing' })).toBe('Gathering the data…')
    expect(exportStatusText({ phase: 'downloading', received: 0, total: null })).toBe('Downloading…')
    expect(exportStatusText({ phase: 'downloading', received: 1536, total: null })).toBe('Downloading… 1.5 KB so far')
    expect(exportStatusText({ phase: 'downloading', received: 1024, total: 2048 })).toBe('Downloading… 1 KB of 2 KB')
  })
  it('names the file by the Sydney date when the server gives no name', () => {
    // 23 Nov 2026, 11 pm UTC is already the 24th in Sydney
    expect(exportFileName(new Date('2026-11-23T23:00:00Z'))).toBe('harbour-it-data-2026-11-24.zip')
  })
})
