/** The router's default error screen (SPEC 8): 'Unexpected Application Error!' and the status or message. */
import { isRouteErrorResponse, useRouteError } from 'react-router'

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim()
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return 'Unknown error'
}

export function RouteErrorPage() {
  const error = useRouteError()
  console.error(error)
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
