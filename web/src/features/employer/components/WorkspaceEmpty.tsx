/**
 * A workspace screen with nothing to show where its content goes (no jobs, no applicants, a job
 * that did not load): the empty state titled as a section under the screen's h1, its one action a
 * link styled as a button.
 */
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClass, type ButtonVariant } from '../../../components/ui/Button'
import { EmptyState } from '../../../components/ui/EmptyState'
import type { IconName } from '../../../components/ui/Icon'

type Props = { title: string; icon?: IconName; to: string; label: string; variant?: ButtonVariant; children: ReactNode }

export function WorkspaceEmpty({ title, icon, to, label, variant = 'outline', children }: Props) {
  return (
    <EmptyState
      title={title}
      icon={icon}
      headingLevel={2}
      action={
        <Link to={to} className={buttonClass(variant)}>
          {label}
        </Link>
      }
    >
      {children}
    </EmptyState>
  )
}
