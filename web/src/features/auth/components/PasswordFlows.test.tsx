import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, scriptFetch } from '../../../testing/harness'
import { CandidateLoginPage } from './CandidateLoginPage'
import { CandidateSignupPage } from './CandidateSignupPage'
import { ForgotPasswordPage } from './ForgotPasswordPage'
import { loginUrlFor, ResetPasswordPage } from './ResetPasswordPage'

freshEachTest()
afterEach(() => vi.restoreAllMocks())

describe('forgot password', () => {
  const routes = [{ path: '/forgot-password', element: <ForgotPasswordPage role="employer" /> }]
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }))

  it("asks for the email: 'Please enter your email'", () => {
    const calls = scriptFetch()
    renderRoutes(routes, '/forgot-password')
    send()
    expect(screen.getByText('Please enter your email')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })

  it("posts to the role's endpoint and shows the server's neutral text", async () => {
    const text = 'If an account exists with this email, a password reset link will be sent.'
    const calls = scriptFetch({ body: { message: text } })
    renderRoutes(routes, '/forgot-password')
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'boss@acme.com' } })
    send()
    expect(await screen.findByText(text)).toBeTruthy()
    expect(calls[0]).toMatchObject({ url: '/api/auth/employer/forgot-password', body: { email: 'boss@acme.com' } })
  })

  it("falls back to 'Failed to process request'", async () => {
    scriptFetch({ status: 500 })
    renderRoutes(routes, '/forgot-password')
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'boss@acme.com' } })
    send()
    expect(await screen.findByText('Failed to process request')).toBeTruthy()
  })

  it('goes back in history with Back to Login', async () => {
    const { router } = renderRoutes([...routes, { path: '/login', element: <p>login page</p> }], '/login')
    await router.navigate('/forgot-password')
    fireEvent.click(await screen.findByRole('button', { name: 'Back to Login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })
})

describe('reset password', () => {
  const routes = [{ path: '/reset-password', element: <ResetPasswordPage role="admin" /> }]
  const fill = (a: string, b: string) => {
    fireEvent.change(screen.getByLabelText('New Password'), { target: { value: a } })
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: b } })
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }))
  }

  it('shows the client messages in order', () => {
    renderRoutes(routes, '/reset-password?token=abc')
    fill('', '')
    expect(screen.getByText('Please fill in all fields')).toBeTruthy()
    fill('weak', 'weak')
    expect(
      screen.getByText('Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character'),
    ).toBeTruthy()
    fill('Password.', 'Password?')
    expect(screen.getByText('Passwords do not match')).toBeTruthy()
  })

  it('has a show/hide toggle on each password field', () => {
    renderRoutes(routes, '/reset-password?token=abc')
    const input = screen.getByLabelText('New Password') as HTMLInputElement
    expect(input.type).toBe('password')
    fireEvent.click(screen.getByRole('button', { name: 'Show new password' }))
    expect(input.type).toBe('text')
    expect(screen.getByRole('button', { name: 'Show confirm password' })).toBeTruthy()
  })

  it('sends the token from the query string and shows the server error', async () => {
    const calls = scriptFetch({ status: 400, body: { error: 'This reset link is invalid or has expired. Please request a new one.' } })
    renderRoutes(routes, '/reset-password?token=tok-123')
    fill('Password(1', 'Password(1')
    expect(await screen.findByText('This reset link is invalid or has expired. Please request a new one.')).toBeTruthy()
    expect(calls[0]).toMatchObject({ url: '/api/auth/admin/reset-password', body: { token: 'tok-123', newPassword: 'Password(1' } })
  })

  it("falls back to 'Failed to reset password'", async () => {
    scriptFetch({ status: 500 })
    renderRoutes(routes, '/reset-password?token=t')
    fill('Password(1', 'Password(1')
    expect(await screen.findByText('Failed to reset password')).toBeTruthy()
  })

  it("redirects to each role's own login site", () => {
    const loc = { protocol: 'https:', hostname: 'employer.harbourit.com.au', port: '' }
    expect(loginUrlFor('candidate', loc)).toBe('https://harbourit.com.au/candidate/login')
    expect(loginUrlFor('admin', loc)).toBe('https://admin.harbourit.com.au/login')
    expect(loginUrlFor('employer', { ...loc, hostname: 'harbourit.com.au' })).toBe('https://employer.harbourit.com.au/login')
  })
})

describe('candidate signup', () => {
  const routes = [
    { path: '/candidate/signup', element: <CandidateSignupPage /> },
    { path: '/candidate/login', element: <p>login page</p> },
  ]
  const fill = () => {
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Jane Citizen' } })
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'jane@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
  }

  it("shows 'Start Your Journey' and the four fields", () => {
    renderRoutes(routes, '/candidate/signup')
    expect(screen.getByRole('heading', { name: 'Start Your Journey' })).toBeTruthy()
    expect(screen.getByLabelText('Phone Number (optional)')).toBeTruthy()
  })

  it('alerts on success and goes to login', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
    const calls = scriptFetch({ status: 201, body: { message: 'ok' } })
    const { router } = renderRoutes(routes, '/candidate/signup')
    fill()
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    expect(alert).toHaveBeenCalledWith('Registration successful! Please log in.')
    expect(calls[0]).toMatchObject({ url: '/api/auth/candidate/register', body: { name: 'Jane Citizen', email: 'jane@example.com' } })
  })

  it('the sign-in page then starts with the email just registered, kept out of the address, and keeps the job', async () => {
    vi.spyOn(window, 'alert').mockImplementation(() => {})
    const job = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f'
    routeFetch({ [`GET /api/jobs/${job}`]: { status: 404 }, 'POST /api/auth/candidate/register': { status: 201, body: { message: 'ok' } } })
    const { router } = renderRoutes(
      [
        { path: '/candidate/signup', element: <CandidateSignupPage /> },
        { path: '/candidate/login', element: <CandidateLoginPage /> },
      ],
      `/candidate/signup?apply=${job}`,
    )
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: ' jane@example.com ' } })
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Jane Citizen' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Password1!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidate/login'))
    expect(router.state.location.search).toBe(`?apply=${job}`)
    expect(router.state.location.state).toEqual({ email: 'jane@example.com' })
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('jane@example.com')
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('')
    expect(document.activeElement).toBe(screen.getByLabelText('Password'))
    expect(screen.getByText(/Sign in to apply for/)).toBeTruthy()
  })

  it('keeps the portal page a signed-out visitor was going to on its way back to the login', () => {
    renderRoutes(routes, '/candidate/signup?to=/candidate/dashboard/applications')
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/candidate/login?to=/candidate/dashboard/applications')
  })

  it("shows the server error, else 'Failed to register'", async () => {
    scriptFetch({ status: 409, body: { error: 'An account with this email already exists' } }, { status: 500 })
    renderRoutes(routes, '/candidate/signup')
    fill()
    expect(await screen.findByText('An account with this email already exists')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    expect(await screen.findByText('Failed to register')).toBeTruthy()
  })
})
