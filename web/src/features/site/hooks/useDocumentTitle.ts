import { useEffect } from 'react'
import { COMPANY } from '../company'

/** Sets the browser tab title for the page being shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${COMPANY.name}` : COMPANY.name
  }, [title])
}
