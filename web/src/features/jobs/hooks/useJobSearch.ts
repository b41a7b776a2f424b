/** A job list's search (filters, sort, page) read from and written to the address, for the public
 *  board and the portal's Browse Jobs alike (the rules are in model/jobSearch). */
import { useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { changeJobSearch, readJobSearch, writeJobSearch, type JobSearch } from '../model/jobSearch'

export type JobSearchControls = {
  search: JobSearch
  /** what the title box shows: the address's title, or what is being typed ahead of it */
  titleText: string
  /** a change to the filters or the sort (back to page 1); `replace` keeps it out of the history */
  update: (patch: Partial<JobSearch>, replace?: boolean) => void
  /** the title box's typing: written over the current history entry, not one entry a keystroke */
  typeTitle: (text: string) => void
  goToPage: (page: number) => void
}

export function useJobSearch(): JobSearchControls {
  const [params, setParams] = useSearchParams()
  const search = useMemo(() => readJobSearch(params), [params])
  // The address catches up with typing a moment later (the router updates it in a transition), so
  // the box keeps its own text and only follows the address when the address's title changes
  // (Back, Clear, a removed chip).
  const [draft, setDraft] = useState({ text: search.title, from: search.title })
  let titleText = draft.text
  if (draft.from !== search.title) {
    setDraft({ text: search.title, from: search.title })
    titleText = search.title
  }

  const write = (next: JobSearch, replace: boolean) => setParams((p) => writeJobSearch(p, next), { replace })
  return {
    search,
    titleText,
    update: (patch, replace = false) => write(changeJobSearch(search, patch), replace),
    typeTitle: (text) => {
      setDraft((d) => ({ ...d, text }))
      write(changeJobSearch(search, { title: text }), true)
    },
    goToPage: (page) => write({ ...search, page }, false),
  }
}
