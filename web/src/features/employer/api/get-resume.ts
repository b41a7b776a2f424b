/** GET /api/employer/applications/{id}/resume: the resume that came with an application, served inline to show in the page. */
import { fetchBearerAttachment } from '../../../lib/download'

export async function fetchApplicantResume(applicationId: string, signal?: AbortSignal): Promise<Blob> {
  const path = `/api/employer/applications/${encodeURIComponent(applicationId)}/resume`
  const { blob } = await fetchBearerAttachment('employer', path, { signal })
  return blob
}
