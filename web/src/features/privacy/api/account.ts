/** Calls about the signed-in person's own account, from whichever portal they are in (candidate or employer). */

export type AccountRole = 'candidate' | 'employer'
