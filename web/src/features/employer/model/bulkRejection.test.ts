import { describe, expect, it } from 'vitest'
import { pipelineCard } from '../pipeline.fixtures'
import { bulkRejectedToast } from './bulkRejection'

const people = ['Chloe Martin', 'Tom Gallagher', 'Ana Lee', 'Raj Patel'].map((name, i) => pipelineCard({ id: `a${i + 1}`, candidate_name: name }))
const erased = pipelineCard({ id: 'a9', candidate_name: '[erased]', candidate_email: '[erased]' })
/** The server's reply when the first `n` were rejected and each was emailed or not, as `emailed` says. */
const allTook = (n: number, emailed = true) => ({
  rejected: n,
  emailed: emailed ? n : 0,
  results: people.slice(0, n).map((c) => ({ id: c.id, emailed })),
})

describe('the toast after a bulk rejection', () => {
  it('names up to three the server emailed, and counts more', () => {
    expect(bulkRejectedToast(people.slice(0, 3), allTook(3), { feedback: false }).message).toBe(
      'We’ve emailed Chloe Martin, Tom Gallagher and Ana Lee and updated their portals.',
    )
    expect(bulkRejectedToast(people, allTook(4), { feedback: true })).toEqual({
      kind: 'success',
      title: '4 applicants rejected',
      message: 'We’ve emailed 4 applicants and updated their portals, with your feedback.',
    })
  })

  it('names only those rejected, and gives the first refusal', () => {
    const result = {
      rejected: 1,
      emailed: 1,
      results: [
        { id: 'a1', emailed: true },
        { id: 'a2', error: 'This applicant has been hired, so their stage can no longer change', emailed: false },
      ],
    }
    expect(bulkRejectedToast(people.slice(0, 2), result, { feedback: false })).toEqual({
      kind: 'warning',
      title: '1 applicant rejected',
      message: 'We’ve emailed Chloe Martin and updated their portal. 1 could not be: This applicant has been hired, so their stage can no longer change',
    })
  })

  it('when no one was emailed, says where they will see it', () => {
    expect(bulkRejectedToast(people.slice(0, 1), allTook(1, false), { feedback: true }).message).toBe(
      'Chloe Martin will see it in their portal, with your feedback; no email was sent.',
    )
    expect(bulkRejectedToast(people.slice(0, 2), allTook(2, false), { feedback: false }).message).toBe(
      'Chloe Martin and Tom Gallagher will see it in their portals; no email was sent.',
    )
  })

  it('names only those the server says it emailed, and counts the others without guessing why', () => {
    // Tom was rejected now but not emailed, for a reason the reply does not give
    const result = { rejected: 3, emailed: 2, results: [{ id: 'a1', emailed: true }, { id: 'a2', emailed: false }, { id: 'a3', emailed: true }] }
    expect(bulkRejectedToast(people.slice(0, 3), result, { feedback: false }).message).toBe(
      'We’ve emailed Chloe Martin and Ana Lee and updated their portals. One applicant wasn’t emailed.',
    )
    const more = { rejected: 4, emailed: 1, results: [{ id: 'a1', emailed: true }, { id: 'a2' }, { id: 'a3', emailed: false }, { id: 'a9', emailed: false }] }
    expect(bulkRejectedToast([...people.slice(0, 3), erased], more, { feedback: false }).message).toBe(
      'We’ve emailed Chloe Martin and updated their portal. 3 applicants weren’t emailed.',
    )
  })

  it('says why only when every one not emailed had their personal data erased', () => {
    const result = { rejected: 2, emailed: 1, results: [{ id: 'a1', emailed: true }, { id: 'a9', emailed: false }] }
    expect(bulkRejectedToast([people[0], erased], result, { feedback: false }).message).toBe(
      'We’ve emailed Chloe Martin and updated their portal. One applicant’s personal data was erased, so they weren’t emailed.',
    )
    const none = { rejected: 1, emailed: 0, results: [{ id: 'a9', emailed: false }] }
    expect(bulkRejectedToast([erased], none, { feedback: false }).message).toBe(
      'Their personal data was erased, so there was no one to tell.',
    )
  })

  it('says how many interviews the server cancelled with them', () => {
    expect(bulkRejectedToast(people.slice(0, 2), { ...allTook(2), interviews_cancelled: 2 }, { feedback: false }).message).toBe(
      'We’ve emailed Chloe Martin and Tom Gallagher and updated their portals. 2 interviews were cancelled.',
    )
    // the calendar updates are mail too, so it is only the rejection email that did not go
    expect(bulkRejectedToast(people.slice(0, 1), { ...allTook(1, false), interviews_cancelled: 1 }, { feedback: false }).message).toBe(
      'Chloe Martin will see it in their portal; no rejection email was sent. 1 interview was cancelled.',
    )
    expect(bulkRejectedToast(people.slice(0, 1), { ...allTook(1), interviews_cancelled: 0 }, { feedback: false }).message).toBe(
      'We’ve emailed Chloe Martin and updated their portal.',
    )
  })

  it('says only the rejection email did not go to one whose interview was cancelled (that was mailed)', () => {
    // Tom was not emailed about the rejection, but his cancelled interview was mailed to him
    const tomBooked = {
      rejected: 2,
      emailed: 1,
      interviews_cancelled: 1,
      results: [
        { id: 'a1', emailed: true, interviews_cancelled: 0 },
        { id: 'a2', emailed: false, interviews_cancelled: 1 },
      ],
    }
    expect(bulkRejectedToast(people.slice(0, 2), tomBooked, { feedback: false }).message).toBe(
      'We’ve emailed Chloe Martin and updated their portal. One applicant wasn’t sent the rejection email. 1 interview was cancelled.',
    )
    // the cancelled one was Chloe’s, who was emailed anyway: Tom got no mail at all
    const chloeBooked = { ...tomBooked, results: [{ id: 'a1', emailed: true, interviews_cancelled: 1 }, { id: 'a2', emailed: false, interviews_cancelled: 0 }] }
    expect(bulkRejectedToast(people.slice(0, 2), chloeBooked, { feedback: false }).message).toBe(
      'We’ve emailed Chloe Martin and updated their portal. One applicant wasn’t emailed. 1 interview was cancelled.',
    )
    // no one emailed, and the one cancelled interview was Tom’s: Chloe got no mail, but Tom did
    const noneEmailed = { ...tomBooked, emailed: 0, results: [{ id: 'a1', emailed: false, interviews_cancelled: 0 }, { id: 'a2', emailed: false, interviews_cancelled: 1 }] }
    expect(bulkRejectedToast(people.slice(0, 2), noneEmailed, { feedback: false }).message).toBe(
      'Chloe Martin and Tom Gallagher will see it in their portals; no rejection email was sent. 1 interview was cancelled.',
    )
  })

  it('leaves out those the server passed over as already rejected, and says it left them as they were', () => {
    const result = {
      rejected: 1,
      emailed: 1,
      results: [
        { id: 'a1', emailed: true, already_rejected: false },
        { id: 'a2', emailed: false, already_rejected: true },
      ],
    }
    // Tom is neither counted as not emailed nor as refused
    expect(bulkRejectedToast(people.slice(0, 2), result, { feedback: true })).toEqual({
      kind: 'success',
      title: '1 applicant rejected',
      message: 'We’ve emailed Chloe Martin and updated their portal, with your feedback. Tom Gallagher was already rejected, so we left them as they were.',
    })
    // no one emailed: only those rejected now will see it in their portals
    const unmailed = { rejected: 1, emailed: 0, results: [{ id: 'a1', emailed: false }, { id: 'a2', emailed: false, already_rejected: true }, { id: 'a3', emailed: false, already_rejected: true }] }
    expect(bulkRejectedToast(people.slice(0, 3), unmailed, { feedback: false }).message).toBe(
      'Chloe Martin will see it in their portal; no email was sent. Tom Gallagher and Ana Lee were already rejected, so we left them as they were.',
    )
  })

  it('counts more than three passed over, and puts the first refusal after them', () => {
    const result = {
      rejected: 0,
      emailed: 0,
      results: [
        ...people.map((c) => ({ id: c.id, emailed: false, already_rejected: true })),
        { id: 'a9', error: 'This applicant has been hired, so their stage can no longer change', emailed: false, already_rejected: false },
      ],
    }
    expect(bulkRejectedToast([...people, erased], result, { feedback: false })).toEqual({
      kind: 'warning',
      title: 'No one rejected',
      message: '4 applicants were already rejected, so we left them as they were. 1 could not be: This applicant has been hired, so their stage can no longer change',
    })
  })

  it('when every one was already rejected, says no one was, and why, rather than “0 applicants rejected”', () => {
    const result = { rejected: 0, emailed: 0, interviews_cancelled: 0, results: people.slice(0, 2).map((c) => ({ id: c.id, emailed: false, interviews_cancelled: 0, already_rejected: true })) }
    expect(bulkRejectedToast(people.slice(0, 2), result, { feedback: true })).toEqual({
      kind: 'warning',
      title: 'No one rejected',
      message: 'Chloe Martin and Tom Gallagher were already rejected, so we left them as they were.',
    })
    const one = { rejected: 0, emailed: 0, results: [{ id: 'a1', emailed: false, already_rejected: true }] }
    expect(bulkRejectedToast(people.slice(0, 1), one, { feedback: false }).message).toBe('Chloe Martin was already rejected, so we left them as they were.')
  })

  it('reads a reply without `emailed` (an older server) as no one emailed', () => {
    expect(bulkRejectedToast(people.slice(0, 1), { rejected: 1, results: [{ id: 'a1' }] }, { feedback: false }).message).toBe(
      'Chloe Martin will see it in their portal; no email was sent.',
    )
  })
})
