/**
 * Job alerts (issue 28) as pure functions: the server's alert, the board's search turned into an
 * alert's form and back, the name suggested for a new alert, an alert's criteria in words, and
 * which field of the form a 422 answer's text belongs to (the server sends one text at a time).
 */
import type { ApiSchema } from '../../../api'
import type { Specialisation } from '../../../lib/specialisations'
import type { JobSearch, JobType, ReferenceItem } from '../../jobs'

export type AlertFrequency = ApiSchema<'Frequency'>

/** GET /api/candidate/alerts's alert (docs/API.md "Job alerts"). */
export type JobAlert = ApiSchema<'JobAlert'>

/** The form POST and PUT take (the server's AlertBody, which api/alerts.ts checks it against): a criterion left out matches anything. */
export type AlertForm = {
  name: string
  keywords?: string
  location_id?: string
  salary_range_id?: string
  type?: JobType
  specialisation?: Specialisation
  frequency: AlertFrequency
}

export const ALERT_LIMIT = 20
export const NAME_MAX = 80
export const KEYWORDS_MAX = 100

export const FREQUENCIES: readonly { value: AlertFrequency; label: string; hint: string }[] = [
  { value: 'instant', label: 'Instant', hint: 'A notification and an email as soon as a job matches' },
  { value: 'daily', label: 'Daily digest', hint: 'One email each morning listing the day’s new jobs' },
]

export const frequencyLabel = (f: string) => FREQUENCIES.find((x) => x.value === f)?.label ?? f

/** The server's texts (docs/API.md), for the client's own checks and the field mapping. */
export const ALERT_TEXTS = {
  nameRequired: 'Alert name is required',
  nameTooLong: 'Alert name must be at most 80 characters',
  keywordsTooLong: 'Keywords must be at most 100 characters',
  noCriteria: 'Add keywords or choose a location, salary range, job type or specialisation',
  limit: 'You can keep up to 20 job alerts. Delete one to add another.',
} as const

type Named = ReferenceItem

/** What the reference lists name, to put ids into words. */
export type AlertReference = { locations: readonly Named[]; salaryRanges: readonly Named[] }

const nameOf = (list: readonly Named[], id: string | null | undefined) =>
  id ? (list.find((x) => String(x.id) === String(id))?.display_name ?? null) : null

/** The criteria of a search. */
export type AlertCriteria = Pick<AlertForm, 'keywords' | 'location_id' | 'salary_range_id' | 'type' | 'specialisation'>

/**
 * A location the search names that the reference list does not name one place for: free text from
 * the home page's search ("Sydny", "NSW"), or an id no longer listed. The dialog says so and lets
 * the person choose, rather than the alert quietly matching anywhere.
 */
export type UnrecognisedLocation = {
  /** what the search said; null for an id (nothing a person would recognise) */
  text: string | null
  /** the places it could mean, when it fits more than one */
  candidates: string[]
}

/** The board's search as an alert: its criteria, and the location it could not place, if any. */
export type SearchAsAlert = { criteria: AlertCriteria; unrecognisedLocation: UnrecognisedLocation | null }

const normalised = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/**
 * The one reference location a typed place means, in the order a person would expect: the same
 * name in any case ("sydney cbd, nsw"), else the one name that starts with it ("Syd", "sydney"
 * -> "Sydney CBD, NSW", though "North Sydney, NSW" also holds it), else the one that holds it
 * ("CBD"). More than one at the first step that finds any is ambiguous ("NSW"); none is unknown.
 */
export function matchLocation(text: string, locations: readonly Named[]): { found: Named } | { candidates: Named[] } {
  const wanted = normalised(text)
  if (!wanted) return { candidates: [] }
  const names = locations.map((l) => ({ l, name: normalised(l.display_name) }))
  for (const fits of [(n: string) => n === wanted, (n: string) => n.startsWith(wanted), (n: string) => n.includes(wanted)]) {
    const hits = names.filter((x) => fits(x.name)).map((x) => x.l)
    if (hits.length === 1) return { found: hits[0] }
    if (hits.length > 1) return { candidates: hits }
  }
  return { candidates: [] }
}

/**
 * The board's search as an alert's criteria. The public board keeps a location by its name, as
 * typed or chosen, and the portal by its id (`locationBy`); a location that names no one place is
 * left out of the criteria and reported, never guessed. The sort and page are how a list is read,
 * not what is looked for, so they are not kept.
 */
export function criteriaFromSearch(search: JobSearch, locations: readonly Named[], locationBy: 'name' | 'id'): SearchAsAlert {
  const keywords = search.title.trim()
  const criteria: AlertCriteria = {}
  let unrecognisedLocation: UnrecognisedLocation | null = null
  if (keywords) criteria.keywords = keywords.slice(0, KEYWORDS_MAX)
  if (search.location.trim()) {
    if (locationBy === 'id') {
      const location = locations.find((l) => String(l.id) === search.location)
      if (location) criteria.location_id = String(location.id)
      else unrecognisedLocation = { text: null, candidates: [] }
    } else {
      const match = matchLocation(search.location, locations)
      if ('found' in match) criteria.location_id = String(match.found.id)
      else unrecognisedLocation = { text: search.location.trim(), candidates: match.candidates.map((l) => l.display_name) }
    }
  }
  if (search.salaryRangeId) criteria.salary_range_id = search.salaryRangeId
  if (search.type) criteria.type = search.type
  if (search.specialisation) criteria.specialisation = search.specialisation
  return { criteria, unrecognisedLocation }
}

