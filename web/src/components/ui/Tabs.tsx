/**
 * In-page tabs (WAI-ARIA tabs pattern): a tablist of buttons, arrow keys / Home / End move between
 * them, only the chosen panel is shown. Route-level tabs (the dashboards) are links in AppShell instead.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

export type TabItem = { id: string; label: string; content: ReactNode }

type Props = { label: string; tabs: TabItem[]; value?: string; onChange?: (id: string) => void }

export function Tabs({ label, tabs, value, onChange }: Props) {
  const base = useId()
  const [own, setOwn] = useState(tabs[0]?.id)
  const current = value ?? own
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const choose = (id: string) => {
    setOwn(id)
    onChange?.(id)
  }
  const onKey = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1
    const next = e.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : e.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null
    if (next === null) return
    e.preventDefault()
    choose(tabs[next].id)
    refs.current[next]?.focus()
  }
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs-list">
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-selected={t.id === current}
            aria-controls={`${base}-panel-${t.id}`}
            tabIndex={t.id === current ? 0 : -1}
            className="tabs-tab"
            onClick={() => choose(t.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) =>
        t.id === current ? (
          <div key={t.id} role="tabpanel" id={`${base}-panel-${t.id}`} aria-labelledby={`${base}-tab-${t.id}`} tabIndex={0} className="tabs-panel">
            {t.content}
          </div>
        ) : null,
      )}
    </div>
  )
}
