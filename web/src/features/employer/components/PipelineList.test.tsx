import { describe, expect, it } from 'vitest'
import { act, fireEvent, screen, within } from '@testing-library/react'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { hiredMoves, pipelineCard, REASONS_ROUTE, stageMoves } from '../pipeline.fixtures'
import { STAGES } from '../types'
import { PipelineList } from './PipelineList'
import PipelinePage from './PipelinePage'

freshEachTest(() => storeSession('employer', { name: 'Mei Chen', role: 'employer' }, { role: 'employer' }))

const counts = { new: 1, screening: 0, interview: 1, offer: 0, hired: 0, rejected: 0, total: 2 }
const cards = [pipelineCard({ id: 'a1', candidate_name: 'Chloe Martin', stage: 'interview' }), pipelineCard({ id: 'a2', candidate_name: 'Tom Gallagher' })]
const PIPELINE = 'GET /api/employer/jobs/j1/pipeline'
const answer = (applications: typeof cards) => ({ body: { job: { id: 'j1', title: 'Data Engineer' }, counts, stages: [], applications } })

/**
 * The list at `path`. Every pipeline request is answered with both cards, whatever its filter (the
 * server's filtering is not under test), except a search for "nobody", which finds no one.
 */
function openList(path: string, page = <PipelineList jobId="j1" jobTitle="Data Engineer" locked={false} onMove={() => {}} />) {
  const table = new Proxy({} as Record<string, ReturnType<typeof answer>>, {
    get: (_, key) => (typeof key === 'string' && key.startsWith(PIPELINE) ? answer(key.includes('q=nobody') ? [] : cards) : undefined),
  })
  const calls = routeFetch(table)
  const view = renderRoutes(
    [
      { path: '/dashboard/jobs/:jobId', element: page },
      { path: '/dashboard/applicants/:applicationId', element: <p>Applicant page</p> },
    ],
    path,
  )
  const requested = () => calls.map((c) => c.key.replace(PIPELINE, ''))
  return { ...view, requested }
}

const control = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement

describe('the applicants list keeps its filter in the address', () => {
  it('opens filtered as the address says, and asks the server for that', async () => {
    const { requested } = openList('/dashboard/jobs/j1?view=list&stage=interview&q=chloe&from=2026-11-01&sort=name')
    await screen.findByRole('table')
    expect(requested()).toEqual(['?stage=interview&q=chloe&from=2026-11-01&sort=name'])
    expect(control('Stage').value).toBe('interview')
    expect(control('Name or email').value).toBe('chloe')
    expect(control('Applied from').value).toBe('2026-11-01')
    expect(control('Sort').value).toBe('name')
  })

  it('ignores what it does not know in the address', async () => {
    const { requested } = openList('/dashboard/jobs/j1?view=list&stage=archived&sort=salary&to=2026-02-30')
    await screen.findByRole('table')
    expect(requested()).toEqual([''])
    expect(control('Stage').value).toBe('')
    expect(control('Sort').value).toBe('newest')
  })

  it('writes each choice into the address in place, the search once it is run', async () => {
    const { router } = openList('/dashboard/jobs/j1?view=list')
    await screen.findByRole('table')
    fireEvent.change(control('Stage'), { target: { value: 'interview' } })
    expect(router.state.location.search).toBe('?view=list&stage=interview')
    expect(router.state.historyAction).toBe('REPLACE')
    fireEvent.change(control('Name or email'), { target: { value: ' chloe ' } })
    // typing alone runs nothing
    expect(router.state.location.search).toBe('?view=list&stage=interview')
    fireEvent.blur(control('Name or email'))
    expect(router.state.location.search).toBe('?view=list&stage=interview&q=chloe')
    expect(control('Name or email').value).toBe('chloe')
    fireEvent.change(control('Sort'), { target: { value: 'oldest' } })
    expect(router.state.location.search).toBe('?view=list&stage=interview&q=chloe&sort=oldest')
  })

  it('Back from an applicant finds the list as it was left', async () => {
    const { router } = openList('/dashboard/jobs/j1?view=list')
    await screen.findByRole('table')
    fireEvent.change(control('Stage'), { target: { value: 'interview' } })
    fireEvent.click(screen.getByRole('link', { name: 'Chloe Martin' }))
    expect(await screen.findByText('Applicant page')).toBeTruthy()
    await act(() => router.navigate(-1))
    await screen.findByRole('table')
    expect(router.state.location.search).toBe('?view=list&stage=interview')
    expect(control('Stage').value).toBe('interview')
  })

  it('Clear the filters empties the address and the search box', async () => {
    const { router } = openList('/dashboard/jobs/j1?view=list&q=nobody&sort=oldest')
    fireEvent.click(await screen.findByRole('button', { name: 'Clear the filters' }))
    expect(router.state.location.search).toBe('?view=list')
    expect(control('Name or email').value).toBe('')
    expect(control('Sort').value).toBe('newest')
  })
})

