import { describe, expect, it } from 'vitest'
import { isImage, isPdf } from './documents'

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

describe('isImage', () => {
  it('is true for the pictures a browser shows', () => {
    for (const name of ['scan.png', 'cv.JPG', 'cv.jpeg', 'cv.gif']) expect(isImage({ original_name: name })).toBe(true)
  })
  it('is false for documents', () => {
    for (const name of ['cv.pdf', 'cv.docx', 'png.txt', '']) expect(isImage({ original_name: name })).toBe(false)
  })
})
