import { describe, expect, it } from 'vitest'
import { loginErrors, registerErrors } from './validation'

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
