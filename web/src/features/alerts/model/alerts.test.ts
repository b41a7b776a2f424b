import { describe, expect, it } from 'vitest'
import { expectLookup } from '../../../testing/lookup'
import { EMPTY_JOB_SEARCH } from '../../jobs'
import {
  ALERT_TEXTS,
  alertBody,
  alertErrorField,
  checkAlertForm,
  criteriaFromSearch,
  criteriaInWords,
  formFromAlert,
  matchesInWords,
  searchFromAlert,
  suggestAlertName,
  unrecognisedLocationText,
  type JobAlert,
} from './alerts'

const SYD = 'a1b2c3d4-0000-4000-8000-000000000001'
const MEL = 'a1b2c3d4-0000-4000-8000-000000000002'
const PAY = 'b1b2c3d4-0000-4000-8000-000000000003'
const ref = {
  locations: [
    { id: SYD, display_name: 'Sydney' },
    { id: MEL, display_name: 'Melbourne' },
  ],
  salaryRanges: [{ id: PAY, display_name: '$120k - $150k' }],
}

describe('a search as an alert', () => {
  it('keeps what was looked for, the board keeping a location by name and the portal by id', () => {
    const search = { ...EMPTY_JOB_SEARCH, title: '  java  ', location: 'Sydney', salaryRangeId: PAY, type: 'Contract' as const, specialisation: 'Development + Testing' as const, sort: 'salary' as const, page: 3 }
    expect(criteriaFromSearch(search, ref.locations, 'name')).toEqual({
      criteria: {
        keywords: 'java',
        location_id: SYD,
        salary_range_id: PAY,
        type: 'Contract',
        specialisation: 'Development + Testing',
      },
      unrecognisedLocation: null,
    })
    expect(criteriaFromSearch({ ...EMPTY_JOB_SEARCH, location: MEL }, ref.locations, 'id')).toEqual({ criteria: { location_id: MEL }, unrecognisedLocation: null })
  })

  it('an empty search is empty', () => {
    expect(criteriaFromSearch(EMPTY_JOB_SEARCH, ref.locations, 'name')).toEqual({ criteria: {}, unrecognisedLocation: null })
  })
})

describe('a location typed into the home page’s search', () => {
  // the seeded locations' names
  const seeded = ['Sydney CBD, NSW', 'North Sydney, NSW', 'Parramatta, NSW', 'Newcastle, NSW', 'Melbourne, VIC', 'Brisbane, QLD', 'Gold Coast, QLD', 'Perth, WA'].map((display_name, i) => ({
    id: `loc-${i}`,
    display_name,
  }))
  const idOf = (name: string) => seeded.find((l) => l.display_name === name)!.id
  const typed = (location: string) => criteriaFromSearch({ ...EMPTY_JOB_SEARCH, location }, seeded, 'name')

  it('takes a name as the list spells it', () => {
    expect(typed('Parramatta, NSW')).toEqual({ criteria: { location_id: idOf('Parramatta, NSW') }, unrecognisedLocation: null })
  })

  it('takes it in any case, with stray spaces', () => {
    expect(typed('  melbourne,   vic ').criteria.location_id).toBe(idOf('Melbourne, VIC'))
    expect(typed('PERTH, WA').criteria.location_id).toBe(idOf('Perth, WA'))
  })

  it('takes the one place whose name starts with it, before those that only hold it', () => {
    // "North Sydney, NSW" holds “sydney” too, but only Sydney CBD starts with it
    expect(typed('sydney')).toEqual({ criteria: { location_id: idOf('Sydney CBD, NSW') }, unrecognisedLocation: null })
    expect(typed('Bris').criteria.location_id).toBe(idOf('Brisbane, QLD'))
    // and the one that holds it, when none starts with it
    expect(typed('coast').criteria.location_id).toBe(idOf('Gold Coast, QLD'))
  })

  it('reports text that fits more than one place, with the places, and keeps no location', () => {
    expect(typed('QLD')).toEqual({ criteria: {}, unrecognisedLocation: { text: 'QLD', candidates: ['Brisbane, QLD', 'Gold Coast, QLD'] } })
    expect(typed('n').unrecognisedLocation?.candidates).toEqual(['North Sydney, NSW', 'Newcastle, NSW'])
  })

  it('reports text that fits no place, and keeps the rest of the search', () => {
    expect(criteriaFromSearch({ ...EMPTY_JOB_SEARCH, title: 'go', location: ' Atlantis ' }, seeded, 'name')).toEqual({
      criteria: { keywords: 'go' },
      unrecognisedLocation: { text: 'Atlantis', candidates: [] },
    })
  })

  it('reports a portal location id no longer listed, without showing the id', () => {
    expect(criteriaFromSearch({ ...EMPTY_JOB_SEARCH, location: 'gone-id' }, seeded, 'id')).toEqual({ criteria: {}, unrecognisedLocation: { text: null, candidates: [] } })
  })

  it('says why it asks', () => {
    expect(unrecognisedLocationText({ text: 'Atlantis', candidates: [] })).toBe('We didn’t recognise “Atlantis” as a location. Choose one, or leave All locations to hear of jobs anywhere.')
    expect(unrecognisedLocationText({ text: 'QLD', candidates: ['Brisbane, QLD', 'Gold Coast, QLD'] })).toBe('“QLD” matches 2 locations. Choose one, or leave All locations to hear of jobs anywhere.')
    expect(unrecognisedLocationText({ text: null, candidates: [] })).toBe('The location in your search is no longer listed. Choose one, or leave All locations to hear of jobs anywhere.')
  })
})

