/**
 * Layout checks any screen can be put through. `expectFits`: nothing wider than the screen, nothing
 * outside it, no clipped text; at under 768 px it adds the phone checks of issue 27, each failing
 * with the list of what broke the rule, so one run shows every offender on a page:
 *
 * - tap targets: every visible link, button, field and tab at least 24 x 24 px (WCAG 2.2's 2.5.8,
 *   without its spacing way out) and not overlapping another target. A checkbox or radio counts
 *   with its label (a tap on the label ticks it). A link inside running text is exempt, as 2.5.8
 *   exempts it.
 * - text: every visible text node, SVG chart labels too, at 12 px or more.
 * - scrollers: anything that scrolls sideways shows that it does, with a fade at the edge that has
 *   more (the `scroll-fade` animation in components.css, read back through `--fade-end`).
 *
 * Its two parts any test also runs on their own: `expectNoSidewaysScroll` and `expectNoClippedText`.
 */
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'

/** The page is no wider than the screen (nothing scrolls sideways). */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }))
  expect(scroll, `${what}: page wider than the screen`).toBeLessThanOrEqual(width)
}

/**
 * Text cut off by the box that holds it: an element that hides its overflow (overflow hidden or
 * clip) while its text runs past its edge, so part of a word or line is simply not shown. Each
 * finding names the element, the clipped text and its scroll size against its box. Not counted:
 * an intentional ellipsis with a title attribute (the full text is a hover away), a line clamp
 * (-webkit-line-clamp), form controls (they scroll their own value), 1 px visually-hidden text
 * and whatever such a box holds, and text inside a scroll container nested in the clipping box
 * (that container is its own case).
 */
