/** The checks the reference data forms make before they send (the server makes them again). */
export const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const

export type SalaryRangeForm = { display_name: string; min: string; max: string }

/** A salary range: a name, a whole-dollar minimum and an optional maximum not below it. */
export function salaryRangeError(f: SalaryRangeForm): string | null {
  if (!f.display_name.trim()) return 'Give the range a name, e.g. “$100k – $120k”'
  const min = Number(f.min)
  if (f.min.trim() === '' || !Number.isInteger(min) || min < 0) return 'Enter the lowest salary as whole dollars'
  if (f.max.trim() !== '') {
    const max = Number(f.max)
    if (!Number.isInteger(max) || max < min) return 'The highest salary must be whole dollars and not below the lowest'
  }
  return null
}

/** "$100,000 – $120,000", "$200,000 and over". */
export function salaryBounds(min: number, max: number | null): string {
  const money = (n: number) => `$${n.toLocaleString('en-AU')}`
  return max === null ? `${money(min)} and over` : `${money(min)} – ${money(max)}`
}
