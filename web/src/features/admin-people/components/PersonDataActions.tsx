/**
 * "Export data" and "Erase…" for one candidate or employer account (issue 12). The export is saved
 * as a file and a toast says how it went; erasing opens EraseDialog. An erased person keeps the
 * export (what is still held about them is theirs to see) but not the erase.
 */
import { useState } from 'react'
import { Button } from '../../../components/ui/Button'
import { useToast } from '../../../components/ui/toast'
import { usePersonExport } from '../api/export-person'
import { EraseDialog } from './EraseDialog'

type Props = {
  id: string
  /** how buttons and dialogs name them: "Sam Lee", "Acme Pty Ltd" */
  name: string
  erased: boolean
  size?: 'sm' | 'md'
}

export function PersonDataActions({ id, name, erased, size = 'sm' }: Props) {
  const { push } = useToast()
  const [erasing, setErasing] = useState(false)
  const exporting = usePersonExport(id, {
    onSaved: (filename) => push({ kind: 'success', title: 'Data exported', message: `${name}’s data is downloading as ${filename}.` }),
    onFailed: (message) => push({ kind: 'error', title: 'Export failed', message }),
  })
  return (
    <>
      <Button size={size} variant="outline" icon="download" busy={exporting.busy} onClick={exporting.start} aria-label={`Export data for ${name}`}>
        {exporting.busy ? 'Exporting…' : 'Export data'}
      </Button>
      {erased ? null : (
        <Button size={size} variant="danger" icon="trash" onClick={() => setErasing(true)} aria-label={`Erase ${name}`}>
          Erase…
        </Button>
      )}
      {erasing ? <EraseDialog target={{ kind: 'person', id }} name={name} onClose={() => setErasing(false)} /> : null}
    </>
  )
}
