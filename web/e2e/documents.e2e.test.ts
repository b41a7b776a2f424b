/**
 * A candidate edits one of their documents at both widths: the dialog and its buttons fit the
 * screen, the type chosen is the one saved, and the list and the server say so afterwards.
 */
import { describe, expect, it } from 'vitest'
import { newCandidate, uploadPdf } from './fixtures'
import { api, BASE_URL, browserPerFile, journeyScreenshot, onePagePdf, signedInContext, uniqueEmail, VIEWPORT_NAMES } from './support'

const browser = browserPerFile()

type Listed = { documents: { id: string; title: string; document_type: string }[] }

describe('editing a document', () => {
  for (const viewport of VIEWPORT_NAMES) {
    it(`files a document under the type chosen in the dialog @${viewport}`, async () => {
      const who = { name: 'Dana Okafor', email: uniqueEmail('dana'), password: 'Harbour#2026' }
      const candidate = await newCandidate(who)
      const id = await uploadPdf(candidate, { fileName: 'aws-cert.pdf', pdf: onePagePdf('AWS Solutions Architect'), title: 'AWS certificate' })
      const ctx = await signedInContext(browser(), 'candidate', candidate, viewport)
      try {
        const page = await ctx.newPage()
        await page.goto(`${BASE_URL}/candidate/dashboard/documents`)
        const card = page.locator('.cd-card', { hasText: 'AWS certificate' })
        // the type badge's own text: the card's title already holds "certificate"
        const badges = () => card.locator('.badge').allInnerTexts()
        await expect.poll(badges).toContain('Other')
        await page.getByRole('button', { name: 'Edit AWS certificate' }).click()

        const dialog = page.getByRole('dialog', { name: 'Edit Document' })
        await dialog.waitFor()
        const save = dialog.getByRole('button', { name: 'Save Changes' })
        const screen = page.viewportSize()!
        for (const [what, box] of [['dialog', await dialog.boundingBox()], ['Save Changes', await save.boundingBox()]] as const) {
          expect(box, what).not.toBeNull()
          expect(box!.x, `${what} left edge`).toBeGreaterThanOrEqual(0)
          expect(box!.x + box!.width, `${what} right edge`).toBeLessThanOrEqual(screen.width)
          expect(box!.y + box!.height, `${what} bottom edge`).toBeLessThanOrEqual(screen.height)
        }
        await journeyScreenshot(page, 'candidate-document-edit', viewport)

        await dialog.getByLabel('Document type').selectOption('certificate')
        const saved = page.waitForResponse((r) => r.url().endsWith(`/api/documents/${id}`) && r.request().method() === 'PUT')
        await save.click()
        expect((await saved).status()).toBe(200)
        await dialog.waitFor({ state: 'detached' })
        await expect.poll(badges).toContain('Certificate')
        expect(await badges()).not.toContain('Other')

        const listed = await api<Listed>('GET', '/api/documents', { token: candidate.token })
        expect(listed.body.documents.find((d) => d.id === id)?.document_type).toBe('certificate')
      } finally {
        await ctx.close()
      }
    })
  }
})
