import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, type RouteAnswer, routeFetch, storeSession } from '../../../testing/harness'
import { eraseFormErrors, groundsLabel } from '../model/erasure'
import { OPEN_ENQUIRY } from '../people.fixtures'
import type { CandidateRow } from '../types'
import CandidatePage from './CandidatePage'
import CandidatesPage from './CandidatesPage'
import EmployersPage from './EmployersPage'
import InboxPage from './InboxPage'

const account: CandidateRow = { id: 'c1', name: 'Sam Lee', email: 'sam@example.com', phone: '0412 000 111', status: 'active', role: 'candidate', created_at: '2026-01-05T00:00:00Z', updated_at: '2026-01-05T00:00:00Z' }
const record = (a = account) => ({
  account: a,
  profile: null,
  documents: [],
  applications: [
    { id: 'a1', job_id: 'j1', job_title: 'Data Engineer', company: 'Wattle Analytics', status: 'accepted', stage: 'interview', progress: 'interview', created_at: '2026-02-01T00:00:00Z', last_updated: '2026-02-03T00:00:00Z', feedback: null },
  ],
  access_log: [],
})
const erasedAccount: CandidateRow = { ...account, name: '[erased]', email: '[erased]', phone: null, status: 'erased' }

const ERASED = { status: 'erased', erased_at: '2026-11-23T01:02:03Z', message: 'Erased. Their personal data is gone; the non-personal facts stay.' }
const TWO_FACTOR_ON: RouteAnswer = { body: { enabled: true, recovery_codes_left: 10 } }

