/**
 * Query keys of saved jobs. Under the candidate portal's prefix (`['candidate', ...]`), so signing
 * out, which drops every candidate query, drops these too.
 */
export const savedJobKeys = {
  all: ['candidate', 'saved-jobs'] as const,
  list: () => [...savedJobKeys.all, 'list'] as const,
}
