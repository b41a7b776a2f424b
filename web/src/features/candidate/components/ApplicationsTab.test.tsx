import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { freshEachTest, renderRoutes, routeFetch, storeSession, type RouteAnswer } from '../../../testing/harness'
import { applicationInterview, myApplication } from '../candidate.fixtures'
import type { Application } from '../types'
import { ApplicationsTab } from './ApplicationsTab'

const LIST = 'GET /api/applications/my-applications'
const WITHDRAW = 'POST /api/applications/a1/withdraw'

function show(table: Record<string, RouteAnswer>) {
  const calls = routeFetch(table)
  renderRoutes([{ path: '/candidate/dashboard/applications', element: <ApplicationsTab /> }], '/candidate/dashboard/applications')
  return calls
}

/** My Applications listing `apps`, and nothing else answered. */
const showList = (...apps: unknown[]) => show({ [LIST]: { body: apps } })

const withdrawButton = (job: string) => screen.queryByRole('button', { name: `Withdraw application for ${job}` })

const stat = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
const cardOf = (job: string) => screen.getByRole('heading', { name: job }).closest('li') as HTMLElement
// 3 December wherever the tests run, from Hawaii (UTC-10) to New Zealand's summer (UTC+13)
const WITHDRAWN_AT = '2026-12-03T10:00:00Z'

async function openDialog(job = 'Rust Engineer') {
  fireEvent.click(await screen.findByRole('button', { name: `Withdraw application for ${job}` }))
  return screen.getByRole('dialog', { name: 'Withdraw your application?' })
}