export async function clippedText(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const found: string[] = []
    const tiny = (r: DOMRect) => r.width <= 1 || r.height <= 1
    const hides = (v: string) => v === 'hidden' || v === 'clip'
    const nameOf = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`
    // inside a 1 px box that hides what it holds: visually-hidden text for screen readers (the
    // phone table's header row, for one), clipped on purpose
    const insideHiddenBox = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (tiny(p.getBoundingClientRect()) && (hides(getComputedStyle(p).overflowX) || getComputedStyle(p).clip !== 'auto')) return true
      }
      return false
    }
    const rootEl = document.querySelector(rootSelector)
    if (!rootEl) return [`${rootSelector}: not found`]
    for (const el of [rootEl, ...rootEl.querySelectorAll('*')]) {
      if (el.matches('input, textarea, select, option')) continue
      const box = el.getBoundingClientRect()
      if (tiny(box)) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.opacity === '0' || insideHiddenBox(el)) continue
      const clipsX = hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1
      const clipsY = hides(style.overflowY) && el.scrollHeight > el.clientHeight + 1
      if (!clipsX && !clipsY) continue
      if (style.textOverflow === 'ellipsis' && el.hasAttribute('title')) continue
      if (style.getPropertyValue('-webkit-line-clamp') && style.getPropertyValue('-webkit-line-clamp') !== 'none') continue
      // the inner (padding) box the text must stay inside
      const left = box.left + el.clientLeft
      const top = box.top + el.clientTop
      const right = left + el.clientWidth
      const bottom = top + el.clientHeight
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim()
        if (!text) continue
        // skip text that is hidden on purpose or scrolls inside a box of its own
        let skip = false
        for (let p = node.parentElement; p && p !== el; p = p.parentElement) {
          const ps = getComputedStyle(p)
          if (tiny(p.getBoundingClientRect()) || ps.visibility === 'hidden' || ps.overflowX !== 'visible' || ps.overflowY !== 'visible') {
            skip = true
            break
          }
        }
        if (skip) continue
        const range = document.createRange()
        range.selectNodeContents(node)
        const cut = [...range.getClientRects()].some(
          (r) => r.width > 0 && ((clipsX && (r.left < left - 1 || r.right > right + 1)) || (clipsY && (r.top < top - 1 || r.bottom > bottom + 1))),
        )
        if (cut) {
          found.push(`${nameOf(el)}: "${text.slice(0, 40)}" (${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight})`)
          break
        }
      }
    }
    return found.slice(0, 10)
  }, root)
}

/** No text on the page (or under `root`) is cut off by its container (see clippedText). */
export async function expectNoClippedText(page: Page, what: string, root?: string) {
  expect(await clippedText(page, root), `${what}: text clipped by its container`).toEqual([])
}

export const MIN_TARGET = 24
export const MIN_TEXT = 12

export type PhoneReport = { targets: string[]; text: string[]; scrollers: string[] }

/** Everything on the page that breaks one of the phone rules (nothing when all is well). */
export async function phoneProblems(page: Page, root = 'body'): Promise<PhoneReport> {
  return page.evaluate(
    ({ rootSelector, minTarget, minText }) => {
      const rootEl = document.querySelector(rootSelector) ?? document.body
      const describe = (el: Element) => {
        const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? el.getAttribute('title') ?? '').trim().replace(/\s+/g, ' ')
        const cls = el.classList.length ? `.${[...el.classList].slice(0, 2).join('.')}` : ''
        return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text.slice(0, 40)}"` : ''}`
      }
      const hiddenByStyle = (el: Element) => {
        for (let e: Element | null = el; e && e !== document.documentElement; e = e.parentElement) {
          const s = getComputedStyle(e)
          if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') return true
          if (e.getAttribute('aria-hidden') === 'true' && e !== el) return true
        }
        return false
      }
      /** Clipped away by an ancestor (visually-hidden text, a clip rect, an overflow box it sits outside). */
      const clippedAway = (el: Element, r: DOMRect) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const s = getComputedStyle(p)
          if (s.clip && s.clip !== 'auto') return true
          if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
            const pr = p.getBoundingClientRect()
            if (pr.width <= 1 || pr.height <= 1) return true
            if (r.right <= pr.left || r.left >= pr.right || r.bottom <= pr.top || r.top >= pr.bottom) return true
          }
        }
        return false
      }
      const visibleBox = (el: Element): DOMRect | null => {
        const r = el.getBoundingClientRect()
        if (r.width <= 1 || r.height <= 1) return null
        if (hiddenByStyle(el) || clippedAway(el, r)) return null
        return r
      }

      // ---- tap targets ----
      const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="link"]'
      type Box = { left: number; top: number; right: number; bottom: number }
      type Target = { el: Element; box: Box; fixed: boolean }
      const targets: Target[] = []
      const inRunningText = (el: Element) => {
        if (getComputedStyle(el).display !== 'inline') return false
        const block = el.parentElement
        if (!block) return false
        const own = (el.textContent ?? '').trim().length
        return (block.textContent ?? '').trim().length > own + 2
      }
      for (const el of rootEl.querySelectorAll(selector)) {
        // a visually hidden checkbox or file input is not a target itself: its label or zone is
        const r = visibleBox(el)
        if (!r) continue
        if (el.tagName !== 'INPUT' && inRunningText(el)) continue
        let box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom }
        // a "stretched" link (an absolutely placed ::after over its card) is as big as the card
        const after = getComputedStyle(el, '::after')
        if (after.content !== 'none' && after.position === 'absolute') {
          let holder = el.parentElement
          while (holder && getComputedStyle(holder).position === 'static') holder = holder.parentElement
          if (holder) {
            const hr = holder.getBoundingClientRect()
            box = { left: hr.left, top: hr.top, right: hr.right, bottom: hr.bottom }
          }
        }
        const input = el as HTMLInputElement
        if (el.tagName === 'INPUT' && (input.type === 'checkbox' || input.type === 'radio') && input.labels) {
          for (const label of input.labels) {
            const lr = visibleBox(label)
            if (!lr) continue
            box = {
              left: Math.min(box.left, lr.left),
              top: Math.min(box.top, lr.top),
              right: Math.max(box.right, lr.right),
              bottom: Math.max(box.bottom, lr.bottom),
            }
          }
        }
        let fixed = false
        for (let e: Element | null = el; e && !fixed; e = e.parentElement) fixed = getComputedStyle(e).position === 'fixed'
        targets.push({ el, box, fixed })
      }
      const small: string[] = []
      for (const t of targets) {
        const w = t.box.right - t.box.left
        const h = t.box.bottom - t.box.top
        if (w < minTarget - 0.5 || h < minTarget - 0.5) small.push(`${describe(t.el)} ${Math.round(w)}x${Math.round(h)}`)
      }
      // overlapping targets. Not counted: a target inside another (a link around a button is one
      // target), one drawn wholly inside another (a Show button inside its field: the tap goes to
      // the button), and a fixed bar over content scrolled under it.
      const within = (a: Box, b: Box) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1
      const overlapping: string[] = []
      for (let i = 0; i < targets.length; i++) {
        for (let j = i + 1; j < targets.length; j++) {
          const a = targets[i]
          const b = targets[j]
          if (a.el.contains(b.el) || b.el.contains(a.el)) continue
          if (a.fixed !== b.fixed || within(a.box, b.box) || within(b.box, a.box)) continue
          const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left)
          const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top)
          if (x > 2 && y > 2) overlapping.push(`${describe(a.el)} overlaps ${describe(b.el)}`)
        }
      }

      // ---- text size ----
      const text: string[] = []
      const seen = new Set<Element>()
      const walker = document.createTreeWalker(rootEl, NodeFilter.SHOW_TEXT)
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement
        if (!parent || seen.has(parent) || !(n.textContent ?? '').trim()) continue
        if (parent.closest('script, style, noscript, template, title')) continue
        seen.add(parent)
        const range = document.createRange()
        range.selectNodeContents(n)
        const rr = range.getBoundingClientRect()
        if (rr.width <= 1 || rr.height <= 1 || hiddenByStyle(parent) || clippedAway(parent, rr)) continue
        const size = parseFloat(getComputedStyle(parent).fontSize)
        // SVG text is drawn at its font size times the drawing's scale
        const svg = parent.closest('svg') as SVGSVGElement | null
        const scale = svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1
        if (size * scale < minText - 0.05) text.push(`${describe(parent)} ${(size * scale).toFixed(1)}px`)
      }

      // ---- sideways scrollers ----
      const scrollers: string[] = []
      for (const el of rootEl.querySelectorAll('*')) {
        const s = getComputedStyle(el)
        if (s.overflowX !== 'auto' && s.overflowX !== 'scroll') continue
        if (el.scrollWidth <= el.clientWidth + 2 || !visibleBox(el)) continue
        const fade = parseFloat(s.getPropertyValue('--fade-end')) || 0
        if (el.scrollLeft === 0 && fade < 8) scrollers.push(`${describe(el)} scrolls ${el.scrollWidth}/${el.clientWidth} with no fade at its end`)
      }

      return { targets: [...small, ...overlapping], text, scrollers }
    },
    { rootSelector: root, minTarget: MIN_TARGET, minText: MIN_TEXT },
  )
}

/** Fails with every tap target, text node and scroller on the page that breaks a phone rule. */
export async function expectPhoneFriendly(page: Page, what: string, root?: string) {
  const report = await phoneProblems(page, root)
  expect(report.targets, `${what}: tap targets under ${MIN_TARGET} px or overlapping`).toEqual([])
  expect(report.text, `${what}: text under ${MIN_TEXT} px`).toEqual([])
  expect(report.scrollers, `${what}: sideways scrollers that do not show they scroll`).toEqual([])
}

type LayoutReport = { scrollWidth: number; viewport: number; outside: string[] }

/**
 * What sticks out of the viewport sideways. Elements that are hidden on purpose do not count:
 * zero-size or 1 px boxes (visually-hidden text), skip links parked off-screen until focused, and
 * anything inside a scroll container or clipping box (its overflow is the container's business,
 * and the container itself is checked).
 */
export async function layoutOf(page: Page, root = 'body'): Promise<LayoutReport> {
  return page.evaluate((rootSelector) => {
    const vw = document.documentElement.clientWidth
    const outside: string[] = []
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p)
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') return true
      }
      return false
    }
    for (const el of document.querySelectorAll(`${rootSelector} *`)) {
      const r = el.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.opacity === '0') continue
      if (el.matches('.skip-link, .staff-skip') || clipped(el)) continue
      if (r.left < -1 || r.right > vw + 1) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`
        outside.push(`${name} [${Math.round(r.left)}, ${Math.round(r.right)}]`)
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, viewport: vw, outside: outside.slice(0, 10) }
  }, root)
}

