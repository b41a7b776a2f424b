/**
 * Query keys of the candidate portal: one factory so every hook and invalidation agrees. The job
 * board and its reference data are the jobs feature's (`jobKeys`), shared with the public board.
 */
export const candidateKeys = {
  all: ['candidate'] as const,
  user: () => [...candidateKeys.all, 'user'] as const,
  applications: () => [...candidateKeys.all, 'applications'] as const,
  documents: () => [...candidateKeys.all, 'documents'] as const,
  documentList: () => [...candidateKeys.documents(), 'list'] as const,
  documentStats: () => [...candidateKeys.documents(), 'stats'] as const,
  profile: () => [...candidateKeys.all, 'profile'] as const,
}
