import { expect } from 'vitest'

/**
 * Checks a lookup in one assertion: `fn` gives, for each key of `table`, the value the table
 * holds. On a failure the diff names the keys that differ, as one `expect` a row would.
 *
 *   expectLookup(isStage, { new: true, later: false })
 */
export function expectLookup<K extends string, V>(fn: (key: K) => V, table: Record<K, V>): void {
  const got = Object.fromEntries(Object.keys(table).map((key) => [key, fn(key as K)]))
  expect(got).toEqual(table)
}
