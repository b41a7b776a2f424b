/** Query keys of the candidate portal: one factory so every hook and invalidation agrees. */
export const candidateKeys = {
  all: ['candidate'] as const,
  user: () => [...candidateKeys.all, 'user'] as const,
  jobs: () => [...candidateKeys.all, 'jobs'] as const,
  locations: () => [...candidateKeys.all, 'reference', 'locations'] as const,
  salaryRanges: () => [...candidateKeys.all, 'reference', 'salary-ranges'] as const,
  applications: () => [...candidateKeys.all, 'applications'] as const,
  documents: () => [...candidateKeys.all, 'documents'] as const,
  documentList: () => [...candidateKeys.documents(), 'list'] as const,
  documentStats: () => [...candidateKeys.documents(), 'stats'] as const,
  profile: () => [...candidateKeys.all, 'profile'] as const,
}
