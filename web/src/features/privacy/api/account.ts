/** Calls about the signed-in person's own account, from whichever portal they are in (candidate or employer). */
import { sessionBearer } from '../../../lib/api'

export type AccountRole = 'candidate' | 'employer'

export const accountToken = (role: AccountRole): string => sessionBearer(role)
