/** A screen whose job, applicants, applicant or report did not load: why, and the way back to the job list. */
import type { ReactNode } from 'react'
import { WorkspaceEmpty } from './WorkspaceEmpty'

export function NotLoaded({ title, message }: { title: string; message: ReactNode }) {
  return (
    <WorkspaceEmpty title={title} to="/dashboard" label="Back to your jobs" variant="primary">
      <p>{message}</p>
    </WorkspaceEmpty>
  )
}
