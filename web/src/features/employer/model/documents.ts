/** Which applicant documents the workspace can show inline: PDFs, told by their file name (the API does not send the type). */
export function isPdf(doc: { original_name?: string | null }): boolean {
  return /\.pdf$/i.test((doc.original_name ?? '').trim())
}
