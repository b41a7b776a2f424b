import { describe, expect, it } from 'vitest'
import type { Profile } from '../types'
import {
  educationError,
  experienceError,
  formToProfile,
  profileToForm,
  removeAt,
  resumeFileError,
  resumeState,
  settleDraft,
  withScheme,
} from './profile'

const baseProfile: Profile = {
  name: 'Jane Citizen',
  email: 'jane@example.com',
  phone: null,
  location: 'Sydney',
  summary: null,
  skills: 'React, Rust',
  languages: 'English',
  linkedin: null,
  portfolio: null,
  education: [],
  experience: [],
  resumeFilename: null,
  resumeOriginalName: null,
}

describe('profile add-forms', () => {
  it("needs degree and institution: 'Please fill in degree and institution fields.'", () => {
    expect(educationError({ degree: 'BSc', institution: '' })).toBe('Please fill in degree and institution fields.')
    expect(educationError({ degree: ' ', institution: 'UNSW' })).toBe('Please fill in degree and institution fields.')
    expect(educationError({ degree: 'BSc', institution: 'UNSW' })).toBeNull()
  })
  it("needs company and position: 'Please fill in company and position fields.'", () => {
    expect(experienceError({ company: '', position: 'Dev' })).toBe('Please fill in company and position fields.')
    expect(experienceError({ company: 'Acme', position: '' })).toBe('Please fill in company and position fields.')
    expect(experienceError({ company: 'Acme', position: 'Dev' })).toBeNull()
  })
  it('removes items by index', () => {
    expect(removeAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c'])
  })
})

describe('resume file rules', () => {
  const f = (name: string, type: string, size: number) => ({ name, type, size })
  it('accepts PDF and Word documents', () => {
    expect(resumeFileError(f('cv.pdf', 'application/pdf', 1000))).toBeNull()
    expect(resumeFileError(f('cv.doc', 'application/msword', 1000))).toBeNull()
    expect(resumeFileError(f('cv.docx', '', 1000))).toBeNull()
  })
  it('rejects other types', () => {
    expect(resumeFileError(f('cv.png', 'image/png', 1000))).toBe('Please select a PDF or Word document (.pdf, .doc, .docx)')
  })
  it('needs the file under 5MB', () => {
    expect(resumeFileError(f('cv.pdf', 'application/pdf', 5 * 1024 * 1024 - 1))).toBeNull()
    expect(resumeFileError(f('cv.pdf', 'application/pdf', 5 * 1024 * 1024))).toBe('File size must be less than 5MB')
  })
  it('moves between none, selected, uploaded and deleted', () => {
    const file = new File(['x'], 'cv.pdf')
    expect(resumeState(null, null, false)).toBe('none')
    expect(resumeState(file, null, false)).toBe('selected')
    expect(resumeState(null, 'stored.pdf', false)).toBe('uploaded')
    expect(resumeState(null, null, true)).toBe('deleted')
  })
})

describe('save payload', () => {
  it('sends empty dates as null and skills and languages as typed', () => {
    const form = profileToForm(baseProfile)
    form.education.push({ degree: 'BSc', institution: 'UNSW', field: '', graduationYear: '' })
    form.experience.push({ company: 'Acme', position: 'Dev', startDate: '2020-01-01', endDate: '', description: '' })
    form.skills = 'React, Rust, Go'
    const out = formToProfile(form, baseProfile)
    expect(out.education[0].graduationYear).toBeNull()
    expect(out.experience[0].startDate).toBe('2020-01-01')
    expect(out.experience[0].endDate).toBeNull()
    expect(out.skills).toBe('React, Rust, Go')
    expect(out.languages).toBe('English')
  })
  it('shows stored dates in date inputs', () => {
    const form = profileToForm({
      ...baseProfile,
      education: [{ degree: 'BSc', institution: 'UNSW', field: 'CS', graduationYear: '2019-11-30T00:00:00Z' }],
    })
    expect(form.education[0].graduationYear).toBe('2019-11-30')
  })
})

describe('Save Profile with an entry still in its Add form', () => {
  it('adds a finished entry, refuses an unfinished one in its own words, ignores an untouched form', () => {
    const ed = { degree: 'BSc', institution: 'UNSW', field: '', graduationYear: '' }
    expect(settleDraft(ed, educationError)).toEqual({ items: [ed], problem: null })
    expect(settleDraft({ ...ed, institution: ' ' }, educationError)).toEqual({ items: [], problem: 'Please fill in degree and institution fields.' })
    expect(settleDraft({ degree: '', institution: '', field: '', graduationYear: '' }, educationError)).toEqual({ items: [], problem: null })
    expect(settleDraft(null, educationError)).toEqual({ items: [], problem: null })
  })
})

describe('web addresses', () => {
  it('takes "linkedin.com/in/sam" as https://, and leaves a full address or nothing alone', () => {
    expect(withScheme(' linkedin.com/in/sam ')).toBe('https://linkedin.com/in/sam')
    expect(withScheme('https://sam.dev')).toBe('https://sam.dev')
    expect(withScheme('http://sam.dev')).toBe('http://sam.dev')
    expect(withScheme('  ')).toBe('')
    expect(formToProfile({ ...profileToForm(baseProfile), linkedin: 'www.linkedin.com/in/sam' }, baseProfile).linkedin).toBe('https://www.linkedin.com/in/sam')
  })
})
