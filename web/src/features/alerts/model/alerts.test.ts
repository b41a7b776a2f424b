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
      keywords: 'java',
      location_id: SYD,
      salary_range_id: PAY,
      type: 'Contract',
      specialisation: 'Development + Testing',
    })
    expect(criteriaFromSearch({ ...EMPTY_JOB_SEARCH, location: MEL }, ref.locations, 'id')).toEqual({ location_id: MEL })
  })

  it('leaves out a location no longer on the list rather than guessing, and an empty search is empty', () => {
    expect(criteriaFromSearch({ ...EMPTY_JOB_SEARCH, location: 'Atlantis' }, ref.locations, 'name')).toEqual({})
    expect(criteriaFromSearch(EMPTY_JOB_SEARCH, ref.locations, 'name')).toEqual({})
  })

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
