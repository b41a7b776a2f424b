/**
 * Public face of sessions (SPEC 6): the session hook, the employer session timer and the ways out
 * (signing out, which ends the session on the server too, and leaving an account its owner has
 * just erased); changing your password from inside a workspace; and the admin's two-factor
 * enrolment gate (issue 26).
 * The sign-in, sign-up and password pages are route pages: app/ imports those modules itself.
 */
export { useSession } from './hooks/useSession'
export { useEmployerSessionTimer } from './hooks/useEmployerSessionTimer'
export { useSignOutAfterErasure } from './hooks/useSignOutAfterErasure'
export { logoutAdmin, logoutTo } from './logout'
export { SESSION_EXPIRED_MESSAGE } from './sessionTimer'
export { ChangePasswordCard } from './components/ChangePasswordCard'
export { PasswordInput } from './components/PasswordInput'
export { ENROLMENT_REQUIRED_CODE, setTwoFactorEnrolment, useTwoFactorEnrolment } from './twoFactorEnrolment'
