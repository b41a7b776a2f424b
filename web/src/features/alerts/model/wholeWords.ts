/**
 * How the server matches an alert's keywords: by whole words of the job's title, every one, in any
 * order, ignoring case ("go" is not "Django", "java" is not "JavaScript"). The board's title search
 * matches any part of the title, so a search can show jobs its alert would never send ("dev" shows
 * "Senior Developer"); the save dialog says so, from what is here, and offers whole words instead.
 */

/** What separates words: anything but a letter, a digit, `+`, `#` or `.` (so `c#`, `c++`, `.net`, `node.js` stay whole). */
const SEPARATOR = /[^\p{L}\p{N}+#.]+/u
/** The same, kept in a split's result, to put the keywords back together. */
const SEPARATOR_KEPT = /([^\p{L}\p{N}+#.]+)/u
const HAS_ALNUM = /[\p{L}\p{N}]/u

/** A piece between separators as a word: in lower case, its trailing full stops dropped ("Sr." is "sr"); '' when it holds no letter or digit. */
const wordOf = (piece: string) => {
  const w = piece.toLowerCase().replace(/\.+$/, '')
  return HAS_ALNUM.test(w) ? w : ''
}

/**
 * A text's words as the server splits them (its `title_words`): lower case, split on anything but
 * letters, digits, `+`, `#` and `.`, a trailing full stop dropped, pieces with no letter or digit
 * left out; each word once, sorted.
 */
export function titleWords(text: string): string[] {
  const words = new Set<string>()
  for (const piece of text.toLowerCase().split(SEPARATOR)) {
    const w = wordOf(piece)
    if (w) words.add(w)
  }
  return [...words].sort()
}

/** Whether an alert with these keywords matches a job with this title: every keyword word is a word of the title. Keywords with no word match nothing. */
export function matchesAlert(keywords: string, title: string): boolean {
  const wanted = titleWords(keywords)
  if (wanted.length === 0) return false
  const words = new Set(titleWords(title))
  return wanted.every((w) => words.has(w))
}

/** A whole word to use instead of one of the keywords' words: `word` begins with `replaces` ("developer" for "dev"). */
export type WordSuggestion = { word: string; replaces: string }

/** What the dialog says about keywords the shown jobs' titles hold only as parts of words. */
export type PartialWordAdvice = {
  /** how many of the shown jobs the alert would not send */
  missed: number
  /** how many jobs are shown */
  shown: number
  /** at most three, the most common first */
  suggestions: WordSuggestion[]
}

export const MAX_SUGGESTIONS = 3

/**
 * Whether an alert with these keywords would miss any of the jobs the board shows for them (their
 * titles): null when it would send every one, or there is nothing to compare (no titles, no
 * keywords). Otherwise how many it would miss, and words to use instead: the words of the missed
 * titles that begin with a keyword word the title lacks ("dev" in "Senior Developer" suggests
 * "developer"), the ones in most of those titles first, then alphabetically.
 */
export function partialWordAdvice(keywords: string, titles: readonly string[]): PartialWordAdvice | null {
  if (!keywords.trim() || titles.length === 0) return null
  const wanted = titleWords(keywords)
  // word -> [the keyword word it replaces, in how many missed titles]
  const found = new Map<string, { replaces: string; titles: number }>()
  let missed = 0
  for (const title of titles) {
    const words = titleWords(title)
    const have = new Set(words)
    const lacking = wanted.filter((w) => !have.has(w))
    if (wanted.length > 0 && lacking.length === 0) continue
    missed += 1
    for (const word of words) {
      // the longest keyword word it begins with ("dev" and "devo": "devops" replaces "devo")
      const replaces = lacking.filter((k) => word.length > k.length && word.startsWith(k)).sort((a, b) => b.length - a.length)[0]
      if (!replaces) continue
      const seen = found.get(word)
      if (seen) seen.titles += 1
      else found.set(word, { replaces, titles: 1 })
    }
  }
  if (missed === 0) return null
  const suggestions = [...found]
    .sort(([a, x], [b, y]) => y.titles - x.titles || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, MAX_SUGGESTIONS)
    .map(([word, { replaces }]) => ({ word, replaces }))
  return { missed, shown: titles.length, suggestions }
}

/** The keywords with every piece that is the word `replaces` spelt as `word` instead; the rest as typed. */
export function replaceKeyword(keywords: string, { word, replaces }: WordSuggestion): string {
  return keywords
    .split(SEPARATOR_KEPT)
    .map((piece, i) => (i % 2 === 0 && wordOf(piece) === replaces ? word : piece))
    .join('')
}

/** What the dialog says: "Alerts match whole words, so “dev” would not find 2 of the 3 jobs shown here." */
export function partialWordText(keywords: string, { missed, shown }: PartialWordAdvice): string {
  const which = missed < shown ? `${missed} of the ${shown} jobs` : shown === 1 ? 'the job' : `any of the ${shown} jobs`
  return `Alerts match whole words, so “${keywords.trim()}” would not find ${which} shown here.`
}
