/** The one button: variants and sizes from the design tokens; `busy` keeps the label's width and disables it. */
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { Icon, type IconName } from './Icon'

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'link'

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  size?: 'sm' | 'md'
  icon?: IconName
  busy?: boolean
  children: ReactNode
}

/** The class list of a button, for links that must look like one (`<Link className={buttonClass('primary')}>`). */
export function buttonClass(variant: ButtonVariant = 'primary', size: 'sm' | 'md' = 'md') {
  return `btn btn-${variant}${size === 'sm' ? ' btn-sm' : ''}`
}

export function Button({ variant = 'primary', size = 'md', icon, busy = false, className, children, disabled, type = 'button', ...rest }: Props) {
  return (
    <button
      type={type}
      className={`${buttonClass(variant, size)}${className ? ` ${className}` : ''}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {icon ? <Icon name={icon} size={size === 'sm' ? 16 : 18} /> : null}
      {children}
    </button>
  )
}
