/** Which applicant documents the workspace can show inline, told by their file name (the API does not send the type). */
export function isPdf(doc: { original_name?: string | null }): boolean {
  return /\.pdf$/i.test((doc.original_name ?? '').trim())
}

/** A picture the browser shows itself (a resume sent as a photo or a scan). */
export function isImage(doc: { original_name?: string | null }): boolean {
  return /\.(png|jpe?g|gif)$/i.test((doc.original_name ?? '').trim())
}
