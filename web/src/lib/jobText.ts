/** Job text shown on cards (SPEC 9: description preview of 150 characters). */
export const DESCRIPTION_PREVIEW_LENGTH = 150

/** The first 150 characters of a description, with an ellipsis when cut. */
export function descriptionPreview(text: string): string {
  if (text.length <= DESCRIPTION_PREVIEW_LENGTH) return text
  return `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH).trimEnd()}…`
}
