/** The router's default error screen (SPEC 8): 'Unexpected Application Error!' and the status or message. */
import type { ReactNode } from 'react'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorBoundary } from '../../../components/ui/ErrorBoundary'

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

/** The same screen for a declarative router (PublicApp): any page that throws while rendering, or
 *  whose chunk cannot be loaded, is replaced by it until the location changes. */
export function RouteErrorBoundary({ resetKey, children }: { resetKey: string; children: ReactNode }) {
  return (
    <ErrorBoundary resetKey={resetKey} fallback={(error) => <ErrorScreen error={error} />}>
      {children}
    </ErrorBoundary>
  )
}
