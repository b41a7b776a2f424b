import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { freshEachTest, renderRoutes, storeSession } from '../../../testing/harness'
import { ApplyNowLink } from './ApplyNowLink'

const JOB = '0b9c6f1e-3a57-4c1d-8e2f-5a6b7c8d9e01'
const render = () => renderRoutes([{ path: '/jobs/:id', element: <ApplyNowLink jobId={JOB} className="btn" /> }], `/jobs/${JOB}`)

describe('Apply Now on a public job', () => {
  freshEachTest()

  it('signed out, goes to the candidate login carrying the job', () => {
    render()
    expect(screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe(`/candidate/login?apply=${JOB}`)
  })

  it("signed in, goes straight to the job's apply dialog in the portal", () => {
    storeSession('candidate', { name: 'Jane Citizen' })
    render()
    expect(screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe(`/candidate/dashboard/jobs?apply=${JOB}`)
  })
})
