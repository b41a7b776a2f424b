/** /sitemap sends the browser to the server-generated sitemap file (SPEC 2.1). */
import { useEffect } from 'react'

export function SitemapRedirect() {
  useEffect(() => {
    window.location.replace('/sitemap.xml')
  }, [])
  return <p className="page-loading">Redirecting to the sitemap…</p>
}
