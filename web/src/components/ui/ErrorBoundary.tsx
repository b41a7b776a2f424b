/** The error boundary of both apps: a screen that throws while rendering, or whose chunk cannot be loaded, is replaced by the app's error screen until the location changes. */
import { Component, type ReactNode } from 'react'

type BoundaryProps = {
  children: ReactNode
  /** a new value (the next location) clears the error */
  resetKey: string
  /** the app's error screen */
  fallback: (error: unknown) => ReactNode
}
type BoundaryState = { error: unknown; failed: boolean; resetKey: string }

export class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, failed: false, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, failed: false, resetKey: props.resetKey }
  }

  componentDidCatch(error: unknown) {
    console.error(error)
  }

  render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children
  }
}