const openRecord = (table: Record<string, RouteAnswer>) => {
  const calls = routeFetch({ 'GET /api/admin/two-factor': TWO_FACTOR_ON, ...table })
  renderRoutes([{ path: '/dashboard/candidates/:candidateId', element: <CandidatePage /> }, { path: '/dashboard/admins', element: <h1>Admins page</h1> }], '/dashboard/candidates/c1')
  return calls
}
const openEraseDialog = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Erase ${name}` }))
  return screen.getByRole('dialog', { name: `Erase ${name}?` })
}
const posts = <C extends { key: string }>(calls: C[]) => calls.filter((c) => c.key.startsWith('POST'))

freshEachTest(() => storeSession('admin', { name: 'Alex Admin', role: 'admin' }, { role: 'admin' }))
afterEach(() => vi.restoreAllMocks())

describe('a candidate’s record', () => {
  it('shows where each application stands in the pipeline beside what the candidate sees, and downloads a file', async () => {
    const saved: string[] = []
    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: () => 'blob:file', revokeObjectURL: () => {} }))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    const doc = { id: 'd1', title: 'Resume', original_name: 'Sam Lee CV.pdf', document_type: 'resume', file_size: 2048, created_at: '2026-02-01T00:00:00Z' }
    const calls = openRecord({
      'GET /api/admin/candidates/c1': { body: { ...record(), documents: [doc] } },
      'GET /api/admin/documents/d1': { raw: '%PDF-1.4', headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="Sam Lee CV.pdf"' } },
    })
    const apps = await screen.findByRole('table', { name: 'The candidate’s applications' })
    expect(within(apps).getByText('Interview')).toBeTruthy()
    // what their portal shows: the plain words, never the SPEC status (the record cannot tell whether a time is booked)
    expect(within(apps).getByText('They see “Invited to interview”, or “Interview booked” once a time is booked')).toBeTruthy()
    expect(within(apps).queryByText(/Accepted/)).toBeNull()

    expect(screen.getByText(/Opening a file is recorded in this record’s access log/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Download Sam Lee CV.pdf' }))
    await waitFor(() => expect(saved).toEqual(['Sam Lee CV.pdf']))
    expect(calls.map((c) => c.key)).toContain('GET /api/admin/documents/d1')
    // the record is not read again (each read is an audited opening)
    expect(calls.filter((c) => c.key === 'GET /api/admin/candidates/c1')).toHaveLength(1)
    vi.unstubAllGlobals()
  })

  it('marks an application the candidate withdrew, and says they see it as withdrawn', async () => {
    const withdrawn = {
      id: 'a2',
      job_id: 'j2',
      job_title: 'Platform Engineer',
      company: 'Eucalypt Software',
      status: 'pending',
      stage: 'interview',
      progress: 'interview',
      created_at: '2026-02-01T00:00:00Z',
      last_updated: '2026-02-05T00:00:00Z',
      feedback: null,
      withdrawn_at: '2026-02-05T00:00:00Z',
    }
    const base = record()
    openRecord({ 'GET /api/admin/candidates/c1': { body: { ...base, applications: [...base.applications, withdrawn] } } })
    const apps = await screen.findByRole('table', { name: 'The candidate’s applications' })
    const row = within(apps).getByText('Platform Engineer').closest('tr')!
    expect(within(row).getByText('Withdrawn').className).toBe('badge badge-neutral')
    expect(within(row).getByText('They see “Withdrawn”')).toBeTruthy()
    expect(within(row).queryByText(/Interview booked/)).toBeNull()
    // the one still in the running is not marked
    const live = within(apps).getByText('Data Engineer').closest('tr')!
    expect(within(live).queryByText('Withdrawn')).toBeNull()
    expect(within(live).getByText(/^They see “Invited to interview”/)).toBeTruthy()
  })

  it('says plainly when the candidate has applied for nothing', async () => {
    openRecord({ 'GET /api/admin/candidates/c1': { body: { ...record(), applications: [] } } })
    expect(await screen.findByRole('heading', { name: 'No applications' })).toBeTruthy()
    expect(screen.getByText('The candidate has not applied for a job.')).toBeTruthy()
    expect(screen.queryByText(/withdrawn every application/)).toBeNull()
  })
})

describe('erasing from a candidate’s record', () => {
  it('needs the grounds, sends only them, and shows the record as erased afterwards', async () => {
    let erased = false
    const calls = openRecord({
      'GET /api/admin/candidates/c1': () => ({ body: record(erased ? erasedAccount : account) }),
      'POST /api/admin/people/c1/erase': () => {
        erased = true
        return { body: ERASED }
      },
    })
    const dialog = await openEraseDialog('Sam Lee')
    expect(within(dialog).getByText(/name, contact details, profile, resume and documents, notifications and messages/)).toBeTruthy()
    expect(within(dialog).getByText(/that an application existed and the dates it changed stage/)).toBeTruthy()

    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Choose the grounds for this erasure')
    expect(within(dialog).getByLabelText('Grounds').getAttribute('aria-invalid')).toBe('true')
    expect(posts(calls)).toHaveLength(0)

    const grounds = within(dialog).getByLabelText('Grounds') as HTMLSelectElement
    expect([...grounds.options].map((o) => o.textContent)).toEqual(['Choose the grounds', 'The person asked', 'Agency decision'])
    fireEvent.change(grounds, { target: { value: 'person_asked' } })
    // no free text: the erasure record outlives the person, so it holds no note
    expect(within(dialog).queryByRole('textbox')).toBeNull()
    expect(within(dialog).queryByLabelText(/note/i)).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))

    expect(await screen.findByText('Sam Lee erased')).toBeTruthy()
    expect(screen.getByText('Erased. Their personal data is gone; the non-personal facts stay.')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(posts(calls).map((c) => c.body)).toStrictEqual([{ grounds: 'person_asked' }])

    // the record is read again and now shows what is left
    const heading = await screen.findByRole('heading', { level: 2, name: 'Erased person' })
    expect(heading.querySelector('.badge-erased')).toBeTruthy()
    expect(screen.getByText(/This person’s personal data has been erased/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: '[erased]' })).toBeNull()
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull()
    expect(screen.getByText('Data Engineer')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Profile erased' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Documents erased' })).toBeTruthy()
    // exporting stays possible, erasing again does not
    expect(screen.getByRole('button', { name: 'Export data for Erased person' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /^Erase / })).toBeNull()
  })

  it('shows the server’s two-factor refusal clearly, with the way to fix it', async () => {
    const calls = openRecord({
      'GET /api/admin/candidates/c1': { body: record() },
      'POST /api/admin/people/c1/erase': { status: 403, body: { message: 'Turn on two-factor sign-in before erasing anyone' } },
    })
    const dialog = await openEraseDialog('Sam Lee')
    fireEvent.change(within(dialog).getByLabelText('Grounds'), { target: { value: 'admin_decision' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('Turn on two-factor sign-in before erasing anyone.')
    expect(within(alert).getByRole('link', { name: 'Turn it on under Admins' }).getAttribute('href')).toBe('/dashboard/admins')
    expect((within(dialog).getByRole('button', { name: 'Erase' }) as HTMLButtonElement).disabled).toBe(true)
    expect(posts(calls).map((c) => c.body)).toEqual([{ grounds: 'admin_decision' }])
  })

  it('says so before anything is typed when this admin has no two-factor sign-in', async () => {
    const calls = openRecord({ 'GET /api/admin/candidates/c1': { body: record() }, 'GET /api/admin/two-factor': { body: { enabled: false, recovery_codes_left: 0 } } })
    const dialog = await openEraseDialog('Sam Lee')
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Turn on two-factor sign-in before erasing anyone')
    expect((within(dialog).getByRole('button', { name: 'Erase' }) as HTMLButtonElement).disabled).toBe(true)
    expect(posts(calls)).toHaveLength(0)
  })

  it('someone erased already is information, not a failure', async () => {
    openRecord({
      'GET /api/admin/candidates/c1': { body: record() },
      'POST /api/admin/people/c1/erase': { body: { status: 'already_erased', erased_at: '2026-11-23T01:02:03Z', message: 'This person was already erased on 23 Nov 2026.' } },
    })
    const dialog = await openEraseDialog('Sam Lee')
    fireEvent.change(within(dialog).getByLabelText('Grounds'), { target: { value: 'person_asked' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))
    const info = await within(dialog).findByRole('status')
    expect(info.textContent).toBe('This person was already erased on 23 Nov 2026.')
    expect(info.className).toContain('alert-info')
    expect(within(dialog).queryByRole('alert')).toBeNull()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('other refusals show in the dialog in the server’s words', async () => {
    openRecord({ 'GET /api/admin/candidates/c1': { body: record() }, 'POST /api/admin/people/c1/erase': { status: 404, body: { error: 'No such person' } } })
    const dialog = await openEraseDialog('Sam Lee')
    fireEvent.change(within(dialog).getByLabelText('Grounds'), { target: { value: 'person_asked' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No such person')
  })

  it('exports the candidate’s data with the admin’s token and saves the ZIP', async () => {
    const calls = openRecord({
      'GET /api/admin/candidates/c1': { body: record() },
      'POST /api/admin/people/c1/export': { status: 201, body: { url: '/api/exports/adm-1', expires_at: '2026-11-23T02:00:00Z' } },
      'GET /api/exports/adm-1': { raw: 'PK', headers: { 'Content-Disposition': 'attachment; filename="harbour-it-data-2026-11-23.zip"' } },
    })
    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: () => 'blob:zip', revokeObjectURL: () => {} }))
    const names: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download)
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Export data for Sam Lee' }))
    expect(await screen.findByText('Data exported')).toBeTruthy()
    expect(screen.getByText('Sam Lee’s data is downloading as harbour-it-data-2026-11-23.zip.')).toBeTruthy()
    expect(names).toEqual(['harbour-it-data-2026-11-23.zip'])
    const token = localStorage.getItem('jwtToken')
    expect(calls.filter((c) => c.key.includes('export')).map((c) => [c.key, c.auth])).toEqual([
      ['POST /api/admin/people/c1/export', `Bearer ${token}`],
      ['GET /api/exports/adm-1', `Bearer ${token}`],
    ])
  })

  it('an export refused shows the server’s words in a toast', async () => {
    openRecord({ 'GET /api/admin/candidates/c1': { body: record() }, 'POST /api/admin/people/c1/export': { status: 404, body: { error: 'No such person' } } })
    fireEvent.click(await screen.findByRole('button', { name: 'Export data for Sam Lee' }))
    expect(await screen.findByText('Export failed')).toBeTruthy()
    expect(screen.getByText('No such person')).toBeTruthy()
  })
})

describe('erased people in the lists', () => {
  it('candidates: an erased one is a chip, never “[erased]” or a mailto', async () => {
    routeFetch({ 'GET /api/admin/candidates?q=': { body: [account, { ...erasedAccount, id: 'c2' }] } })
    renderRoutes([{ path: '/dashboard/candidates', element: <CandidatesPage /> }], '/dashboard/candidates')
    const table = await screen.findByRole('table')
    expect(within(table).getAllByText('Erased person')).toHaveLength(1)
    expect(table.textContent).not.toContain('[erased]')
    expect(within(table).getByRole('link', { name: 'Open the record of Erased person' }).getAttribute('href')).toBe('/dashboard/candidates/c2')
  })

  it('employers: erase an active one; an erased one keeps its company, loses its contact, and cannot be erased again', async () => {
    const calls = routeFetch({
      'GET /api/admin/two-factor': TWO_FACTOR_ON,
      'GET /api/admin/employers': {
        body: [
          { id: 'e1', name: 'Grace Hopper', email: 'grace@wattle.example', company: 'Wattle Analytics', status: 'active', role: 'candidate', created_at: '2026-01-05T00:00:00Z', updated_at: '2026-01-05T00:00:00Z' },
          { id: 'e2', name: '[erased]', email: '[erased]', company: 'Banksia Labs', status: 'erased', created_at: '2026-01-04T00:00:00Z' },
        ],
      },
      'POST /api/admin/people/e1/erase': { body: ERASED },
    })
    renderRoutes([{ path: '/dashboard/employers', element: <EmployersPage /> }], '/dashboard/employers')
    const table = await screen.findByRole('table')
    expect(table.textContent).not.toContain('[erased]')
    expect(within(table).getByText('Contact erased')).toBeTruthy()
    expect(within(table).getByRole('button', { name: 'Export data for Banksia Labs' })).toBeTruthy()
    expect(within(table).queryByRole('button', { name: 'Erase Banksia Labs' })).toBeNull()

    const dialog = await openEraseDialog('Wattle Analytics')
    fireEvent.change(within(dialog).getByLabelText('Grounds'), { target: { value: 'admin_decision' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))
    expect(await screen.findByText('Wattle Analytics erased')).toBeTruthy()
    expect(posts(calls).map((c) => [c.key, c.body])).toEqual([['POST /api/admin/people/e1/erase', { grounds: 'admin_decision' }]])
  })

  it('inbox: erase a sender; an erased one shows no address, no reply and no second erase', async () => {
    const enquiry = { ...OPEN_ENQUIRY, first_name: 'Pat', last_name: 'Nguyen', email: 'pat@example.com', message: 'Please call me about contract roles.' }
    const calls = routeFetch({
      'GET /api/admin/two-factor': TWO_FACTOR_ON,
      'GET /api/admin/admins': { body: [] },
      'GET /api/admin/contact-messages?status=open': {
        body: [enquiry, { ...enquiry, id: 'm2', first_name: '[erased]', last_name: '[erased]', email: '[erased]', message: '[erased]' }],
      },
      'POST /api/admin/contact-messages/m1/erase': { body: ERASED },
    })
    renderRoutes([{ path: '/dashboard/inbox', element: <InboxPage /> }], '/dashboard/inbox')
    const erasedCard = (await screen.findByRole('heading', { level: 2, name: 'Erased sender' })).closest('li')!
    expect(erasedCard.textContent).not.toContain('[erased]')
    expect(erasedCard.querySelector('a[href^="mailto:"]')).toBeNull()
    expect(within(erasedCard).queryByRole('button', { name: /^Reply/ })).toBeNull()
    expect(within(erasedCard).queryByRole('button', { name: /^Erase sender/ })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Erase sender Pat Nguyen' }))
    const dialog = screen.getByRole('dialog', { name: 'Erase Pat Nguyen’s details?' })
    expect(within(dialog).getByText(/sender’s name, email address, phone number and message/)).toBeTruthy()
    fireEvent.change(within(dialog).getByLabelText('Grounds'), { target: { value: 'person_asked' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase' }))
    await waitFor(() => expect(posts(calls).map((c) => c.key)).toEqual(['POST /api/admin/contact-messages/m1/erase']))
    expect(posts(calls).map((c) => c.body)).toStrictEqual([{ grounds: 'person_asked' }])
    expect(await screen.findByText('Pat Nguyen’s details erased')).toBeTruthy()
  })
})

describe('erase form rules', () => {
  it('grounds required', () => {
    expect(eraseFormErrors({ grounds: '' })).toEqual({ grounds: 'Choose the grounds for this erasure' })
    expect(eraseFormErrors({ grounds: 'person_asked' })).toEqual({})
    expect(groundsLabel('retention_period')).toBe('Retention period ended')
  })
})
