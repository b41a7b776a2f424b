import { describe, expect, it } from 'vitest'
import { changePasswordErrors, loginErrors, registerErrors } from './validation'

describe('candidate login checks', () => {
  it("flags a bad email with 'Please enter a valid email address'", () => {
    expect(loginErrors('jane@', 'Password1!').email).toBe('Please enter a valid email address')
    expect(loginErrors('ja ne@x.com', 'Password1!').email).toBe('Please enter a valid email address')
  })
  it("flags a weak password with 'Invalid password format'", () => {
    expect(loginErrors('jane@example.com', 'password').password).toBe('Invalid password format')
  })
  it('passes good credentials', () => {
    expect(loginErrors('jane@example.com', 'Password1!')).toEqual({})
  })
})

describe('register checks', () => {
  it('uses the long register password message', () => {
    expect(registerErrors({ name: 'Jane', email: 'jane@example.com', password: 'short' }).password).toBe(
      'Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character',
    )
  })
  it('checks the email and passes a valid form', () => {
    expect(registerErrors({ name: 'Jane', email: 'nope', password: 'Password1!' }).email).toBe(
      'Please enter a valid email address',
    )
    expect(registerErrors({ name: 'Jane', email: 'jane@example.com', password: 'Password1!' })).toEqual({})
  })
  it('needs a company only on the employer form', () => {
    expect(registerErrors({ name: 'A', email: 'a@b.co', password: 'Password1!', company: ' ' }).company).toBeTruthy()
  })
})

describe('change-password checks', () => {
  const RULE = 'Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character'
  it('needs the current password, a new one under the reset rule, typed the same twice', () => {
    expect(changePasswordErrors({ current: '', next: 'short', confirm: 'other' })).toEqual({
      current: 'Enter your current password',
      next: RULE,
      confirm: 'Passwords do not match',
    })
    // the reset rule's wider specials count, as on the reset page
    expect(changePasswordErrors({ current: 'Old#pass1', next: 'New(pass)1', confirm: 'New(pass)1' })).toEqual({})
  })
  it('refuses the same password again with the server’s words', () => {
    expect(changePasswordErrors({ current: 'Same#Pass1', next: 'Same#Pass1', confirm: 'Same#Pass1' }).next).toBe(
      'Your new password must be different from your current one',
    )
  })
  it('takes a long passphrase (64 characters and more)', () => {
    const long = `Correct-Horse-Battery-Staple!${'x'.repeat(60)}`
    expect(changePasswordErrors({ current: 'Old#pass1', next: long, confirm: long })).toEqual({})
  })
})
