import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** Points <link rel="canonical"> at the current address (origin + path). */
export function setCanonical(href: string) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')
  if (!link) {
    link = document.createElement('link')
    link.rel = 'canonical'
    document.head.appendChild(link)
  }
  link.href = href
}

/** Every route: canonical link updated and the window back at the top (SPEC 2.1). */
export function useRouteEffects() {
  const { pathname } = useLocation()
  useEffect(() => {
    setCanonical(window.location.origin + pathname)
    window.scrollTo(0, 0)
  }, [pathname])
}
