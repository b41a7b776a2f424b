import { describe, expect, it } from 'vitest'
import {
  FILL_ALL_FIELDS,
  isValidPassword,
  isValidResetPassword,
  PASSWORDS_DO_NOT_MATCH,
  REGISTER_PASSWORD_MESSAGE,
  resetPasswordError,
} from './passwords'

describe('login and register password rule', () => {
  it('accepts 8+ characters with an uppercase letter and one of !@#$%^&*', () => {
    expect(isValidPassword('Password1!')).toBe(true)
    expect(isValidPassword('Abcdefg*')).toBe(true)
  })
  it('rejects a password shorter than 8 characters', () => {
    expect(isValidPassword('Abcde!1')).toBe(false)
  })
  it('rejects a password without an uppercase letter', () => {
    expect(isValidPassword('password1!')).toBe(false)
  })
  it('rejects a password without a special character', () => {
    expect(isValidPassword('Password1')).toBe(false)
  })
  it('rejects specials outside !@#$%^&* such as a period or parenthesis', () => {
    expect(isValidPassword('Password1.')).toBe(false)
    expect(isValidPassword('Password1(')).toBe(false)
  })
})

describe('reset password rule', () => {
  it('accepts the wider special set: ( ) , . ? " \' { } | < > [ ]', () => {
    for (const c of ['(', ')', ',', '.', '?', '"', "'", '{', '}', '|', '<', '>', '[', ']']) {
      expect(isValidResetPassword(`Password${c}`), c).toBe(true)
    }
  })
  it('still needs an uppercase letter and 8 characters', () => {
    expect(isValidResetPassword('password.')).toBe(false)
    expect(isValidResetPassword('Pass.1')).toBe(false)
  })
  it('asks for all fields first', () => {
    expect(resetPasswordError('', '')).toBe(FILL_ALL_FIELDS)
    expect(resetPasswordError('Password.', '')).toBe(FILL_ALL_FIELDS)
  })
  it('uses the register message for a weak password', () => {
    expect(resetPasswordError('weak', 'weak')).toBe(REGISTER_PASSWORD_MESSAGE)
    expect(REGISTER_PASSWORD_MESSAGE).toBe(
      'Password must be at least 8 characters long, contain 1 uppercase letter and 1 special character',
    )
  })
  it('rejects passwords that do not match', () => {
    expect(resetPasswordError('Password.', 'Password,')).toBe(PASSWORDS_DO_NOT_MATCH)
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match')
  })
  it('passes a strong matching pair', () => {
    expect(resetPasswordError('Password?', 'Password?')).toBeNull()
  })
})

describe('password length', () => {
  it('counts characters as the server does, so an emoji is one', () => {
    // Eight UTF-16 units, but five characters: the server refuses it, so must we.
    expect(isValidPassword('A!😀😀😀')).toBe(false)
    expect(isValidResetPassword('A.😀😀😀')).toBe(false)
    expect(isValidPassword('A!😀😀😀xyz')).toBe(true)
  })
})
