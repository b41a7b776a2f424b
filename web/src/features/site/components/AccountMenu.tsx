/**
 * Signed in as a candidate, the header knows it (issue 27): a button with the person's first name
 * opens a short list (their dashboard, applications, privacy, sign out) in place of "Candidate
 * Login". A disclosure, not an ARIA menu: plain links and a button, reachable by Tab.
 *
 * It sits in the public header, which the home page ships with no query client (QueryRoot), so
 * sign-out reloads the login page: the portal's cached data goes with the page.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { firstName } from '../../../lib/format'
import { logoutTo, useSession } from '../../auth'

export function AccountMenu() {
  const session = useSession('candidate')
  const [open, setOpen] = useState(false)
  const listId = useId()
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointer = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  if (session.status !== 'authenticated') return null
  const name = firstName(session.user.name) || 'My account'
  const close = () => setOpen(false)

  return (
    <div className="account-menu" ref={ref}>
      <button type="button" className="account-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
        <span className="account-avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="account-name" title={name}>
          {name}
        </span>
        <span className="visually-hidden"> (your account)</span>
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="account-list" hidden={!open}>
        {/* the whole name, which a phone's button (the avatar alone) does not show */}
        <li className="account-who">
          Signed in as <strong>{session.user.name?.trim() || name}</strong>
        </li>
        <li>
          <Link to="/candidate/dashboard/jobs" onClick={close}>
            My dashboard
          </Link>
        </li>
        <li>
          <Link to="/candidate/dashboard/applications" onClick={close}>
            My applications
          </Link>
        </li>
        <li>
          <Link to="/candidate/dashboard/privacy" onClick={close}>
            Privacy
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => logoutTo('candidate', (to) => window.location.assign(to))}>
            Sign out
          </button>
        </li>
      </ul>
    </div>
  )
}
