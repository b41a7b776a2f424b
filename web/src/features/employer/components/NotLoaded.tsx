/** A screen whose job, applicants, applicant or report did not load: why, and the way back to the job list. */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'

export function NotLoaded({ title, message }: { title: string; message: ReactNode }) {
  return (
    <EmptyState
      title={title}
      headingLevel={2}
      action={
        <Link to="/dashboard" className={buttonClass('primary')}>
          Back to your jobs
        </Link>
      }
    >
      <p>{message}</p>
    </EmptyState>
  )
}
