import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { freshEachTest, renderRoutes, routeFetch, storeSession } from '../../../testing/harness'
import { EMPTY_JOB_SEARCH, type JobSearch } from '../../jobs'
import { SaveSearch } from './SaveSearch'

freshEachTest(() => storeSession('candidate', { name: 'Jane Citizen' }))

const locations = [
  { id: 'syd', display_name: 'Sydney CBD, NSW' },
  { id: 'nsyd', display_name: 'North Sydney, NSW' },
  { id: 'bne', display_name: 'Brisbane, QLD' },
  { id: 'gc', display_name: 'Gold Coast, QLD' },
]

/** The public board's Save this search, signed in, with the home page's `location` text in the search; resolves with the dialog. */
async function saveWith(location: string, title = 'java', shownTitles?: string[]) {
  const calls = routeFetch({
    'GET /api/reference/locations': { body: { data: locations } },
    'GET /api/reference/salary-ranges': { body: { data: [] } },
    'POST /api/candidate/alerts': { status: 201, body: { message: 'Job alert saved' } },
  })
  const search: JobSearch = { ...EMPTY_JOB_SEARCH, title, location }
  renderRoutes([{ path: '/jobs/find', element: <SaveSearch search={search} locationBy="name" shownTitles={shownTitles} /> }], '/jobs/find')
  const button = screen.getByRole('button', { name: 'Save this search' })
  await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
  fireEvent.click(button)
  return { dialog: screen.getByRole('dialog', { name: 'Save this search' }), calls }
}

describe('saving a search whose location was typed', () => {
  it('places “sydney” as Sydney CBD, NSW, and asks nothing more', async () => {
    const { dialog } = await saveWith('sydney')
    expect(within(dialog).getByText('Sydney CBD, NSW')).toBeTruthy()
    expect((within(dialog).getByLabelText('Alert name') as HTMLInputElement).value).toBe('Java jobs in Sydney CBD, NSW')
    expect(within(dialog).queryByLabelText('Location')).toBeNull()
  })

  it('says when it cannot place the text, and the place chosen goes into the alert and its name', async () => {
    const { dialog, calls } = await saveWith('Sydny')
    const select = within(dialog).getByLabelText('Location') as HTMLSelectElement
    expect(select.value).toBe('')
    expect(within(dialog).getByText('We didn’t recognise “Sydny” as a location. Choose one, or leave All locations to hear of jobs anywhere.').id).toBe(
      select.getAttribute('aria-describedby'),
    )
    expect((within(dialog).getByLabelText('Alert name') as HTMLInputElement).value).toBe('Java jobs')
    fireEvent.change(select, { target: { value: 'nsyd' } })
    expect((within(dialog).getByLabelText('Alert name') as HTMLInputElement).value).toBe('Java jobs in North Sydney, NSW')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }))
    expect(await screen.findByText(/Job alert saved/)).toBeTruthy()
    expect(calls.find((c) => c.key === 'POST /api/candidate/alerts')?.body).toEqual({ name: 'Java jobs in North Sydney, NSW', keywords: 'java', location_id: 'nsyd', frequency: 'instant' })
  })

  it('says when the text fits more than one place', async () => {
    const { dialog } = await saveWith('qld')
    expect(within(dialog).getByText('“qld” matches 2 locations. Choose one, or leave All locations to hear of jobs anywhere.')).toBeTruthy()
    expect(within(dialog).getByLabelText('Location')).toBeTruthy()
  })
})

describe('saving a search the alert would match differently', () => {
  it('says so from the titles of the jobs the board shows', async () => {
    const { dialog, calls } = await saveWith('', 'dev', ['Senior Developer', 'DevOps Engineer', 'Dev Lead'])
    expect(within(dialog).getByText('Alerts match whole words, so “dev” would not find 2 of the 3 jobs shown here.')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use “devops”' }))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save alert' }))
    expect(await screen.findByText(/Job alert saved/)).toBeTruthy()
    expect(calls.find((c) => c.key === 'POST /api/candidate/alerts')?.body).toEqual({ name: 'Devops jobs', keywords: 'devops', frequency: 'instant' })
  })
})
