/** Where a data export has got to: a polite status line while it runs or once saved, an alert if it failed. */
import { ErrorAlert } from '../../../components/ui/Alert'
import type { ExportState } from '../model/exportProgress'
import { exportStatusText } from '../model/exportProgress'

export function ExportStatus({ state }: { state: ExportState }) {
  if (state.phase === 'failed') {
    return <ErrorAlert message={state.message} />
  }
  // always in the page, so a screen reader hears each change to it
  return (
    <p className={`pv-status${state.phase === 'saved' ? ' alert alert-success' : ' pv-muted'}`} role="status">
      {exportStatusText(state)}
    </p>
  )
}
