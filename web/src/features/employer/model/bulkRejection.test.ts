import { describe, expect, it } from 'vitest'
import { pipelineCard } from '../pipeline.fixtures'
import { bulkRejectedToast } from './bulkRejection'

const people = ['Chloe Martin', 'Tom Gallagher', 'Ana Lee', 'Raj Patel'].map((name, i) => pipelineCard({ id: `a${i + 1}`, candidate_name: name }))
const allTook = (n: number) => ({ rejected: n, results: people.slice(0, n).map((c) => ({ id: c.id })) })

describe('the toast after a bulk rejection', () => {
  it('names up to three who were emailed, and counts more', () => {
    expect(bulkRejectedToast(people.slice(0, 3), allTook(3), { feedback: false, emailed: true }).message).toBe(
      'We’ve emailed Chloe Martin, Tom Gallagher and Ana Lee and updated their portals.',
    )
    expect(bulkRejectedToast(people, allTook(4), { feedback: true, emailed: true })).toEqual({
      kind: 'success',
      title: '4 applicants rejected',
      message: 'We’ve emailed 4 applicants and updated their portals, with your feedback.',
    })
  })

  it('names only those rejected, and gives the first refusal', () => {
    const result = { rejected: 1, results: [{ id: 'a1' }, { id: 'a2', error: 'This applicant has been hired, so their stage can no longer change' }] }
    expect(bulkRejectedToast(people.slice(0, 2), result, { feedback: false, emailed: true })).toEqual({
      kind: 'warning',
      title: '1 applicant rejected',
      message: 'We’ve emailed Chloe Martin and updated their portal. 1 could not be: This applicant has been hired, so their stage can no longer change',
    })
  })

  it('without the email, says where they will see it', () => {
    expect(bulkRejectedToast(people.slice(0, 1), allTook(1), { feedback: true, emailed: false }).message).toBe(
      'Chloe Martin will see it in their portal, with your feedback; no email was sent.',
    )
  })
})
