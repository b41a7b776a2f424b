/** GET /api/employer/applications/{id}/resume: the resume that came with an application, served inline to show in the page. */
import { fetchAttachment } from '../../../lib/download'
import { sessionToken } from '../../../lib/session'

export async function fetchApplicantResume(applicationId: string, signal?: AbortSignal): Promise<Blob> {
  const path = `/api/employer/applications/${encodeURIComponent(applicationId)}/resume`
  const { blob } = await fetchAttachment(path, sessionToken('employer') ?? '', { signal })
  return blob
}
