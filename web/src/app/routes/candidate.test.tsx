import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { boardJob } from '../../testing/boardJob'
import { socket } from '../../testing/fakeSocket'
import { freshEachTest, renderRoutes, routeFetch, storeSession, type RouteAnswer } from '../../testing/harness'
import { candidateRoutes } from './candidate'

vi.mock('socket.io-client', () => import('../../testing/fakeSocket'))


const description = 'Build things. '.repeat(20)

const baseTable: Record<string, RouteAnswer> = {
  'GET /api/auth/candidate/profile': () => ({ body: { id: 'u1', name: 'Jane Citizen', email: 'jane@example.com' } }),
  'GET /api/admin/jobs/job-board': () => ({ body: [boardJob('j1', 'React Developer', { description }), boardJob('j2', 'Data Engineer', { type: 'Contract', description })] }),
  'GET /api/reference/locations': () => ({ body: { data: [{ id: 'syd', display_name: 'Sydney' }] } }),
  'GET /api/reference/salary-ranges': () => ({ body: { data: [{ id: 's1', display_name: '$100k-$120k' }] } }),
  'GET /api/applications/my-applications': () => ({ body: [] }),
  'GET /api/documents': () => ({ body: { documents: [] } }),
  'GET /api/documents/stats': () => ({ body: { stats: [] } }),
  'GET /api/notifications?limit=20&offset=0': () => ({ body: { notifications: [], total: 0, unread_count: 0 } }),
  'GET /api/notifications/unread-count': () => ({ body: { unread_count: 0 } }),
}

freshEachTest(() => storeSession('candidate', { name: 'Jane Citizen' }))
beforeEach(() => {
  socket.reset()
})
afterEach(() => vi.restoreAllMocks())

