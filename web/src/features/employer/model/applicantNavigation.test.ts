import { describe, expect, it } from 'vitest'
import type { PipelineCard, Stage } from '../types'
import { pipelineOrder, positionIn, positionText, readNavState, shortcutFor } from './applicantNavigation'

const card = (id: string, stage: Stage) => ({ id, stage }) as PipelineCard

const press = (key: string, target: EventTarget | null = document.body, mods: Partial<KeyboardEvent> = {}) =>
  shortcutFor({ key, target, ctrlKey: false, altKey: false, metaKey: false, defaultPrevented: false, ...mods })

/** `press` on `target` while `root`, which holds it, is in the page */
const pressIn = (key: string, root: HTMLElement, target: HTMLElement = root) => {
  document.body.append(root)
  try {
    return press(key, target)
  } finally {
    root.remove()
  }
}

/** a div with these attributes around `child` */
const around = (attributes: Record<string, string>, child: HTMLElement) => {
  const div = document.createElement('div')
  for (const [name, value] of Object.entries(attributes)) div.setAttribute(name, value)
  div.append(child)
  return div
}

describe('the order a pipeline view shows', () => {
  const cards = [card('a', 'offer'), card('b', 'new'), card('c', 'interview'), card('d', 'new')]

  it('walks the board column by column, keeping the server order within a column', () => {
    expect(pipelineOrder(cards, 'board')).toEqual(['b', 'd', 'c', 'a'])
  })

  it('walks the list exactly as the server sorted and filtered it', () => {
    expect(pipelineOrder(cards, 'list')).toEqual(['a', 'b', 'c', 'd'])
  })
})

describe('where an applicant stands', () => {
  it('knows the neighbours and says the position as "3 of 15"', () => {
    const order = Array.from({ length: 15 }, (_, i) => `id${i}`)
    const p = positionIn(order, 'id2')!
    expect(positionText(p)).toBe('3 of 15')
    expect(p.previous).toBe('id1')
    expect(p.next).toBe('id3')
  })

  it('has no previous at the first and no next at the last', () => {
    expect(positionIn(['x', 'y'], 'x')).toMatchObject({ previous: null, next: 'y' })
    expect(positionIn(['x', 'y'], 'y')).toMatchObject({ previous: 'x', next: null })
  })

  it('is nowhere when the applicant is not in the order', () => {
    expect(positionIn(['x'], 'z')).toBeNull()
  })
})

describe('the navigation state a link leaves', () => {
  it('keeps the list view, its filter and the order being walked', () => {
    const state = { from: { view: 'list', filter: { stage: 'interview', sort: 'name' } }, order: ['a', 'b'] }
    expect(readNavState(state)).toEqual({ from: { view: 'list', filter: { stage: 'interview', q: '', from: '', to: '', sort: 'name' } }, order: ['a', 'b'] })
  })

  it('reads the list’s filter as the address is read: what it does not know is left out', () => {
    const state = { from: { view: 'list', filter: { stage: 'archived', q: 42, from: '2026-02-30', to: '2026-11-30', sort: 'salary' } }, order: null }
    expect(readNavState(state).from.filter).toEqual({ stage: '', q: '', from: '', to: '2026-11-30', sort: 'newest' })
  })

  it('falls back to the whole board for a link opened from anywhere else, or state of another shape', () => {
    for (const state of [null, undefined, 'x', { from: 3 }, { order: [1, 2] }]) {
      expect(readNavState(state)).toEqual({ from: { view: 'board', filter: {} }, order: null })
    }
  })
})

describe('the J and K shortcuts', () => {
  it('J is next and K is previous, whichever case', () => {
    expect(press('j')).toBe('next')
    expect(press('J')).toBe('next')
    expect(press('k')).toBe('previous')
    expect(press('x')).toBeNull()
  })

  it('do nothing while typing in a field', () => {
    for (const tag of ['input', 'textarea', 'select']) {
      expect(pressIn('j', document.createElement(tag))).toBeNull()
    }
    const inner = document.createElement('span')
    expect(pressIn('k', around({ contenteditable: 'true' }, inner), inner)).toBeNull()
  })

  it('do nothing inside an open dialog', () => {
    const button = document.createElement('button')
    expect(pressIn('j', around({ role: 'dialog' }, button), button)).toBeNull()
  })

  it('leave Ctrl, Alt and Cmd combinations, and keys already handled, to the browser', () => {
    expect(press('j', document.body, { ctrlKey: true })).toBeNull()
    expect(press('j', document.body, { altKey: true })).toBeNull()
    expect(press('k', document.body, { metaKey: true })).toBeNull()
    expect(press('j', document.body, { defaultPrevented: true })).toBeNull()
  })

  it('work from a button on the page (focus after clicking Next)', () => {
    expect(pressIn('j', document.createElement('button'))).toBe('next')
  })
})
