/**
 * Whether the signed-in admin may only set up two-factor sign-in (issue 26: it is mandatory for
 * admins). The sign-in reply says so (`two_factor_enrolment_required`), and so does any admin call
 * refused with the code `two_factor_enrolment_required`; the admin workspace then shows only the
 * set-up until it is done. Kept beside the admin session in localStorage so a reload keeps the
 * gate up without first showing screens that cannot load; signing out or in clears it.
 */
import { useSyncExternalStore } from 'react'

export const ENROLMENT_KEY = 'adminTwoFactorEnrolment'

/** The `code` of the server's refusal while enrolment is outstanding. */
export const ENROLMENT_REQUIRED_CODE = 'two_factor_enrolment_required'

const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

export function twoFactorEnrolmentRequired(storage: Storage = localStorage): boolean {
  return storage.getItem(ENROLMENT_KEY) === 'required'
}

export function setTwoFactorEnrolment(required: boolean, storage: Storage = localStorage) {
  if (required === twoFactorEnrolmentRequired(storage)) return
  if (required) storage.setItem(ENROLMENT_KEY, 'required')
  else storage.removeItem(ENROLMENT_KEY)
  listeners.forEach((l) => l())
}

export const clearTwoFactorEnrolment = () => setTwoFactorEnrolment(false)

/** The gate as React state: true while the admin must set up two-factor sign-in first. */
export function useTwoFactorEnrolment(): boolean {
  return useSyncExternalStore(subscribe, () => twoFactorEnrolmentRequired(), () => false)
}