describe('My Applications: withdrawing an application', () => {
  freshEachTest(() => storeSession('candidate', { name: 'Jane Citizen' }))

  it('offers Withdraw application only on one not yet decided', async () => {
    showList(
      myApplication({ id: 'a1', job_title: 'Received Role', progress: 'received' }),
      myApplication({ id: 'a2', job_title: 'Offer Role', progress: 'offer', status: 'accepted' }),
      myApplication({ id: 'a3', job_title: 'Hired Role', progress: 'hired', status: 'accepted' }),
      myApplication({ id: 'a4', job_title: 'Declined Role', progress: 'not_progressed', status: 'rejected' }),
    )
    expect(await screen.findByRole('button', { name: 'Withdraw application for Received Role' })).toBeTruthy()
    expect(withdrawButton('Offer Role')).toBeTruthy()
    expect(withdrawButton('Hired Role')).toBeNull()
    expect(withdrawButton('Declined Role')).toBeNull()
    expect(screen.getAllByText('Withdraw application')).toHaveLength(2)
  })

  it('names the job, the company and the booked interview it cancels, in Sydney time', async () => {
    show({ [LIST]: { body: [myApplication({ progress: 'interview', interviews: [applicationInterview()] })] } })
    const dialog = await openDialog()
    expect(within(dialog).getByText('You’re withdrawing your application for Rust Engineer at Acme. The hiring team will see that you’ve withdrawn.')).toBeTruthy()
    expect(
      within(dialog).getByText('Your interview on Wednesday 2 December 2099 at 10:00 am is cancelled too, and you’ll get a calendar update that removes it.'),
    ).toBeTruthy()
    expect(within(dialog).getByText('This can’t be undone, and you won’t be able to apply for this job again.')).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Keep application' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Withdraw' }).className).toContain('btn-danger')
  })

  it('says nothing of interviews when none is still to come (cancelled or past)', async () => {
    showList(
      myApplication({
        progress: 'interview',
        interviews: [applicationInterview({ status: 'cancelled' }), applicationInterview({ id: 'i2', starts_at: '2020-03-02T23:00:00Z' })],
      }),
    )
    const dialog = await openDialog()
    expect(within(dialog).queryByText(/interview/i)).toBeNull()
  })

  it('Keep application closes the dialog and sends nothing', async () => {
    const calls = show({ [LIST]: { body: [myApplication()] } })
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep application' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.some((c) => c.key === WITHDRAW)).toBe(false)
  })

  it('sends the reason, says so, and reads the list again (the card stays, marked withdrawn)', async () => {
    const booked = applicationInterview()
    const table: Record<string, RouteAnswer> = {
      [LIST]: { body: [myApplication({ progress: 'interview', interviews: [booked] }), myApplication({ id: 'a2', job_title: 'Go Developer' })] },
      [WITHDRAW]: { body: { message: 'Your application has been withdrawn' } },
    }
    const calls = show(table)
    const dialog = await openDialog()
    fireEvent.change(within(dialog).getByLabelText('Anything you’d like to tell the hiring team? (optional)'), { target: { value: '  I took another offer.  ' } })
    table[LIST] = {
      body: [
        myApplication({
          progress: 'interview',
          withdrawn_at: WITHDRAWN_AT,
          interviews: [{ ...booked, status: 'cancelled', cancel_reason: 'The application was withdrawn.' }],
        }),
        myApplication({ id: 'a2', job_title: 'Go Developer' }),
      ],
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }))

    expect(await screen.findByText('Your application for Rust Engineer at Acme is withdrawn. The hiring team can see you’ve withdrawn.')).toBeTruthy()
    expect(screen.queryByText(/no longer listed/)).toBeNull()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.find((c) => c.key === WITHDRAW)?.body).toEqual({ reason: 'I took another offer.' })
    await waitFor(() => expect(calls.filter((c) => c.key === LIST)).toHaveLength(2))
    const card = cardOf('Rust Engineer')
    expect(within(card).getByText('Withdrawn')).toBeTruthy()
    expect(within(card).getByText('You withdrew this application on 3 Dec 2026.')).toBeTruthy()
    expect(within(card).getByText('Cancelled: The application was withdrawn.')).toBeTruthy()
    expect(withdrawButton('Rust Engineer')).toBeNull()
    expect(withdrawButton('Go Developer')).toBeTruthy()
    expect(stat('Under review')).toBe('1')
    // the button that opened the dialog is gone: the focus is on the card's heading
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Rust Engineer' })))
  })

  it('marks the card withdrawn at once, before the list is read again', async () => {
    show({ [LIST]: { body: [myApplication()] }, [WITHDRAW]: { body: { message: 'Your application has been withdrawn' } } })
    // the read after the withdrawal waits until the test lets it answer
    const routed = globalThis.fetch
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      if ((init?.method ?? 'GET') === 'GET' && url === LIST.slice(4)) {
        await held
        return new Response(JSON.stringify([myApplication({ withdrawn_at: WITHDRAWN_AT })]))
      }
      return routed(url, init)
    })
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }))

    await waitFor(() => expect(within(cardOf('Rust Engineer')).getByText('Withdrawn')).toBeTruthy())
    expect(withdrawButton('Rust Engineer')).toBeNull()
    expect(stat('Under review')).toBe('0')
    release()
    expect(await screen.findByText('You withdrew this application on 3 Dec 2026.')).toBeTruthy()
  })

  it('sends no reason when none is given', async () => {
    const calls = show({ [LIST]: { body: [myApplication()] }, [WITHDRAW]: { body: { message: 'Your application has been withdrawn' } } })
    const dialog = await openDialog()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(calls.find((c) => c.key === WITHDRAW)?.body).toEqual({}))
  })

  it('on a refusal keeps the dialog open with the server’s words and what was typed', async () => {
    show({
      [LIST]: { body: [myApplication()] },
      [WITHDRAW]: { status: 422, body: { error: 'This application has already been decided' } },
    })
    const dialog = await openDialog()
    const reason = within(dialog).getByLabelText('Anything you’d like to tell the hiring team? (optional)') as HTMLTextAreaElement
    fireEvent.change(reason, { target: { value: 'I took another offer.' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }))

    expect((await within(dialog).findByRole('alert')).textContent).toBe('This application has already been decided')
    expect(screen.getByRole('dialog', { name: 'Withdraw your application?' })).toBe(dialog)
    expect(reason.value).toBe('I took another offer.')
    expect(screen.queryByText(/is withdrawn\./)).toBeNull()
  })
})