describe('candidate dashboard', () => {
  it('sends an unauthenticated visitor to /candidate/login', async () => {
    localStorage.clear()
    routeFetch(baseTable)
    const { router } = renderRoutes(candidateRoutes, '/candidate/dashboard/jobs')
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    // the login screen is its own lazy chunk: wait for it to load
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy()
  })

  it('greets by first name and shows the five tabs and sign out', async () => {
    routeFetch(baseTable)
    renderRoutes(candidateRoutes, '/candidate/dashboard')
    expect(await screen.findByRole('heading', { level: 1, name: /, Jane$/ })).toBeTruthy()
    const nav = screen.getByRole('navigation', { name: 'Dashboard' })
    for (const name of ['Browse Jobs', 'My Applications', 'Documents', 'Profile', 'Privacy']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy()
    }
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy()
  })

  it('signing out ends the session on the server, then clears it and goes to the sign-in page', async () => {
    const token = localStorage.getItem('authToken')
    const calls = routeFetch({ ...baseTable, 'POST /api/auth/sign-out': { body: { message: 'You have signed out.' } } })
    const { router } = renderRoutes(candidateRoutes, '/candidate/dashboard')
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    expect(calls.filter((c) => c.key === 'POST /api/auth/sign-out').map((c) => c.auth)).toEqual([`Bearer ${token}`])
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it('signing out leaves all the same when the server cannot be reached', async () => {
    routeFetch({ ...baseTable, 'POST /api/auth/sign-out': () => { throw new TypeError('Failed to fetch') } })
    const { router } = renderRoutes(candidateRoutes, '/candidate/dashboard')
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it("shows 'Oops! Something went wrong.' when the user cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    routeFetch({ ...baseTable, 'GET /api/auth/candidate/profile': () => ({ status: 500 }) })
    renderRoutes(candidateRoutes, '/candidate/dashboard/jobs')
    expect(await screen.findByText('Oops! Something went wrong.')).toBeTruthy()
  })

  it('filters jobs by type and shows the empty text', async () => {
    routeFetch(baseTable)
    renderRoutes(candidateRoutes, '/candidate/dashboard/jobs')
    expect(await screen.findByRole('heading', { name: 'React Developer' })).toBeTruthy()
    const type = screen.getByLabelText('Job type') as HTMLSelectElement
    expect([...type.options].map((o) => o.value)).toEqual(['', 'Full-time', 'Contract'])
    fireEvent.change(type, { target: { value: 'Contract' } })
    expect(screen.queryByRole('heading', { name: 'React Developer' })).toBeNull()
    fireEvent.change(screen.getByLabelText('Search jobs'), { target: { value: 'zzz' } })
    expect(screen.getByText('No jobs found matching your criteria')).toBeTruthy()
  })

  it('applies for a job and marks it Applied Successfully', async () => {
    const table: Record<string, RouteAnswer> = {
      ...baseTable,
      'POST /api/applications/submit': () => ({ status: 201, body: { id: 'a1', message: 'ok' } }),
    }
    const calls = routeFetch(table)
    renderRoutes(candidateRoutes, '/candidate/dashboard/jobs')
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Now for React Developer' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    // make the refetched list include the new application so the Applied state survives invalidation
    table['GET /api/applications/my-applications'] = () => ({
      body: [{ id: 'a1', job_id: 'j1', job_title: 'React Developer', company: 'Acme', status: 'pending', progress: 'received', interviews: [], created_at: '2025-01-02T00:00:00Z' }],
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText('Application submitted successfully')).toBeTruthy()
    const applied = screen.getByRole('button', { name: 'Applied Successfully' }) as HTMLButtonElement
    expect(applied.disabled).toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
    const submit = calls.find((c) => c.key === 'POST /api/applications/submit')!
    expect(submit.body).toEqual({ jobId: 'j1' })
  })

  it("shows 'Failed to submit application. Please try again.' when applying fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    routeFetch({ ...baseTable, 'POST /api/applications/submit': () => ({ status: 409, body: { error: 'dup' } }) })
    renderRoutes(candidateRoutes, '/candidate/dashboard/jobs')
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Now for React Developer' }))
    fireEvent.click(screen.getByRole('button', { name: 'Submit Application' }))
    expect(await screen.findByText('Failed to submit application. Please try again.')).toBeTruthy()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('refuses a new resume that is not PDF or Word, and says when none goes with the application', async () => {
    const calls = routeFetch(baseTable)
    renderRoutes(candidateRoutes, '/candidate/dashboard/jobs')
    fireEvent.click(await screen.findByRole('button', { name: 'Apply Now for React Developer' }))
    const dialog = screen.getByRole('dialog')
    expect(await within(dialog).findByText('No resume attached. You can apply without one, but most employers expect it.')).toBeTruthy()
    const input = within(dialog).getByLabelText('Or upload a new resume (.pdf, .doc, .docx)')
    fireEvent.change(input, { target: { files: [new File(['plain'], 'cv.txt', { type: 'text/plain' })] } })
    expect(within(dialog).getByText('Please select a PDF or Word document (.pdf, .doc, .docx)')).toBeTruthy()
    expect(within(dialog).queryByText('Selected: cv.txt')).toBeNull()
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } })
    expect(within(dialog).queryByText('Please select a PDF or Word document (.pdf, .doc, .docx)')).toBeNull()
    expect(within(dialog).getByText('Selected: cv.pdf')).toBeTruthy()
    expect(within(dialog).queryByText(/No resume attached/)).toBeNull()
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false)
  })

  it("shows 'Failed to load jobs. Please try again later.'", async () => {
    routeFetch({ ...baseTable, 'GET /api/admin/jobs/job-board': () => ({ body: { not: 'an array' } }) })
    renderRoutes(candidateRoutes, '/candidate/dashboard/jobs')
    expect(await screen.findByText('Failed to load jobs. Please try again later.')).toBeTruthy()
  })

  it('lists applications with counts and a neutral icon for unknown status', async () => {
    routeFetch({
      ...baseTable,
      'GET /api/applications/my-applications': () => ({
        body: [
          { id: 'a1', job_id: 'j1', job_title: 'React Developer', company: 'Acme', status: 'pending', progress: 'in_review', interviews: [], created_at: '2025-01-02T00:00:00Z' },
          { id: 'a2', job_id: 'j2', job_title: 'Data Engineer', company: 'Beta', status: 'accepted', progress: 'interview', interviews: [], created_at: '2025-01-02T00:00:00Z', feedback: 'Great fit' },
          { id: 'a3', job_id: 'j3', job_title: 'QA', company: 'Gamma', status: 'withdrawn', progress: 'on_hold', interviews: [], created_at: '2025-01-02T00:00:00Z' },
        ],
      }),
    })
    renderRoutes(candidateRoutes, '/candidate/dashboard/applications')
    expect(await screen.findByText('Great fit')).toBeTruthy()
    const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(stat('Under review')).toBe('1')
    expect(stat('Moving forward')).toBe('1')
    expect(stat('Not progressed')).toBe('0')
    // each card says where it stands, never the SPEC's "Accepted"
    expect(screen.getByText('In review')).toBeTruthy()
    expect(screen.getByText('Invited to interview')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'My Applications' }).textContent).not.toMatch(/accepted/i)
    // a step it does not know shows its status as it comes, neutral
    expect(screen.getByText('withdrawn').className).toBe('badge badge-neutral')
    // each names the job it was for, linked to its ad
    expect(screen.getByRole('link', { name: 'Data Engineer' }).getAttribute('href')).toBe('/jobs/j2')
  })

  it("offers Try Again after 'Failed to load applications. Please try again later.'", async () => {
    const table: Record<string, RouteAnswer> = { ...baseTable, 'GET /api/applications/my-applications': () => ({ status: 500 }) }
    routeFetch(table)
    renderRoutes(candidateRoutes, '/candidate/dashboard/applications')
    expect(await screen.findByText('Failed to load applications. Please try again later.')).toBeTruthy()
    table['GET /api/applications/my-applications'] = () => ({ body: [] })
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(await screen.findByText('No applications yet')).toBeTruthy()
  })

  it('validates the document upload dialog', async () => {
    routeFetch(baseTable)
    renderRoutes(candidateRoutes, '/candidate/dashboard/documents')
    expect(await screen.findByText('No documents found')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Upload Document' }))
    const dialog = screen.getByRole('dialog', { name: 'Upload Document' })
    expect(within(dialog).getByText(/Maximum size 10MB/)).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }))
    expect(within(dialog).getByText('Please provide a title and select a file')).toBeTruthy()
  })

  it('edits a document: the type chosen in the dialog is the one sent', async () => {
    const doc = { id: 'd1', title: 'My CV', description: null, document_type: 'other', original_name: 'cv.pdf', file_size: 10, created_at: '2025-01-01T00:00:00Z' }
    const calls = routeFetch({
      ...baseTable,
      'GET /api/documents': () => ({ body: { documents: [doc] } }),
      'PUT /api/documents/d1': () => ({ body: { message: 'Document updated successfully', document: { id: 'd1' } } }),
    })
    renderRoutes(candidateRoutes, '/candidate/dashboard/documents')
    fireEvent.click(await screen.findByRole('button', { name: 'Edit My CV' }))
    const dialog = screen.getByRole('dialog', { name: 'Edit Document' })
    fireEvent.change(within(dialog).getByLabelText('Document type'), { target: { value: 'certificate' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(calls.find((c) => c.key === 'PUT /api/documents/d1')?.body).toEqual({ title: 'My CV', description: '', document_type: 'certificate' }))
  })

  it('checks the profile education and experience add-forms', async () => {
    routeFetch({
      ...baseTable,
      'GET /api/candidate/profile': () => ({
        body: { name: 'Jane Citizen', email: 'jane@example.com', education: [], experience: [], resumeFilename: null },
      }),
    })
    renderRoutes(candidateRoutes, '/candidate/dashboard/profile')
    for (const legend of ['Basic Information', 'Education', 'Work Experience', 'Skills & Languages', 'Contact & Professional Links', 'Resume/CV']) {
      expect(await screen.findByText(legend, { selector: 'legend' })).toBeTruthy()
    }
    fireEvent.click(screen.getByRole('button', { name: 'Add Education' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByText('Please fill in degree and institution fields.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Degree'), { target: { value: 'BSc' } })
    fireEvent.change(screen.getByLabelText('Institution'), { target: { value: 'UNSW' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByRole('button', { name: 'Remove education BSc' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add Experience' }))
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(screen.getByText('Please fill in company and position fields.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Save Profile' })).toBeTruthy()
  })

  it('Save Profile keeps an entry left in its Add form, and refuses an unfinished one', async () => {
    const table: Record<string, RouteAnswer> = {
      ...baseTable,
      'GET /api/candidate/profile': () => ({
        body: { name: 'Jane Citizen', email: 'jane@example.com', education: [], experience: [], resumeFilename: null },
      }),
      'PUT /api/candidate/profile': () => ({ body: { message: 'ok' } }),
    }
    const calls = routeFetch(table)
    renderRoutes(candidateRoutes, '/candidate/dashboard/profile')
    fireEvent.click(await screen.findByRole('button', { name: 'Add Experience' }))
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'Acme' } })
    // unfinished: nothing is sent, and the form says what is missing
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }))
    expect(await screen.findByText('Finish or cancel the entry you started before saving.')).toBeTruthy()
    expect(screen.getByText('Please fill in company and position fields.')).toBeTruthy()
    expect(calls.some((c) => c.key === 'PUT /api/candidate/profile')).toBe(false)
    // finished but never added: saved with the rest, as meant
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'Developer' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save Profile' }))
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy()
    const put = calls.find((c) => c.key === 'PUT /api/candidate/profile')!
    expect((put.body as { experience: { company: string; position: string }[] }).experience).toEqual([
      expect.objectContaining({ company: 'Acme', position: 'Developer' }),
    ])
    expect(screen.getByRole('button', { name: 'Remove experience Developer at Acme' })).toBeTruthy()
  })

  it('connects the socket with the token and patches the bell from events', async () => {
    routeFetch(baseTable)
    renderRoutes(candidateRoutes, '/candidate/dashboard/jobs')
    await screen.findByRole('heading', { name: 'React Developer' })
    expect(socket.options).toMatchObject({
      auth: { token: localStorage.getItem('authToken'), user_type: 'candidate' },
      transports: ['websocket', 'polling'],
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20000,
    })
    act(() => socket.fire('connect'))
    expect(socket.emit).toHaveBeenCalledWith('get_notifications', { limit: 50, offset: 0 })
    act(() =>
      socket.fire('notification', {
        id: 'n1',
        type: 'success',
        title: 'Application viewed',
        message: 'Acme viewed your application',
        is_read: false,
        created_at: new Date().toISOString(),
      }),
    )
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' })
    // the toast
    expect(screen.getByText('Acme viewed your application')).toBeTruthy()
    fireEvent.click(bell)
    expect(screen.getByText('Live')).toBeTruthy()
    expect(await screen.findByText('Just now')).toBeTruthy()
    act(() => socket.fire('connect_error', new Error('unauthorized')))
    expect(await screen.findByText('Not live: reconnecting')).toBeTruthy()
    act(() => socket.fire('all_notifications_read'))
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy()
  })

  it('Privacy: erasing the account leaves the portal for the home page, signed out, not for the sign-in page', async () => {
    // the portal's guard sends a signed-out visitor to /candidate/login; the home page must win
    routeFetch({ ...baseTable, 'POST /api/account/erase': { body: { status: 'erased', erased_at: '2026-11-23T01:02:03Z' } } })
    const { router } = renderRoutes([{ path: '/', element: <h1>Harbour IT home</h1> }, ...candidateRoutes], '/candidate/dashboard/privacy')
    expect(await screen.findByRole('heading', { level: 2, name: 'Privacy' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Privacy' }).getAttribute('aria-current')).toBe('page')
    fireEvent.click(screen.getByRole('button', { name: 'Erase my account…' }))
    const dialog = screen.getByRole('dialog', { name: 'Erase your account?' })
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'Candidate1!' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase my account' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour IT home' })).toBeTruthy()
    await waitFor(() => expect(localStorage.getItem('authToken')).toBeNull())
    // a moment later it is still home: no late redirect to the sign-in page
    await new Promise((r) => setTimeout(r, 50))
    expect(router.state.location.pathname).toBe('/')
    expect(screen.getByText('Your account has been erased.')).toBeTruthy()
  })

  it('Privacy: changes the password and carries on signed in with the new token', async () => {
    const fresh = `${localStorage.getItem('authToken')}x`
    const calls = routeFetch({
      ...baseTable,
      'POST /api/auth/change-password': { body: { message: 'Your password has been changed. You have been signed out on your other devices.', token: fresh } },
    })
    renderRoutes(candidateRoutes, '/candidate/dashboard/privacy')
    const card = await screen.findByRole('region', { name: 'Change your password' })
    fireEvent.change(within(card).getByLabelText('Current password'), { target: { value: 'Candidate1!' } })
    fireEvent.change(within(card).getByLabelText('New password'), { target: { value: 'Harbour#Sunrise2026' } })
    fireEvent.change(within(card).getByLabelText('Confirm new password'), { target: { value: 'Harbour#Sunrise2026' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Change password' }))
    expect(await within(card).findByText('Your password has been changed. You have been signed out on your other devices.')).toBeTruthy()
    expect(calls.find((c) => c.key === 'POST /api/auth/change-password')?.body).toEqual({ currentPassword: 'Candidate1!', newPassword: 'Harbour#Sunrise2026' })
    expect(localStorage.getItem('authToken')).toBe(fresh)
    expect(screen.getByRole('heading', { level: 2, name: 'Privacy' })).toBeTruthy()
  })
})
