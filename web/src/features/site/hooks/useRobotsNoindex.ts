import { useEffect } from 'react'

/** Adds <meta name="robots" content="noindex"> while the calling page is on screen. */
export function useRobotsNoindex() {
  useEffect(() => {
    const meta = document.createElement('meta')
    meta.name = 'robots'
    meta.content = 'noindex'
    document.head.appendChild(meta)
    return () => meta.remove()
  }, [])
}