describe('My Applications: a withdrawn application', () => {
  freshEachTest(() => storeSession('candidate', { name: 'Jane Citizen' }))

  it('stays on the list, marked Withdrawn with the day, its cancelled interviews still shown, with no Withdraw', async () => {
    showList(
      myApplication({
        progress: 'interview',
        withdrawn_at: WITHDRAWN_AT,
        interviews: [applicationInterview({ status: 'cancelled', cancel_reason: 'The application was withdrawn.' })],
      }),
    )
    const card = (await screen.findByRole('heading', { name: 'Rust Engineer' })).closest('li') as HTMLElement
    expect(within(card).getByText('Withdrawn').className).toBe('badge badge-neutral')
    expect(within(card).getByText('You withdrew this application on 3 Dec 2026.')).toBeTruthy()
    // in place of where it stands: one badge, and no sentence of what the interview step means
    expect(within(card).getAllByText(/^(Withdrawn|Invited to interview|Interview booked)$/)).toHaveLength(1)
    expect(within(card).queryByText(/would like to interview you/)).toBeNull()
    expect(within(card).queryByText(/Where it stands/)).toBeNull()
    expect(within(card).getByRole('group', { name: 'Interviews for Rust Engineer' })).toBeTruthy()
    expect(within(card).getByText('Cancelled: The application was withdrawn.')).toBeTruthy()
    expect(within(card).getByRole('link', { name: 'Rust Engineer' }).getAttribute('href')).toBe('/jobs/j1')
    expect(withdrawButton('Rust Engineer')).toBeNull()
    expect(screen.queryByText('Withdraw application')).toBeNull()
  })

  it('is in none of the three counts', async () => {
    showList(
      myApplication({ id: 'a1', job_title: 'Live Role' }),
      myApplication({ id: 'a2', job_title: 'Withdrawn Pending', withdrawn_at: WITHDRAWN_AT }),
      myApplication({ id: 'a3', job_title: 'Withdrawn Offer', status: 'accepted', progress: 'offer', withdrawn_at: WITHDRAWN_AT }),
      myApplication({ id: 'a4', job_title: 'Accepted Role', status: 'accepted', progress: 'offer' }),
    )
    await screen.findByRole('heading', { name: 'Withdrawn Offer' })
    expect(stat('Under review')).toBe('1')
    expect(stat('Moving forward')).toBe('1')
    expect(stat('Not progressed')).toBe('0')
    expect(screen.getAllByText('Withdrawn')).toHaveLength(2)
  })
})

