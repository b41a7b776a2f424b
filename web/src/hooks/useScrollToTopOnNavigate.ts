import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/**
 * Opens each new page at its top, as a link between documents would: the window keeps its scroll
 * across client-side navigation otherwise, so a record opened from low on a long list started
 * half-way down. Only a change of path counts (a list's filters in `?` keep the place), and Back
 * and Forward (POP) are left to the browser, which puts the reader back where they were.
 */
export function useScrollToTopOnNavigate() {
  const { pathname } = useLocation()
  const navigation = useNavigationType()
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    if (navigation !== 'POP') window.scrollTo(0, 0)
  }, [pathname, navigation])
}