/** What the dialog says about a location it could not place. */
export function unrecognisedLocationText({ text, candidates }: UnrecognisedLocation): string {
  const choose = 'Choose one, or leave All locations to hear of jobs anywhere.'
  if (text === null) return `The location in your search is no longer listed. ${choose}`
  if (candidates.length > 1) return `“${text}” matches ${candidates.length} locations. ${choose}`
  return `We didn’t recognise “${text}” as a location. ${choose}`
}

export const hasCriteria = (c: AlertCriteria) => Boolean(c.keywords?.trim() || c.location_id || c.salary_range_id || c.type || c.specialisation)

/** An alert's criteria as the search of the portal's Browse Jobs (its location is an id), for "See jobs". */
export function searchFromAlert(alert: Pick<JobAlert, 'keywords' | 'location_id' | 'salary_range_id' | 'type' | 'specialisation'>): JobSearch {
  return {
    title: alert.keywords ?? '',
    location: alert.location_id ?? '',
    salaryRangeId: alert.salary_range_id ?? '',
    type: alert.type ?? '',
    specialisation: alert.specialisation ?? '',
    sort: 'newest',
    page: 1,
  }
}

/**
 * A name a person would give the alert, from what they looked for: "Java developer jobs in Sydney",
 * "Contract jobs", "Data + Analytics jobs in Melbourne, $120k". At most 80 characters.
 */
export function suggestAlertName(c: AlertCriteria, ref: AlertReference): string {
  const keywords = c.keywords?.trim()
  const what = keywords
    ? c.type
      ? `${c.type} ${keywords}`
      : keywords
    : c.specialisation
      ? `${c.type ? `${c.type} ` : ''}${c.specialisation}`
      : c.type
        ? c.type
        : ''
  const head = what ? `${what} jobs` : 'Jobs'
  const where = nameOf(ref.locations, c.location_id)
  const pay = nameOf(ref.salaryRanges, c.salary_range_id)
  const name = [head, where ? `in ${where}` : null].filter(Boolean).join(' ') + (pay ? `, ${pay}` : '')
  const cased = name.charAt(0).toUpperCase() + name.slice(1)
  return cased.length > NAME_MAX ? `${cased.slice(0, NAME_MAX - 1).trimEnd()}…` : cased
}

/** The criteria in words, one phrase each: ["“java”", "Sydney", "$100k - $120k", "Contract", "Development + Testing"]. */
export function criteriaInWords(c: AlertCriteria | Pick<JobAlert, 'keywords' | 'location_id' | 'salary_range_id' | 'type' | 'specialisation'>, ref: AlertReference): string[] {
  const words: string[] = []
  const keywords = c.keywords?.trim()
  if (keywords) words.push(`“${keywords}” in the title`)
  if (c.location_id) words.push(nameOf(ref.locations, c.location_id) ?? 'A location no longer listed')
  if (c.salary_range_id) words.push(nameOf(ref.salaryRanges, c.salary_range_id) ?? 'A salary range no longer listed')
  if (c.type) words.push(c.type)
  if (c.specialisation) words.push(c.specialisation)
  return words
}

/** What an alert matches now, in words: "3 jobs match now" / "No jobs match right now". */
export function matchesInWords(count: number): string {
  if (count <= 0) return 'No jobs match right now'
  return `${count} ${count === 1 ? 'job matches' : 'jobs match'} now`
}

export type AlertField = 'name' | 'keywords' | 'location_id' | 'salary_range_id' | 'type' | 'specialisation' | 'frequency' | 'criteria'

/** Which field of the form a 422 text is about (docs/API.md lists them); null for one the form has no place for. */
export function alertErrorField(text: string): AlertField | null {
  if (text.startsWith('Alert name')) return 'name'
  if (text.startsWith('Keywords')) return 'keywords'
  if (text.startsWith('Job type')) return 'type'
  if (text.includes('specialisation') && text.startsWith('Please choose one of')) return 'specialisation'
  if (text.startsWith('Add keywords')) return 'criteria'
  if (text.startsWith('How often')) return 'frequency'
  if (text.includes('location from the list')) return 'location_id'
  if (text.includes('salary range from the list')) return 'salary_range_id'
  return null
}

/** The form's own checks before sending, with the server's texts. */
export function checkAlertForm(form: AlertForm): Partial<Record<AlertField, string>> {
  const errors: Partial<Record<AlertField, string>> = {}
  const name = form.name.trim()
  if (!name) errors.name = ALERT_TEXTS.nameRequired
  else if ([...name].length > NAME_MAX) errors.name = ALERT_TEXTS.nameTooLong
  if (form.keywords && [...form.keywords.trim()].length > KEYWORDS_MAX) errors.keywords = ALERT_TEXTS.keywordsTooLong
  if (!hasCriteria(form)) errors.criteria = ALERT_TEXTS.noCriteria
  return errors
}

/** The form as sent: names and keywords trimmed, empty criteria left out. */
export function alertBody(form: AlertForm): AlertForm {
  const body: AlertForm = { name: form.name.trim(), frequency: form.frequency }
  const keywords = form.keywords?.trim()
  if (keywords) body.keywords = keywords
  if (form.location_id) body.location_id = form.location_id
  if (form.salary_range_id) body.salary_range_id = form.salary_range_id
  if (form.type) body.type = form.type
  if (form.specialisation) body.specialisation = form.specialisation
  return body
}

/** An alert as the form that edits it. */
export function formFromAlert(alert: JobAlert): AlertForm {
  return alertBody({
    name: alert.name,
    keywords: alert.keywords ?? undefined,
    location_id: alert.location_id ?? undefined,
    salary_range_id: alert.salary_range_id ?? undefined,
    type: alert.type ?? undefined,
    specialisation: alert.specialisation ?? undefined,
    frequency: alert.frequency,
  })
}
