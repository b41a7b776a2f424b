/** SPEC 5 rules shared by several forms. Messages are the exact SPEC texts. */

export const EMAIL_MESSAGE = 'Please enter a valid email address'
export const AU_PHONE_MESSAGE = 'Please enter a valid Australian phone number'

// "looks like name@domain.tld with no spaces"
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

// optional +61 / 61 / 0, then 2|3|4|7|8, then eight digits with optional single space or hyphen separators
const AU_PHONE_RE = /^(?:\+61|61|0)?[ -]?[23478](?:[ -]?\d){8}$/

export function isValidEmail(value: string): boolean {
  return EMAIL_RE.test(value.trim())
}

export function isValidAuPhone(value: string): boolean {
  return AU_PHONE_RE.test(value.trim())
}

/* ---------- Contact form (SPEC 5) ---------- */

export type ContactFields = {
  firstName: string
  lastName: string
  email: string
  phone: string
  message: string
}

export type ContactField = keyof ContactFields
export type ContactErrors = Partial<Record<ContactField, string>>

export const EMPTY_CONTACT_FIELDS: ContactFields = { firstName: '', lastName: '', email: '', phone: '', message: '' }

/** Texts for empty required fields (the SPEC names the rule but not the words). */
export const CONTACT_REQUIRED_MESSAGES = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  email: 'Please enter your email address',
  message: 'Please enter a message',
} as const

/** The error for one contact field, or undefined when it is fine. Phone is optional. */
export function validateContactField(field: ContactField, value: string): string | undefined {
  const filled = value.trim() !== ''
  switch (field) {
    case 'firstName':
    case 'lastName':
    case 'message':
      return filled ? undefined : CONTACT_REQUIRED_MESSAGES[field]
    case 'email':
      if (!filled) return CONTACT_REQUIRED_MESSAGES.email
      return isValidEmail(value) ? undefined : EMAIL_MESSAGE
    case 'phone':
      return !filled || isValidAuPhone(value) ? undefined : AU_PHONE_MESSAGE
  }
}

/** Every field's error; an empty object means the form can be sent. */
export function validateContactForm(values: ContactFields): ContactErrors {
  const errors: ContactErrors = {}
  for (const field of Object.keys(values) as ContactField[]) {
    const error = validateContactField(field, values[field])
    if (error) errors[field] = error
  }
  return errors
}

export const hasContactErrors = (errors: ContactErrors) => Object.values(errors).some(Boolean)
