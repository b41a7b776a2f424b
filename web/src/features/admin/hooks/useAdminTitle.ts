import { useDocumentTitle } from '../../../hooks/useDocumentTitle'

/** Names the browser tab; the frame's h1 names the section from the path. */
export const useAdminTitle = (title: string) => useDocumentTitle(title)
