/** Filters kept in the address bar: read a fixed set of keys, write back only the ones with a value. */

/** Each key of `keys` read from the params ('' when absent), trimmed. */
export function readParams<K extends string>(params: URLSearchParams, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>
  for (const k of keys) out[k] = (params.get(k) ?? '').trim()
  return out
}

/** Params holding only the non-empty values, in the order of `keys` (so equal filters give equal URLs). */
export function writeParams<K extends string>(values: Partial<Record<K, string>>, keys: readonly K[]): URLSearchParams {
  const out = new URLSearchParams()
  for (const k of keys) {
    const v = values[k]?.trim()
    if (v) out.set(k, v)
  }
  return out
}

/** True when any of `keys` has a value. */
export const hasAny = <K extends string>(values: Partial<Record<K, string>>, keys: readonly K[]) => keys.some((k) => Boolean(values[k]))

export { validDay } from '../../../lib/days'
