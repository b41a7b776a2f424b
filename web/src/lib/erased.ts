/**
 * How the API shows a person whose personal data was erased: every personal field reads
 * "[erased]" (names, emails, free text) and the account's status reads "erased". Screens show
 * such a person as "Erased person", and erased free text (a note, a scorecard comment, feedback)
 * as "Removed with the candidate’s personal data", never as the raw marker or a broken mailto: link.
 */
export const ERASED = '[erased]'

export const ERASED_PERSON = 'Erased person'

/** What erased free text reads as. Not "at their request": an erasure may also be an admin's decision or the retention period's. */
export const ERASED_TEXT = 'Removed with the candidate’s personal data'

export const isErased = (value: unknown): boolean => value === ERASED

/** A name for text that cannot hold a chip: aria-labels, titles, toasts. */
export const personName = (name: string | null | undefined, fallback = ''): string => (isErased(name) ? ERASED_PERSON : (name ?? fallback))