/** Nothing wider than the screen, nothing outside it, no clipped text. */
export async function expectOnScreen(page: Page, what: string, root?: string) {
  const report = await layoutOf(page, root)
  expect(report.scrollWidth, `${what}: page wider than the screen`).toBeLessThanOrEqual(report.viewport)
  expect(report.outside, `${what}: elements outside the viewport`).toEqual([])
  await expectNoClippedText(page, what, root)
}

/** One control a person must see and press is wholly on the screen: across it always, and top to
 *  bottom unless `vertically` is false. It is scrolled to first unless `scroll` is false (a control
 *  that must be there without scrolling). */
export async function expectInView(target: Locator, what: string, { scroll = true, vertically = true } = {}) {
  if (scroll) await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  expect(box, `${what}: not laid out`).not.toBeNull()
  const { width, height } = target.page().viewportSize()!
  expect(box!.x, `${what}: left of the screen`).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width, `${what}: past the right edge`).toBeLessThanOrEqual(width + 0.5)
  if (!vertically) return
  expect(box!.y, `${what}: above the screen`).toBeGreaterThanOrEqual(0)
  expect(box!.y + box!.height, `${what}: below the fold`).toBeLessThanOrEqual(height + 0.5)
}

/** On screen, and on a phone (under 768 px) fit for one too: tap targets, text size, scrollers. */
export async function expectFits(page: Page, what: string, root?: string) {
  await expectOnScreen(page, what, root)
  if (page.viewportSize()!.width < 768) await expectPhoneFriendly(page, what, root)
}

/** Every phone-rule offender on the page as one list, each line naming the screen. */
export async function phoneOffenders(page: Page, what: string, root?: string): Promise<string[]> {
  const r = await phoneProblems(page, root)
  return [...r.targets.map((t) => `${what}: target ${t}`), ...r.text.map((t) => `${what}: text ${t}`), ...r.scrollers.map((t) => `${what}: ${t}`)]
}
