/**
 * The admin workspace's sections: the sidebar (the recruiter's everyday work), the phone's bottom
 * bar (the four a recruiter opens most, then "More"), the quiet team tools at the sidebar's foot,
 * and the top bar's heading for any /dashboard path, so the screens of every admin feature
 * (people, operations, audit) share one frame and one naming.
 */
import type { ShellNavItem } from '../../../components/ui/AppShell'

export const ADMIN_NAV: ShellNavItem[] = [
  { to: '/dashboard', label: 'Overview', short: 'Home', icon: 'grid', end: true },
  { to: '/dashboard/employers', label: 'Employers', icon: 'building' },
  { to: '/dashboard/candidates', label: 'Candidates', icon: 'user' },
  { to: '/dashboard/inbox', label: 'Contact inbox', short: 'Inbox', icon: 'bell' },
  { to: '/dashboard/outbox', label: 'Mail outbox', short: 'Outbox', icon: 'publish' },
  { to: '/dashboard/jobs', label: 'Jobs', icon: 'briefcase' },
  { to: '/dashboard/applications', label: 'Applications', icon: 'clipboard' },
  { to: '/dashboard/audit', label: 'Audit trail', short: 'Audit', icon: 'list' },
  { to: '/dashboard/analytics', label: 'Analytics', icon: 'chart' },
  { to: '/dashboard/reference', label: 'Reference data', short: 'Lists', icon: 'filters' },
  { to: '/dashboard/privacy', label: 'Privacy', icon: 'shield' },
  { to: '/dashboard/admins', label: 'Admins', icon: 'lock' },
]

/**
 * For the team, not sections of the recruiter's work: the read models' health (projections) and
 * the component gallery, linked quietly at the sidebar's foot and at the end of "More".
 */
export const TEAM_TOOLS: ShellNavItem[] = [
  { to: '/dashboard/projections', label: 'Projections', icon: 'reopen' },
  { to: '/components', label: 'Components', short: 'Kit', icon: 'folder' },
]

const PHONE_PATHS = ['/dashboard', '/dashboard/employers', '/dashboard/candidates', '/dashboard/inbox']
export const MORE_PATH = '/dashboard/more'

/** The bottom bar on a phone: five targets a thumb can hit, the rest one tap away under "More". */
export const ADMIN_PHONE_NAV: ShellNavItem[] = [
  ...ADMIN_NAV.filter((n) => PHONE_PATHS.includes(n.to)),
  { to: MORE_PATH, label: 'More', icon: 'list' },
]

/** The sections "More" lists on a phone: those the bottom bar has no room for. */
export const MORE_SECTIONS = [...ADMIN_NAV.filter((n) => !PHONE_PATHS.includes(n.to)), ...TEAM_TOOLS]

const HEADINGS: [RegExp, string][] = [
  [/^\/dashboard\/?$/, 'Overview'],
  [/^\/dashboard\/employers\/[^/]+/, 'Employer'],
  [/^\/dashboard\/employers/, 'Employers'],
  [/^\/dashboard\/candidates\/[^/]+/, 'Candidate record'],
  [/^\/dashboard\/candidates/, 'Candidates'],
  [/^\/dashboard\/inbox/, 'Contact inbox'],
  [/^\/dashboard\/outbox/, 'Mail outbox'],
  [/^\/dashboard\/jobs/, 'Jobs across clients'],
  [/^\/dashboard\/applications/, 'Applications'],
  [/^\/dashboard\/audit\/streams\//, 'Record history'],
  [/^\/dashboard\/audit/, 'Audit trail'],
  [/^\/dashboard\/projections/, 'Projections'],
  [/^\/dashboard\/analytics/, 'Analytics'],
  [/^\/dashboard\/reference/, 'Reference data'],
  [/^\/dashboard\/privacy/, 'Privacy'],
  [/^\/dashboard\/admins/, 'Admins'],
  [/^\/dashboard\/more/, 'All sections'],
]

/** The top bar's h1 for a path. */
export function adminHeading(pathname: string): string {
  return HEADINGS.find(([re]) => re.test(pathname))?.[1] ?? 'Admin workspace'
}

/** Applications narrowed to one job (?job=), linked from the job's row in Jobs and its history. */
export const jobApplicationsPath = (jobId: string) => `/dashboard/applications?job=${encodeURIComponent(jobId)}`
