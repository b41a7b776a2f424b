import { describe, expect, it } from 'vitest'
import { publicSiteUrl, rejectionMail } from './rejectionMail'

const job = { title: 'Senior Rust Engineer', company: 'Eucalypt Software', publicUrl: 'https://harbourit.example/' }

describe('the rejection mail', () => {
  it('is the mail commands/src/applications.rs (not_progressed) sends, with the feedback as the server keeps it', () => {
    const mail = rejectionMail({ ...job, name: 'Chloe Martin', feedback: '  We went with someone with more async Rust.\r\nGood luck!  ' })
    expect(mail.subject).toBe('Your application for Senior Rust Engineer at Eucalypt Software')
    expect(mail.body).toBe(
      `Hi Chloe,

Thank you for applying for Senior Rust Engineer at Eucalypt Software. The hiring team has decided not to take your application further this time.

A note from the hiring team at Eucalypt Software:

We went with someone with more async Rust.
Good luck!

This doesn't close any other door: every open role is at https://harbourit.example/jobs/find, and a job alert will email you new ones that match what you're after.

The application stays in My Applications: https://harbourit.example/candidate/dashboard/applications

Harbour IT Recruitment, Sydney
`,
    )
  })

  it('leaves out the feedback paragraph without feedback (blank counts as none)', () => {
    const expected = `Hi Chloe,

Thank you for applying for QA Lead at Opal. The hiring team has decided not to take your application further this time.

This doesn't close any other door: every open role is at http://localhost:8080/jobs/find, and a job alert will email you new ones that match what you're after.

The application stays in My Applications: http://localhost:8080/candidate/dashboard/applications

Harbour IT Recruitment, Sydney
`
    const plain = { name: 'Chloe', title: 'QA Lead', company: 'Opal', publicUrl: 'http://localhost:8080' }
    expect(rejectionMail(plain).body).toBe(expected)
    expect(rejectionMail({ ...plain, feedback: ' \n ' }).body).toBe(expected)
  })

  it('greets a blank name as “there”', () => {
    expect(rejectionMail({ ...job, name: '   ' }).body.startsWith('Hi there,\n\nThank you for applying')).toBe(true)
    expect(rejectionMail({ ...job, name: '' }).body.startsWith('Hi there,\n\n')).toBe(true)
    expect(rejectionMail({ ...job, name: '  Tom   Gallagher ' }).body.startsWith('Hi Tom,\n\n')).toBe(true)
  })

  it('links to the public site from the employer workspace’s host', () => {
    expect(publicSiteUrl({ protocol: 'https:', hostname: 'employer.harbourit.com.au', port: '' })).toBe('https://harbourit.com.au')
    expect(publicSiteUrl({ protocol: 'http:', hostname: 'employer.localhost', port: '8080' })).toBe('http://localhost:8080')
  })
})
