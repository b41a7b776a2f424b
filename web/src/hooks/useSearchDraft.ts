/** The text in a search box whose search runs on submit: typing edits a draft, and the draft follows
 *  the committed query (the address bar's ?q=) whenever that changes: back, a link, a cleared search. */
import { useState } from 'react'

export function useSearchDraft(committed: string) {
  const [draft, setDraft] = useState(committed)
  const [followed, setFollowed] = useState(committed)
  // set while rendering, not in an effect, so the box never shows the old query for a frame
  if (followed !== committed) {
    setFollowed(committed)
    setDraft(committed)
  }
  return [draft, setDraft] as const
}
