/** Whether a CSS media query matches, following changes (the nav's 1024 px and the dashboard's 768 px breakpoints). */
import { useSyncExternalStore } from 'react'

// matchMedia is optional-chained because jsdom (the unit tests) has none; there it reads as "no match".
export function useMediaQuery(query: string): boolean {
  const list = () => window.matchMedia?.(query)
  return useSyncExternalStore(
    (notify) => {
      const media = list()
      media?.addEventListener('change', notify)
      return () => media?.removeEventListener('change', notify)
    },
    () => !!list()?.matches,
    () => false,
  )
}
