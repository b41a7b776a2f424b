/** Names an operations screen: the browser tab (and, through the admin frame, its heading). */
import { useDocumentTitle } from '../../../hooks/useDocumentTitle'

export function useOpsTitle(title: string) {
  useDocumentTitle(title)
}
