import { afterEach, describe, expect, it } from 'vitest'
import { INITIAL_DATA_FRESH_MS, INITIAL_DATA_ID, initialData, initialDataReadAt, initialEntries, resetInitialData } from './initial-data'

function embed(text: string) {
  const el = document.createElement('script')
  el.type = 'application/json'
  el.id = INITIAL_DATA_ID
  el.textContent = text
  document.body.appendChild(el)
}

afterEach(() => {
  document.getElementById(INITIAL_DATA_ID)?.remove()
  resetInitialData()
})

describe('initial data', () => {
  it('reads the entries the server embedded, by key, while they are fresh', () => {
    // what api/src/first_paint.rs writes: < > & escaped as \u003c \u003e \u0026
    embed('{"queries":[{"key":["jobs","board"],"data":[{"title":"\\u003c/script\\u003e \\u0026 co"}]},{"key":["jobs","latest"],"data":[]}]}')
    expect(initialEntries()).toHaveLength(2)
    expect(initialData(['jobs', 'board'])).toEqual([{ title: '</script> & co' }])
    expect(initialData(['jobs', 'latest'])).toEqual([])
    expect(initialData(['jobs'])).toBeUndefined()
    expect(initialData(['jobs', 'board'], initialDataReadAt() + INITIAL_DATA_FRESH_MS + 1)).toBeUndefined()
  })

  it('is empty without the element, and when its text is not JSON', () => {
    expect(initialEntries()).toEqual([])
    resetInitialData()
    embed('{not json')
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => errors.push(args)
    try {
      expect(initialEntries()).toEqual([])
    } finally {
      console.error = original
    }
    expect(errors).toHaveLength(1)
  })
})
