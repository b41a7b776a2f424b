/** The applications screen's filters and the address bar: ?employer=&job=&stage=&specialisation=&from=&to= */
import { specialisationFromName } from '../../../lib/specialisations'
import { hasAny, OPS_STAGES, type OpsStage, readParams, type Specialisation, validDay, writeParams } from '../../admin'

export type ApplicationFilters = { employer: string; job: string; stage: OpsStage | ''; specialisation: Specialisation | ''; from: string; to: string }

const KEYS = ['employer', 'job', 'stage', 'specialisation', 'from', 'to'] as const

export function applicationFiltersFromParams(params: URLSearchParams): ApplicationFilters {
  const raw = readParams(params, KEYS)
  const stage = (OPS_STAGES as readonly string[]).includes(raw.stage) ? (raw.stage as OpsStage) : ''
  // an address edited by hand falls back to every specialisation, as a stage does (the server would refuse it)
  const specialisation = specialisationFromName(raw.specialisation)
  return { employer: raw.employer, job: raw.job, stage, specialisation, from: validDay(raw.from), to: validDay(raw.to) }
}

export const applicationFiltersToParams = (f: ApplicationFilters) => writeParams(f, KEYS)

export const applicationFiltersActive = (f: ApplicationFilters) => hasAny(f, KEYS)

/** A date range that ends before it starts, as a message; null when it is fine. */
export function rangeProblem(from: string, to: string): string | null {
  return from && to && from > to ? 'The end date is before the start date' : null
}
