/** The contact form (SPEC 4, 5, 8): client validation, sending, success, and the server keeps the message. */
import { describe, expect, it } from 'vitest'
import { api, BASE_URL, demoLogin, eventually, newContext, screenshot, VIEWPORT_NAMES, pagePerBlock, browserPerFile } from './support'

const browser = browserPerFile()

type StoredMessage = { id: string; first_name: string; last_name: string; email: string; phone: string | null; message: string }

for (const viewport of VIEWPORT_NAMES) {
  describe(`contact form @${viewport}`, () => {
    const ui = pagePerBlock(() => newContext(browser(), viewport))

    const form = () => ui.page.locator('form.contact-form')
    const send = () => form().getByRole('button', { name: 'Send Message' })
    const errorOf = (field: string) => ui.page.locator(`#contact-${field}-error`)

    it('shows the validation messages and blocks sending while any field is wrong', async () => {
      await ui.page.goto(`${BASE_URL}/contact`)
      await send().waitFor()

      // an empty submit flags every required field
      await send().click()
      expect(await errorOf('firstName').innerText()).toBe('Please enter your first name')
      expect(await errorOf('lastName').innerText()).toBe('Please enter your last name')
      expect(await errorOf('email').innerText()).toBe('Please enter your email address')
      expect(await errorOf('message').innerText()).toBe('Please enter a message')
      expect(await errorOf('phone').count()).toBe(0)
      expect(await send().isDisabled()).toBe(true)
      expect(await ui.page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true')
      await screenshot(ui.page, '/contact-errors', viewport)

      // editing a field clears its error
      await ui.page.getByLabel('First name').fill('Alex')
      expect(await errorOf('firstName').count()).toBe(0)
      await ui.page.getByLabel('Last name').fill('Nguyen')

      await ui.page.getByLabel('Email address').fill('alex at example')
      expect(await errorOf('email').innerText()).toBe('Please enter a valid email address')
      await ui.page.getByLabel('Email address').fill('alex@example.com')
      expect(await errorOf('email').count()).toBe(0)

      await ui.page.getByLabel('Phone number').fill('12345')
      expect(await errorOf('phone').innerText()).toBe('Please enter a valid Australian phone number')
      await ui.page.getByLabel('Phone number').fill('+61 412 345 678')
      expect(await errorOf('phone').count()).toBe(0)

      await ui.page.getByLabel('How can we help?').fill('x')
      await ui.page.getByLabel('How can we help?').fill('')
      expect(await errorOf('message').innerText()).toBe('Please enter a message')
      expect(await send().isDisabled()).toBe(true)
    })

    it('sends a valid message, shows the success text, clears the form; the server stored it', async () => {
      await ui.page.goto(`${BASE_URL}/contact`)
      const text = `E2E enquiry ${viewport} ${Date.now()}: we need two React developers.`
      const email = `contact-${viewport}-${Date.now()}@example.com`
      await ui.page.getByLabel('First name').fill('Jordan')
      await ui.page.getByLabel('Last name').fill('Lee')
      await ui.page.getByLabel('Email address').fill(email)
      await ui.page.getByLabel('Phone number').fill('0412 345 678')
      await ui.page.getByLabel('How can we help?').fill(text)
      expect(await send().isEnabled()).toBe(true)

      const posted = ui.page.waitForResponse((r) => r.url().endsWith('/api/contact') && r.request().method() === 'POST')
      await send().click()
      expect((await posted).status()).toBe(200)
      await ui.page.getByText("Thank you! Your message has been sent. We'll get back to you within 24 hours.").waitFor()
      expect(await ui.page.getByLabel('First name').inputValue()).toBe('')
      expect(await ui.page.getByLabel('How can we help?').inputValue()).toBe('')
      await screenshot(ui.page, '/contact-sent', viewport)

      const admin = await demoLogin('admin')
      const stored = await eventually(
        async () => {
          const res = await api<StoredMessage[]>('GET', '/api/admin/contact-messages', { token: admin.token })
          expect(res.status).toBe(200)
          return res.body.find((m) => m.message === text)
        },
        10_000,
        'the contact message in /api/admin/contact-messages',
      )
      expect(stored).toMatchObject({ first_name: 'Jordan', last_name: 'Lee', email })
      expect(stored.phone?.replace(/\s/g, '')).toBe('0412345678')
    })
  })
}

describe('contact API', () => {
  it('refuses the contact messages list without an admin token', async () => {
    expect((await api('GET', '/api/admin/contact-messages')).status).toBe(401)
  })
})
