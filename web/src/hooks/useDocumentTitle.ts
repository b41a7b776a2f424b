import { useEffect } from 'react'
import { BRAND_NAME } from '../lib/brand'

/** Sets the browser tab title for the page being shown: "Page | Harbour IT Recruitment". Every
 *  screen on every host names itself, so tabs, history and screen readers can tell them apart. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND_NAME}` : BRAND_NAME
  }, [title])
}
