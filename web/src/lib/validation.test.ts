import { describe, expect, it } from 'vitest'
import {
  AU_PHONE_MESSAGE,
  CONTACT_REQUIRED_MESSAGES,
  EMAIL_MESSAGE,
  EMPTY_CONTACT_FIELDS,
  hasContactErrors,
  isValidAuPhone,
  isValidEmail,
  validateContactField,
  validateContactForm,
} from './validation'

describe('contact form messages (SPEC 5)', () => {
  it('uses the exact SPEC texts', () => {
    expect(EMAIL_MESSAGE).toBe('Please enter a valid email address')
    expect(AU_PHONE_MESSAGE).toBe('Please enter a valid Australian phone number')
  })
})

describe('email rule', () => {
  it.each(['jane@example.com', 'jane.doe+jobs@mail.example.com.au', 'a@b.co'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true)
    expect(validateContactField('email', email)).toBeUndefined()
  })

  it.each(['jane', 'jane@', 'jane@example', '@example.com', 'jane doe@example.com', 'jane@exa mple.com', 'a@@b.com'])(
    'rejects %s with the SPEC message',
    (email) => {
      expect(isValidEmail(email)).toBe(false)
      expect(validateContactField('email', email)).toBe(EMAIL_MESSAGE)
    },
  )

  it('treats an empty email as missing rather than malformed', () => {
    expect(validateContactField('email', '')).toBe(CONTACT_REQUIRED_MESSAGES.email)
  })
})

describe('Australian phone rule', () => {
  it.each([
    '+61 2 9999 9999',
    '+61299999999',
    '61 2 9999 9999',
    '0412-345-678',
    '0412345678',
    '0412 345 678',
    '02 9999 9999',
    '03-9999-9999',
    '0799999999',
    '0899999999',
    '412345678',
    '+61 412 345 678',
  ])('accepts %s', (phone) => {
    expect(isValidAuPhone(phone)).toBe(true)
    expect(validateContactField('phone', phone)).toBeUndefined()
  })

  it.each([
    '0112345678', // 1 is not an area/mobile digit
    '0512345678', // nor is 5
    '0612345678', // nor is 6
    '0912345678', // nor is 9
    '041234567', // seven digits after the 4
    '04123456789', // nine digits after the 4
    '0412  345 678', // double separator
    '0412--345678', // double hyphen
    '(02) 9999 9999', // brackets are not allowed
    '+1 212 555 0100',
    '+44 20 7946 0958',
    '0412 345 67a',
    'not a number',
  ])('rejects %s with the SPEC message', (phone) => {
    expect(isValidAuPhone(phone)).toBe(false)
    expect(validateContactField('phone', phone)).toBe(AU_PHONE_MESSAGE)
  })

  it('reads 612 1234 5678 as the 61 prefix, area 2 and eight digits, which the SPEC rule allows', () => {
    // SPEC 5: optional 61 prefix, then 2, then eight digits with single separators
    expect(isValidAuPhone('612 1234 5678')).toBe(true)
    // but without a separator between groups of more than eight digits it fails
    expect(isValidAuPhone('612 1234 56789')).toBe(false)
  })

  it('phone is optional', () => {
    expect(validateContactField('phone', '')).toBeUndefined()
    expect(validateContactField('phone', '   ')).toBeUndefined()
  })
})

describe('required contact fields', () => {
  it.each([
    ['firstName', CONTACT_REQUIRED_MESSAGES.firstName],
    ['lastName', CONTACT_REQUIRED_MESSAGES.lastName],
    ['email', CONTACT_REQUIRED_MESSAGES.email],
    ['message', CONTACT_REQUIRED_MESSAGES.message],
  ] as const)('%s is required', (field, message) => {
    expect(validateContactField(field, '')).toBe(message)
    expect(validateContactField(field, '   ')).toBe(message)
  })

  it('an empty form reports the four required fields and not the phone', () => {
    const errors = validateContactForm(EMPTY_CONTACT_FIELDS)
    expect(Object.keys(errors).sort()).toEqual(['email', 'firstName', 'lastName', 'message'])
    expect(hasContactErrors(errors)).toBe(true)
  })

  const complete = {
    firstName: 'Jane',
    lastName: 'Citizen',
    email: 'jane@example.com',
    phone: '0412 345 678',
    message: 'Looking for a data engineer.',
  }

  it('a complete form has no errors', () => {
    const errors = validateContactForm(complete)
    expect(errors).toEqual({})
    expect(hasContactErrors(errors)).toBe(false)
  })

  it('a bad phone alone blocks the form', () => {
    const errors = validateContactForm({ ...complete, phone: '12345', message: 'Hi' })
    expect(errors).toEqual({ phone: AU_PHONE_MESSAGE })
  })
})
