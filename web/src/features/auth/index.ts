/**
 * Public face of sessions (SPEC 6): the session hook, the employer session timer and the ways out
 * (signing out, and leaving an account its owner has just erased).
 * The sign-in, sign-up and password pages are route pages: app/ imports those modules itself.
 */
export { useSession } from './hooks/useSession'
export { useEmployerSessionTimer } from './hooks/useEmployerSessionTimer'
export { useSignOutAfterErasure } from './hooks/useSignOutAfterErasure'
export { logoutAdmin, logoutTo } from './logout'
export { SESSION_EXPIRED_MESSAGE } from './sessionTimer'