describe('the Board and List tabs', () => {
  it('choosing the List tab again keeps the filter, and the Board leaves it behind', async () => {
    const { router } = openList('/dashboard/jobs/j1?view=list&stage=interview', <PipelinePage />)
    await screen.findByRole('table')
    fireEvent.click(screen.getByRole('tab', { name: 'List' }))
    expect(router.state.location.search).toBe('?view=list&stage=interview')
    fireEvent.click(screen.getByRole('tab', { name: 'Board' }))
    expect(router.state.location.search).toBe('')
    expect(router.state.historyAction).toBe('REPLACE')
  })
})

describe('the list’s rating', () => {
  it('reads naturally: the average out of 5 and how many scorecards it comes from', async () => {
    routeFetch({
      [PIPELINE]: answer([
        pipelineCard({ id: 'a1', candidate_name: 'Chloe Martin', rating: 4.25, scorecards: 1 }),
        pipelineCard({ id: 'a2', candidate_name: 'Tom Gallagher', rating: 3.5, scorecards: 3 }),
      ]),
    })
    renderRoutes([{ path: '/dashboard/jobs/:jobId', element: <PipelineList jobId="j1" jobTitle="Data Engineer" locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1?view=list')
    const table = await screen.findByRole('table')
    const row = (name: string) => within(table).getByRole('link', { name }).closest('tr')!
    // what a screen reader reads (the short "4.3 avg" is for the eye), and the hover title
    expect(within(row('Chloe Martin')).getByText('Rated 4.3 out of 5 (1 scorecard)').className).toBe('visually-hidden')
    expect(within(row('Chloe Martin')).getByTitle('Rated 4.3 out of 5 (1 scorecard)')).toBeTruthy()
    expect(within(row('Tom Gallagher')).getByText('Rated 3.5 out of 5 (3 scorecards)')).toBeTruthy()
    expect(table.textContent).not.toContain('its one scorecard')
  })
})

describe('the list’s next interview', () => {
  it('sits under the stage, in Sydney time, for those with one still to come', async () => {
    routeFetch({
      [PIPELINE]: answer([
        pipelineCard({ id: 'a1', candidate_name: 'Chloe Martin', stage: 'interview', next_interview_at: '2099-12-01T23:00:00Z', upcoming_interviews: 1 }),
        pipelineCard({ id: 'a2', candidate_name: 'Tom Gallagher' }),
      ]),
    })
    renderRoutes([{ path: '/dashboard/jobs/:jobId', element: <PipelineList jobId="j1" jobTitle="Data Engineer" locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1?view=list')
    const table = await screen.findByRole('table')
    const row = (name: string) => within(table).getByRole('link', { name }).closest('tr')!
    expect(within(row('Chloe Martin')).getByText('Interview Wed 2 Dec 2099, 10:00 am')).toBeTruthy()
    expect(within(row('Tom Gallagher')).queryByText(/^Interview /)).toBeNull()
  })
})

describe('the list’s rejection reason', () => {
  it('sits under a rejected applicant’s stage, in the team’s words', async () => {
    routeFetch({
      ...REASONS_ROUTE,
      [PIPELINE]: answer([
        pipelineCard({ id: 'a1', candidate_name: 'Chloe Martin', stage: 'rejected', rejection_reason: 'location' }),
        pipelineCard({ id: 'a2', candidate_name: 'Tom Gallagher', stage: 'rejected' }),
      ]),
    })
    renderRoutes([{ path: '/dashboard/jobs/:jobId', element: <PipelineList jobId="j1" jobTitle="Data Engineer" locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1?view=list')
    const table = await screen.findByRole('table')
    const row = (name: string) => within(table).getByRole('link', { name }).closest('tr')!
    expect((await within(row('Chloe Martin')).findByText('Location or work rights')).textContent).toBe('Reason: Location or work rights')
    expect(within(row('Tom Gallagher')).queryByText(/Reason/)).toBeNull()
  })
})

describe('choosing applicants to reject together', () => {
  const WITHDREW = 'The candidate withdrew this application'
  const applicants = [
    pipelineCard({ id: 'a1', candidate_name: 'Chloe Martin', stage: 'interview' }),
    pipelineCard({ id: 'a2', candidate_id: 'c2', candidate_name: 'Tom Gallagher', candidate_email: 'tom@example.com' }),
    pipelineCard({ id: 'a3', candidate_id: 'c3', candidate_name: '[erased]', candidate_email: '[erased]', stage: 'screening' }),
    pipelineCard({
      id: 'a4',
      candidate_id: 'c4',
      candidate_name: 'Ana Lopez',
      withdrawn_at: '2026-11-22T00:00:00Z',
      moves: stageMoves('new', Object.fromEntries(STAGES.map((s) => [s, WITHDREW]))),
    }),
    pipelineCard({ id: 'a5', candidate_id: 'c5', candidate_name: 'Sam Wu', stage: 'hired', moves: hiredMoves() }),
  ]
  const open = async () => {
    routeFetch({ ...REASONS_ROUTE, [PIPELINE]: answer(applicants) })
    const view = renderRoutes([{ path: '/dashboard/jobs/:jobId', element: <PipelineList jobId="j1" jobTitle="Data Engineer" locked={false} onMove={() => {}} /> }], '/dashboard/jobs/j1?view=list')
    const table = await screen.findByRole('table')
    return { ...view, table }
  }
  const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement
  const ALL = 'Choose all shown who are still in the running'

  it('“Choose all” leaves out the erased and the withdrawn, and the dialog promises mail to no one it cannot reach', async () => {
    const { table } = await open()
    fireEvent.click(box(ALL))
    expect([box('Choose Chloe Martin').checked, box('Choose Tom Gallagher').checked, box('Choose Erased person').checked]).toEqual([true, true, false])
    // nobody moves a withdrawn application, nor a hired one: neither can be chosen; the list says who withdrew
    expect(screen.queryByRole('checkbox', { name: 'Choose Ana Lopez' })).toBeNull()
    expect(screen.queryByRole('checkbox', { name: 'Choose Sam Wu' })).toBeNull()
    expect(within(within(table).getByRole('link', { name: 'Ana Lopez' }).closest('tr')!).getByText('Withdrawn')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: /^Reject 2 chosen/ }))
    const dialog = screen.getByRole('dialog', { name: 'Reject 2 applicants' })
    expect(within(dialog).getByText('Chloe Martin, Tom Gallagher')).toBeTruthy()
    expect(dialog.textContent).not.toMatch(/erased/i)
  })

  it('keeps an erased applicant chosen on their own when all the others are added', async () => {
    await open()
    fireEvent.click(box('Choose Erased person'))
    fireEvent.click(box(ALL))
    expect(box('Choose Erased person').checked).toBe(true)
    expect(screen.getByRole('button', { name: /^Reject 3 chosen/ })).toBeTruthy()
    // unticking "all" lets go of everyone
    fireEvent.click(box(ALL))
    expect(box('Choose Erased person').checked).toBe(false)
    expect((screen.getByRole('button', { name: /^Reject\s+chosen/ }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('marks the list while someone is chosen, so a phone keeps the Reject button in reach', async () => {
    const { container } = await open()
    const list = container.querySelector('.emp-list')!
    expect(list.classList.contains('is-choosing')).toBe(false)
    fireEvent.click(box('Choose Tom Gallagher'))
    expect(list.classList.contains('is-choosing')).toBe(true)
    expect(screen.getByRole('button', { name: /^Reject 1 chosen/ }).classList.contains('emp-bulk-reject')).toBe(true)
    fireEvent.click(box('Choose Tom Gallagher'))
    expect(list.classList.contains('is-choosing')).toBe(false)
  })
})
