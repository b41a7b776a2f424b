/**
 * What a browser test sets up on the server through the API before it opens a page: a job posted
 * by an employer, a new candidate, a PDF in their documents, an application (the last three at once:
 * newApplicant). Each checks the server's answer, so a set-up that failed fails there, with the body.
 */
import { expect } from 'vitest'
import { api, apiLogin, BASE_URL, type LoginBody } from './support'

/** What POST /api/employer/jobs takes but the location: a test's job is in the first seeded one. */
export type JobFields = {
  title: string
  type: string
  specialisation: string
  description: string
  salary?: string
  responsibilities?: string[]
  requirements?: string[]
  expires_at?: string
}

/** Posts a job as `employer` (the server must answer 201): its id, and the write's consistency
 *  token for a read that must see it. */
export async function postJob(employer: LoginBody, job: JobFields): Promise<{ id: string; consistency: string | null }> {
  const locations = await api<{ data: { id: string }[] }>('GET', '/api/reference/locations')
  const posted = await api<{ id: string }>('POST', '/api/employer/jobs', { token: employer.token, json: { ...job, location_id: locations.body.data[0].id } })
  expect(posted.status, JSON.stringify(posted.body)).toBe(201)
  return { id: posted.body.id, consistency: posted.headers.get('x-consistency-token') }
}

/** A new candidate, registered and signed in through the API. */
export async function newCandidate(who: { name: string; email: string; password: string }): Promise<LoginBody> {
  const reg = await api('POST', '/api/auth/candidate/register', { json: who })
  expect(reg.status, JSON.stringify(reg.body)).toBe(201)
  return apiLogin('candidate', who.email, who.password)
}

/** A PDF to upload into a candidate's documents (type other). */
export type PdfDocument = { fileName: string; pdf: Uint8Array; title: string; description?: string }

/** Uploads `pdf` into `candidate`'s documents (type other) as `fileName`: the document's id. */
export async function uploadPdf(candidate: LoginBody, doc: PdfDocument): Promise<string> {
  const form = new FormData()
  form.set('document', new Blob([new Uint8Array(doc.pdf)], { type: 'application/pdf' }), doc.fileName)
  form.set('title', doc.title)
  if (doc.description !== undefined) form.set('description', doc.description)
  form.set('document_type', 'other')
  const uploaded = await fetch(`${BASE_URL}/api/documents/upload`, { method: 'POST', headers: { authorization: `Bearer ${candidate.token}` }, body: form })
  expect(uploaded.status, await uploaded.clone().text()).toBe(201)
  return ((await uploaded.json()) as { document: { id: string } }).document.id
}

/** `candidate` applies to `jobId` with the document `resumeId`: the application's id. */
export async function applyWith(candidate: LoginBody, jobId: string, resumeId: string): Promise<string> {
  const submitted = await api<{ id: string }>('POST', '/api/applications/submit', { token: candidate.token, json: { jobId, resumeId } })
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201)
  return submitted.body.id
}

/** A new candidate (`who`) who applies to `jobId` with `resume` uploaded into their documents: their sign-in and the application's id. */
export async function newApplicant(
  who: { name: string; email: string; password: string },
  jobId: string,
  resume: PdfDocument,
): Promise<{ candidate: LoginBody; applicationId: string }> {
  const candidate = await newCandidate(who)
  const resumeId = await uploadPdf(candidate, resume)
  return { candidate, applicationId: await applyWith(candidate, jobId, resumeId) }
}
