/**
 * "Apply after signing in": the job a signed-out Apply Now carries through the candidate's sign-in
 * (and sign-up) to the portal, where that job's apply dialog opens. The login page keeps SPEC 2.4's
 * route (/candidate/login); the job rides along as `?apply=<job id>`. Only a job id travels, never
 * an address, and anything that is not a job id (a UUID) is dropped, so the parameter cannot send
 * anyone to another page or site.
 */

export const APPLY_PARAM = 'apply'

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Save on a job, signed out (issue 27), carries its job the same way: `?save=<job id>`. */
export const SAVE_PARAM = 'save'

function jobIdParam(search: string | URLSearchParams, name: string): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const raw = params.get(name)?.trim()
  return raw && JOB_ID.test(raw) ? raw.toLowerCase() : null
}

function withJobParam(path: string, name: string, jobId: string | null | undefined): string {
  const id = jobId && JOB_ID.test(jobId) ? jobId.toLowerCase() : null
  return id ? `${path}?${name}=${encodeURIComponent(id)}` : path
}

/** The job id in a query string (`?apply=...`), or null when there is none or it is not a job id. */
export function applyJobId(search: string | URLSearchParams): string | null {
  return jobIdParam(search, APPLY_PARAM)
}

/** `path` with the job to apply for, when there is a valid one. */
export function withApplyJob(path: string, jobId: string | null | undefined): string {
  return withJobParam(path, APPLY_PARAM, jobId)
}

/** The job to save in a query string (`?save=...`), or null. */
export function saveJobId(search: string | URLSearchParams): string | null {
  return jobIdParam(search, SAVE_PARAM)
}

/** What a signed-out visitor was doing with a job when they were sent to sign in. */
export type JobIntent = { kind: 'apply' | 'save'; jobId: string }

/** The intent a query string carries; applying wins if both are there. */
export function jobIntent(search: string | URLSearchParams): JobIntent | null {
  const apply = applyJobId(search)
  if (apply) return { kind: 'apply', jobId: apply }
  const save = saveJobId(search)
  return save ? { kind: 'save', jobId: save } : null
}

/** `path` carrying the intent on through sign-in and sign-up. */
export function withJobIntent(path: string, intent: JobIntent | null): string {
  if (!intent) return path
  return withJobParam(path, intent.kind === 'apply' ? APPLY_PARAM : SAVE_PARAM, intent.jobId)
}

export const CANDIDATE_LOGIN_PATH = '/candidate/login'
/** My Applications in the candidate portal: where an applied job, the apply dialog's next steps and the board point. */
export const MY_APPLICATIONS_PATH = '/candidate/dashboard/applications'
export const CANDIDATE_SIGNUP_PATH = '/candidate/signup'
export const PORTAL_JOBS_PATH = '/candidate/dashboard/jobs'

/** Where Apply Now on a job goes: straight to its apply dialog in the portal when signed in, else
 *  to the candidate login (SPEC 2.4), which opens the dialog after signing in. */
export function applyNowHref(jobId: string, signedIn: boolean): string {
  return withApplyJob(signedIn ? PORTAL_JOBS_PATH : CANDIDATE_LOGIN_PATH, jobId)
}

/** Where Save on a job goes when signed out: the candidate login, which comes back to the portal
 *  and saves it. */
export function saveSignInHref(jobId: string): string {
  return withJobParam(CANDIDATE_LOGIN_PATH, SAVE_PARAM, jobId)
}
