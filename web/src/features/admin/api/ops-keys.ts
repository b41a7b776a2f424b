/**
 * Query keys of the operations screens. Each starts with ['admin', topic] where topic is the
 * `admin_updated` topic that makes it stale ("jobs", "events", "projections", "employers"), so a
 * socket handler can invalidate ['admin', topic] and reach every list below it.
 */
import type { ApplicationFilters } from '../model/applicationFilters'
import type { AuditFilters } from '../model/auditFilters'
import type { JobFilters } from '../model/jobFilters'

export const opsKeys = {
  all: ['admin'] as const,
  jobs: () => [...opsKeys.all, 'jobs'] as const,
  jobList: (f: JobFilters) => [...opsKeys.jobs(), 'list', f] as const,
  // applications change with the jobs and the pipelines: they live under "jobs" too
  applications: (f: ApplicationFilters) => [...opsKeys.jobs(), 'applications', f] as const,
  employerOptions: () => [...opsKeys.all, 'employers', 'options'] as const,
  events: () => [...opsKeys.all, 'events'] as const,
  eventPage: (f: AuditFilters) => [...opsKeys.events(), 'page', f] as const,
  eventTypes: () => [...opsKeys.events(), 'types'] as const,
  stream: (id: string) => [...opsKeys.events(), 'stream', id] as const,
  streamState: (id: string, at: string) => [...opsKeys.stream(id), 'state', at] as const,
  streamDiff: (id: string, from: string, to: string) => [...opsKeys.stream(id), 'diff', from, to] as const,
  projections: () => [...opsKeys.all, 'projections'] as const,
  analytics: (from: string, to: string) => [...opsKeys.all, 'analytics', from, to] as const,
}
