/** The card every sign-in, sign-up and password screen sits in. */
import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../../hooks/useDocumentTitle'
import '../auth.css'

type Props = { title: string; subtitle?: string; /** the tab title, when the heading alone is too generic */ pageTitle?: string; children: ReactNode }

export function AuthCard({ title, subtitle, pageTitle, children }: Props) {
  useDocumentTitle(pageTitle ?? title)
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </section>
    </div>
  )
}

export function FormAlert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  )
}
