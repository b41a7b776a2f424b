/**
 * "Apply after signing in": the job a signed-out Apply Now carries through the candidate's sign-in
 * (and sign-up) to the portal, where that job's apply dialog opens. The login page keeps SPEC 2.4's
 * route (/candidate/login); the job rides along as `?apply=<job id>`. Only a job id travels, never
 * an address, and anything that is not a job id (a UUID) is dropped, so the parameter cannot send
 * anyone to another page or site.
 */

export const APPLY_PARAM = 'apply'

const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The job id in a query string (`?apply=...`), or null when there is none or it is not a job id. */
export function applyJobId(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const raw = params.get(APPLY_PARAM)?.trim()
  return raw && JOB_ID.test(raw) ? raw.toLowerCase() : null
}

/** `path` with the job to apply for, when there is a valid one. */
export function withApplyJob(path: string, jobId: string | null | undefined): string {
  const id = jobId && JOB_ID.test(jobId) ? jobId.toLowerCase() : null
  return id ? `${path}?${APPLY_PARAM}=${encodeURIComponent(id)}` : path
}

export const CANDIDATE_LOGIN_PATH = '/candidate/login'
export const CANDIDATE_SIGNUP_PATH = '/candidate/signup'
export const PORTAL_JOBS_PATH = '/candidate/dashboard/jobs'

/** Where Apply Now on a job goes: straight to its apply dialog in the portal when signed in, else
 *  to the candidate login (SPEC 2.4), which opens the dialog after signing in. */
export function applyNowHref(jobId: string, signedIn: boolean): string {
  return withApplyJob(signedIn ? PORTAL_JOBS_PATH : CANDIDATE_LOGIN_PATH, jobId)
}
