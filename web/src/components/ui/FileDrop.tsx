/**
 * A file picker that takes a dropped file, a click or the keyboard. The real <input type=file>
 * keeps its <label> (so screen readers and tests find it by name) and lies, transparent, over the
 * whole drop zone: a click or Enter/Space on it opens the system picker, and the zone shows its
 * focus ring. Unlike the bare browser input it never forces its own width on the form: the zone
 * shrinks to the screen.
 */
import { useId, useState, type DragEvent, type ReactNode } from 'react'
import { Icon } from './Icon'

type Props = {
  label: ReactNode
  accept?: string
  hint?: ReactNode
  error?: string | null
  disabled?: boolean
  /** the chosen file's name, shown in the zone */
  fileName?: string | null
  onFile: (file: File | null) => void
  id?: string
  /** extra attributes for the input (aria-required, ...) */
  inputProps?: Record<string, string | boolean | undefined>
}

/** Whether a file matches an `accept` list (".pdf,.docx,image/*"): a drop bypasses the picker's own filter. */
export function acceptsFile(file: File, accept?: string) {
  if (!accept) return true
  const name = file.name.toLowerCase()
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .some((a) => (a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? file.type.startsWith(a.slice(0, -1)) : file.type === a))
}

export function FileDrop({ label, accept, hint, error, disabled = false, fileName, onFile, id, inputProps }: Props) {
  const auto = useId()
  const inputId = id ?? auto
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const [dragging, setDragging] = useState(false)
  const [rejected, setRejected] = useState<string | null>(null)
  const shownError = error ?? rejected
  const describedBy = [hint ? hintId : null, shownError ? errorId : null].filter(Boolean).join(' ') || undefined

  const over = (e: DragEvent) => {
    if (disabled) return
    e.preventDefault()
    setDragging(true)
  }
  const drop = (e: DragEvent) => {
    if (disabled) return
    e.preventDefault()
    setDragging(false)
    const file = e.dataTransfer.files?.[0]
    if (!file) return
    if (!acceptsFile(file, accept)) {
      setRejected(`${file.name} is not one of the accepted file types.`)
      return
    }
    setRejected(null)
    onFile(file)
  }

  return (
    <div className={`filedrop${dragging ? ' is-dragging' : ''}${disabled ? ' is-disabled' : ''}${shownError ? ' is-invalid' : ''}`}>
      <label htmlFor={inputId} className="filedrop-label">
        {label}
      </label>
      <div className="filedrop-zone" onDragEnter={over} onDragOver={over} onDragLeave={() => setDragging(false)} onDrop={drop}>
        <Icon name="upload" size={22} />
        <span className="filedrop-prompt" aria-hidden="true">
          {disabled ? (
            'Not needed: an existing file is chosen'
          ) : (
            <>
              <strong>Choose a file</strong>
              {/* a touch screen cannot drag a file in: it reads just "Choose a file" (styles/components.css) */}
              <span className="filedrop-drag"> or drag it here</span>
            </>
          )}
        </span>
        {fileName ? <span className="filedrop-file">Selected: {fileName}</span> : null}
        <input
          id={inputId}
          type="file"
          className="filedrop-input"
          accept={accept}
          disabled={disabled}
          aria-describedby={describedBy}
          aria-invalid={shownError ? true : undefined}
          onChange={(e) => {
            setRejected(null)
            onFile(e.target.files?.[0] ?? null)
          }}
          {...inputProps}
        />
      </div>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {shownError ? (
        <p id={errorId} className="field-error" role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  )
}
