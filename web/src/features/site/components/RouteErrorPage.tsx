/** The router's default error screen (SPEC 8): 'Unexpected Application Error!' and the status or message. */
import { Component, type ReactNode } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim()
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return 'Unknown error'
}

/** The error screen itself. */
export function ErrorScreen({ error }: { error: unknown }) {
  return (
    <main className="error-page">
      <h1>Unexpected Application Error!</h1>
      <p>{describeRouteError(error)}</p>
      <p>
        <a href="/">Return to the home page</a>
      </p>
    </main>
  )
}

/** A data router's `errorElement`. */
export function RouteErrorPage() {
  const error = useRouteError()
  console.error(error)
  return <ErrorScreen error={error} />
}

type BoundaryProps = { children: ReactNode; /** a new value (the next location) clears the error */ resetKey: string }
type BoundaryState = { error: unknown; failed: boolean; resetKey: string }

/** The same screen for a declarative router (PublicApp): any page that throws while rendering, or
 *  whose chunk cannot be loaded, is replaced by it until the location changes. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
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
    return this.state.failed ? <ErrorScreen error={this.state.error} /> : this.props.children
  }
}