describe('an alert as a search', () => {
  it('turns an alert back into Browse Jobs’ search (location by id, newest first, page 1)', () => {
    expect(searchFromAlert({ keywords: 'go', location_id: SYD, salary_range_id: null, type: null, specialisation: 'BI + Data Analytics' })).toEqual({
      ...EMPTY_JOB_SEARCH,
      title: 'go',
      location: SYD,
      specialisation: 'BI + Data Analytics',
    })
  })
})

describe('the suggested name', () => {
  it('says what and where, as a person would', () => {
    expect(suggestAlertName({ keywords: 'java developer', location_id: SYD }, ref)).toBe('Java developer jobs in Sydney')
    expect(suggestAlertName({ keywords: 'react', type: 'Contract' }, ref)).toBe('Contract react jobs')
    expect(suggestAlertName({ specialisation: 'BI + Data Analytics', location_id: MEL, salary_range_id: PAY }, ref)).toBe('BI + Data Analytics jobs in Melbourne, $120k - $150k')
    expect(suggestAlertName({ type: 'Part-time' }, ref)).toBe('Part-time jobs')
    expect(suggestAlertName({ location_id: SYD }, ref)).toBe('Jobs in Sydney')
  })

  it('fits the 80-character limit', () => {
    const name = suggestAlertName({ keywords: 'x'.repeat(100) }, ref)
    expect(name.length).toBeLessThanOrEqual(80)
    expect(name.endsWith('…')).toBe(true)
  })
})

describe('criteria in words', () => {
  it('names each criterion from the reference lists', () => {
    expect(criteriaInWords({ keywords: 'rust', location_id: SYD, salary_range_id: PAY, type: 'Full-time', specialisation: 'Cloud + Infrastructure' }, ref)).toEqual([
      '“rust” in the title',
      'Sydney',
      '$120k - $150k',
      'Full-time',
      'Cloud + Infrastructure',
    ])
  })

  it('says so when a listed id is gone, and nothing for an empty alert', () => {
    expect(criteriaInWords({ location_id: 'gone', salary_range_id: 'gone' }, ref)).toEqual(['A location no longer listed', 'A salary range no longer listed'])
    expect(criteriaInWords({}, ref)).toEqual([])
  })

  it('counts matches in plain words', () => {
    expect(matchesInWords(0)).toBe('No jobs match right now')
    expect(matchesInWords(1)).toBe('1 job matches now')
    expect(matchesInWords(12)).toBe('12 jobs match now')
  })
})

describe('the form', () => {
  it('checks with the server’s texts before sending', () => {
    expect(checkAlertForm({ name: ' ', frequency: 'instant' })).toEqual({ name: ALERT_TEXTS.nameRequired, criteria: ALERT_TEXTS.noCriteria })
    expect(checkAlertForm({ name: 'n'.repeat(81), keywords: 'k'.repeat(101), frequency: 'daily' })).toEqual({
      name: ALERT_TEXTS.nameTooLong,
      keywords: ALERT_TEXTS.keywordsTooLong,
    })
    expect(checkAlertForm({ name: 'Go jobs', keywords: 'go', frequency: 'daily' })).toEqual({})
  })

  it('puts each 422 text under its field', () => {
    expectLookup(alertErrorField, {
      'Alert name is required': 'name',
      'Alert name must be at most 80 characters': 'name',
      'Keywords must be at most 100 characters': 'keywords',
      'Job type must be Full-time, Part-time, Contract or Temporary': 'type',
      'Please choose one of our nine specialisations': 'specialisation',
      'Add keywords or choose a location, salary range, job type or specialisation': 'criteria',
      'How often must be instant or daily': 'frequency',
      'Please choose a location from the list': 'location_id',
      'Please choose a salary range from the list': 'salary_range_id',
      'Something else': null,
    })
  })

  it('sends trimmed text and leaves empty criteria out', () => {
    expect(alertBody({ name: '  Go  ', keywords: '  ', location_id: '', type: 'Contract', frequency: 'daily' })).toEqual({ name: 'Go', type: 'Contract', frequency: 'daily' })
  })

  it('edits an alert as its form', () => {
    const alert: JobAlert = {
      id: '1',
      name: 'Rust',
      keywords: 'rust',
      location_id: null,
      salary_range_id: PAY,
      type: null,
      specialisation: null,
      frequency: 'daily',
      paused: false,
      created_at: '',
      updated_at: '',
      match_count: 0,
      newest_job_id: null,
      newest_job_title: null,
    }
    expect(formFromAlert(alert)).toEqual({ name: 'Rust', keywords: 'rust', salary_range_id: PAY, frequency: 'daily' })
  })
})