describe('My Applications: where each application stands, in the candidate’s words', () => {
  freshEachTest(() => storeSession('candidate', { name: 'Jane Citizen' }))

  const badgeOf = (card: HTMLElement) => card.querySelector('.cd-card-head .badge') as HTMLElement
  const section = () => screen.getByRole('region', { name: 'My Applications' })

  it('shows one badge at interview, "Invited to interview" until a time is booked, and never "Accepted"', async () => {
    showList(
      myApplication({ id: 'a1', job_title: 'Invited Role', status: 'accepted', progress: 'interview' }),
      myApplication({ id: 'a2', job_title: 'Booked Role', status: 'accepted', progress: 'interview', interviews: [applicationInterview({ application_id: 'a2' })] }),
    )
    await screen.findByRole('heading', { name: 'Invited Role' })
    const invited = cardOf('Invited Role')
    expect(badgeOf(invited).textContent).toBe('Invited to interview')
    expect(badgeOf(invited).className).toBe('badge badge-brand')
    expect(within(invited).getAllByText('Invited to interview')).toHaveLength(1)
    expect(within(invited).getByText("The hiring team would like to interview you. We'll let you know when a time is booked.")).toBeTruthy()
    // a screen reader hears the badge as where it stands
    expect(badgeOf(invited).parentElement?.textContent).toBe('Where it stands: Invited to interview')

    const booked = cardOf('Booked Role')
    expect(badgeOf(booked).textContent).toBe('Interview booked')
    // said once, in the badge: the line under the company is the sentence alone
    expect(within(booked).getAllByText('Interview booked')).toHaveLength(1)
    expect(within(booked).getByText('Your interview is booked: the time and place are below.')).toBeTruthy()

    expect(section().querySelectorAll('.cd-card-head .badge')).toHaveLength(2)
    expect(section().textContent).not.toMatch(/accepted/i)
  })

  it('says "Not progressed", quietly, for one not going further, and never "Rejected"', async () => {
    show({ [LIST]: { body: [myApplication({ status: 'rejected', progress: 'not_progressed', feedback: 'We went with someone more senior.' })] } })
    expect(await screen.findByText('We went with someone more senior.')).toBeTruthy()
    const card = cardOf('Rust Engineer')
    expect(badgeOf(card).textContent).toBe('Not progressed')
    expect(badgeOf(card).className).toBe('badge badge-neutral')
    expect(within(card).getByText("This application won't go further this time. Thank you for applying.")).toBeTruthy()
    expect(section().textContent).not.toMatch(/rejected/i)
  })

  it('gives each standing its words and its badge: Received, In review, Offer, Hired', async () => {
    showList(
      myApplication({ id: 'a1', job_title: 'Role A', progress: 'received' }),
      myApplication({ id: 'a2', job_title: 'Role B', progress: 'in_review' }),
      myApplication({ id: 'a3', job_title: 'Role C', status: 'accepted', progress: 'offer' }),
      myApplication({ id: 'a4', job_title: 'Role D', status: 'accepted', progress: 'hired' }),
    )
    await screen.findByRole('heading', { name: 'Role D' })
    const badges = ['Role A', 'Role B', 'Role C', 'Role D'].map((job) => badgeOf(cardOf(job)))
    expect(badges.map((b) => b.textContent)).toEqual(['Received', 'In review', 'Offer', 'Hired'])
    expect(badges.map((b) => b.className)).toEqual(['badge badge-info', 'badge badge-info', 'badge badge-success', 'badge badge-success'])
    // each with an icon beside its words
    expect(badges.every((b) => b.querySelector('svg'))).toBe(true)
    expect(section().textContent).not.toMatch(/pending|accepted/i)
  })

  it('counts by the SPEC’s statuses under the candidate’s words, in that order', async () => {
    showList(
      myApplication({ id: 'a1', job_title: 'Role A', progress: 'received' }),
      myApplication({ id: 'a2', job_title: 'Role B', status: 'accepted', progress: 'interview' }),
      myApplication({ id: 'a3', job_title: 'Role C', status: 'accepted', progress: 'offer' }),
      myApplication({ id: 'a4', job_title: 'Role D', status: 'rejected', progress: 'not_progressed' }),
      myApplication({ id: 'a5', job_title: 'Role E', status: 'rejected', progress: 'not_progressed' }),
      myApplication({ id: 'a6', job_title: 'Role F', status: 'rejected', progress: 'not_progressed' }),
    )
    await screen.findByRole('heading', { name: 'Role F' })
    const stats = section().querySelector('dl.cd-stats') as HTMLElement
    expect([...stats.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Under review', 'Moving forward', 'Not progressed'])
    expect([...stats.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['1', '2', '3'])
  })

  it('shows a neutral badge, with no sentence, for a step it does not know', async () => {
    showList(
      myApplication({ id: 'a1', job_title: 'Role A', status: 'accepted', progress: 'on_hold' as Application['progress'] }),
      myApplication({ id: 'a2', job_title: 'Role B', status: 'paused' as Application['status'], progress: 'on_hold' as Application['progress'] }),
    )
    await screen.findByRole('heading', { name: 'Role B' })
    // the status in the candidate's words (the counts' own), or as it comes, never "Accepted"
    expect(badgeOf(cardOf('Role A')).textContent).toBe('Moving forward')
    expect(badgeOf(cardOf('Role B')).textContent).toBe('paused')
    expect(badgeOf(cardOf('Role B')).className).toBe('badge badge-neutral')
    expect(cardOf('Role B').querySelector('.cd-standing')).toBeNull()
    expect(section().textContent).not.toMatch(/accepted/i)
  })
})
