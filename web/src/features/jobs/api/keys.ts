/** Query-key factory for everything the jobs feature caches. */
export const jobKeys = {
  all: ['jobs'] as const,
  board: () => [...jobKeys.all, 'board'] as const,
  detail: (id: string) => [...jobKeys.all, 'detail', id] as const,
  reference: () => [...jobKeys.all, 'reference'] as const,
  locations: () => [...jobKeys.reference(), 'locations'] as const,
  salaryRanges: () => [...jobKeys.reference(), 'salary-ranges'] as const,
}
