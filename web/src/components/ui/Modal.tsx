/** An accessible modal dialog: role=dialog, aria-modal, labelled by its title, Escape closes, focus kept inside. */
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { Button } from './Button'
import type { IconName } from './Icon'
import './modal.css'

/** `viewer`: nearly the whole viewport (a document preview); the whole screen on a phone. */
type Props = { title: string; onClose: () => void; children: ReactNode; size?: 'default' | 'viewer' }

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export function Modal({ title, onClose, children, size = 'default' }: Props) {
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    const first = ref.current?.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? ref.current)?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current()
      if (e.key === 'Tab' && ref.current) {
        const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
        if (items.length === 0) return
        const last = items[items.length - 1]
        if (e.shiftKey && document.activeElement === items[0]) {
          e.preventDefault()
          last.focus()
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault()
          items[0].focus()
        }
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      previous?.focus?.()
    }
  }, [])

  return (
    <div className="modal-overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className={size === 'viewer' ? 'modal modal-viewer' : 'modal'} role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref} tabIndex={-1}>
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" aria-label="Close dialog" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  )
}

/** The row of buttons at the foot of a dialog, right-aligned. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className="modal-actions">{children}</div>
}

type FormActionsProps = {
  onCancel: () => void
  cancelLabel?: string
  /** keeps the leaving button off while the submit runs */
  cancelDisabled?: boolean
  submitLabel: ReactNode
  danger?: boolean
  icon?: IconName
  busy?: boolean
  submitDisabled?: boolean
}

/** A form dialog's footer: a quiet button that leaves, then the form's submit button. */
export function ModalFormActions({ onCancel, cancelLabel = 'Cancel', cancelDisabled, submitLabel, danger = false, icon, busy, submitDisabled }: FormActionsProps) {
  return (
    <ModalActions>
      <Button variant="ghost" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={danger ? 'danger' : 'primary'} icon={icon} busy={busy} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </ModalActions>
  )
}
