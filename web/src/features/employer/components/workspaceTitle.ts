/** Lets each workspace screen name the top bar's h1 (and the document title) from inside the shared frame. */
import { createContext, useContext, useEffect } from 'react'
import { useDocumentTitle } from '../../../hooks/useDocumentTitle'

export const WorkspaceTitleContext = createContext<(title: string) => void>(() => {})

export function useWorkspaceTitle(title: string) {
  const setTitle = useContext(WorkspaceTitleContext)
  useDocumentTitle(title)
  useEffect(() => setTitle(title), [setTitle, title])
}
