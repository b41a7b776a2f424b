/**
 * Query keys of the operations screens. Each starts with ['admin', topic] (admin/api/keys.ts) where
 * topic is the `admin_updated` topic that makes it stale ("jobs", "projections", "employers",
 * "outbox"), so a socket handler can invalidate ['admin', topic] and reach every list below it.
 * Reference data is the public lists' own key.
 */
import { adminKeys } from '../../admin'
import type { AnalyticsQuery } from '../model/analytics'
import type { ApplicationFilters } from '../model/applicationFilters'
import type { JobFilters } from '../model/jobFilters'

export const operationsKeys = {
  jobs: () => [...adminKeys.all, 'jobs'] as const,
  jobList: (f: JobFilters) => [...operationsKeys.jobs(), 'list', f] as const,
  // applications change with the jobs and the pipelines: they live under "jobs" too
  applications: (f: ApplicationFilters) => [...operationsKeys.jobs(), 'applications', f] as const,
  employerOptions: () => [...adminKeys.all, 'employers', 'options'] as const,
  projections: () => [...adminKeys.all, 'projections'] as const,
  analytics: ({ from, to, employer }: AnalyticsQuery) => [...adminKeys.all, 'analytics', from, to, employer] as const,
  outbox: () => [...adminKeys.all, 'outbox'] as const,
  outboxList: (state: string) => [...operationsKeys.outbox(), 'list', state] as const,
  reference: () => [...adminKeys.all, 'reference'] as const,
  referenceList: (list: 'locations' | 'salary-ranges') => [...operationsKeys.reference(), list] as const,
}
