import { describe, expect, it } from 'vitest'
import { isPdf } from './documents'

describe('isPdf', () => {
  it('is true for a .pdf name in any case', () => {
    expect(isPdf({ original_name: 'resume.pdf' })).toBe(true)
    expect(isPdf({ original_name: 'CV FINAL.PDF' })).toBe(true)
  })
  it('is false for other files and missing names', () => {
    expect(isPdf({ original_name: 'resume.docx' })).toBe(false)
    expect(isPdf({ original_name: 'pdf.txt' })).toBe(false)
    expect(isPdf({ original_name: '' })).toBe(false)
    expect(isPdf({ original_name: null })).toBe(false)
  })
})
