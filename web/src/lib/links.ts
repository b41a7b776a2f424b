/** Links that come from data people typed (an interview's video link), checked before they are shown as links. */

/** The link when it is an https address, else null: the server accepts nothing else, and this guards old data (a `javascript:` link never becomes an href). */
export function safeVideoLink(link: string | null | undefined): string | null {
  if (!link) return null
  try {
    return new URL(link).protocol === 'https:' ? link : null
  } catch {
    return null
  }
}
