/** The on-screen toast stack (SPEC 2.3): any component can push a toast; each one stays 5 s (SPEC 9). */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'

export const TOAST_MS = 5000

export type ToastKind = 'success' | 'warning' | 'error' | 'info'
export type Toast = { id: number; kind: ToastKind; title: string; message?: string }

type ToastApi = { push: (t: Omit<Toast, 'id'>) => void }
const ToastContext = createContext<ToastApi>({ push: () => {} })

let nextId = 1

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const push = useCallback((t: Omit<Toast, 'id'>) => {
    const id = nextId++
    setToasts((all) => [...all, { ...t, id }])
    setTimeout(() => setToasts((all) => all.filter((x) => x.id !== id)), TOAST_MS)
  }, [])
  const api = useMemo(() => ({ push }), [push])
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="toast-stack" role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`}>
            <strong>{t.title}</strong>
            {t.message ? <p>{t.message}</p> : null}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  )
}

export const useToast = () => useContext(ToastContext)
