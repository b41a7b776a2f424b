/**
 * An application that ends takes its interviews with it (the sixth round of the journeys). A
 * hiring manager (the demo employer, Mei Chen) finds a booked interview on the Interviews page,
 * opens the applicant from it and rejects them: the dialog says the interview is cancelled too, the
 * toast says the server did it, and the candidate's My Applications shows it cancelled with the
 * reason. A second candidate withdraws from their portal: the dialog names their interview, the
 * card stays, marked Withdrawn, and the interview leaves the employer's list. Each candidate and
 * the job are new (posted and applied through the API), so the seeded pipelines stay as they are.
 */
import { describe, expect, it } from 'vitest'
import {
  api,
  apiLogin,
  BASE_URL,
  browserPerFile,
  chooseRejectionReason,
  demoLogin,
  EMPLOYER_URL,
  eventually,
  newContext,
  onePagePdf,
  screenshot,
  signedInContext,
  uniqueEmail,
  type LoginBody,
} from './support'
import { newApplicant, postJob } from './fixtures'

const browser = browserPerFile()

/** 10:00 am on Tuesday 20 January 2099 in Sydney, as the booking form takes it. */
const SLOT = '2099-01-20T10:00'

type Upcoming = { id: string; application_id: string }

/** A new candidate applies to `jobId`; the employer moves them to Interview and books one. */
async function bookedApplicant(employer: LoginBody, jobId: string, name: string, password: string) {
  const email = uniqueEmail(name.split(' ')[0].toLowerCase())
  const { applicationId } = await newApplicant({ name, email, password }, jobId, { fileName: `${name}.pdf`, pdf: onePagePdf(name), title: 'Resume' })
  await eventually(async () => {
    const moved = await api('POST', `/api/employer/applications/${applicationId}/move`, { token: employer.token, json: { stage: 'interview' } })
    return moved.status === 200
  }, 15_000, 'the application reaches the board')
  const booked = await api<{ id: string }>('POST', `/api/employer/applications/${applicationId}/interviews`, {
    token: employer.token,
    json: { starts_at_local: SLOT, duration_minutes: 45, video_link: 'https://meet.example.com/e2e', interviewers: ['Mei Chen'] },
  })
  expect(booked.status, JSON.stringify(booked.body)).toBe(201)
  // the write side finds an application's interviews through the read model
  await eventually(async () => {
    const list = await api<Upcoming[]>('GET', '/api/employer/interviews', { token: employer.token })
    return list.body.some((i) => i.id === booked.body.id)
  }, 15_000, 'the interview on the employer’s list')
  return { email, applicationId, interviewId: booked.body.id }
}

describe('an application that ends cancels its interviews', () => {
  it('a rejection from the applicant page cancels the interview, and the candidate sees why', async () => {
    const employer = await demoLogin('employer')
    const { id: jobId } = await postJob(employer, {
      title: `Data Platform Engineer (${Date.now()})`,
      type: 'Full-time',
      specialisation: 'BI + Data Analytics',
      salary: '$170k + super',
      description: 'Run the pipelines the hospitals report from.',
      responsibilities: ['Own the warehouse'],
      requirements: ['dbt'],
      expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    })
    const name = 'Tahlia Nguyen'
    const { email, applicationId } = await bookedApplicant(employer, jobId, name, 'Candidate1!')

    const ctx = await signedInContext(browser(), 'employer', employer)
    const page = await ctx.newPage()
    await page.goto(`${EMPLOYER_URL}/dashboard/interviews`)
    await page.getByRole('link', { name }).first().click()
    await page.waitForURL(`**/dashboard/applicants/${applicationId}`)
    await page.getByRole('button', { name: `Move ${name} to another stage` }).click()
    await page.getByRole('menuitem', { name: 'Rejected' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Their interview on Tuesday 20 January 2099 at 10:00 am is cancelled too', { exact: false }).waitFor()
    await chooseRejectionReason(dialog, 'Went with another candidate')
    await screenshot(page, 'journeys_reject-with-interview', 'desktop')
    await dialog.getByRole('button', { name: 'Reject', exact: true }).click()
    await page.getByText('Their interview was cancelled.', { exact: false }).waitFor()
    await ctx.close()

    const cctx = await newContext(browser())
    const cpage = await cctx.newPage()
    await cpage.goto(`${BASE_URL}/candidate/login`)
    await cpage.getByLabel('Email', { exact: true }).fill(email)
    await cpage.getByLabel('Password', { exact: true }).fill('Candidate1!')
    await cpage.getByRole('button', { name: 'Sign In' }).click()
    await cpage.waitForURL('**/candidate/dashboard/**')
    await cpage.goto(`${BASE_URL}/candidate/dashboard/applications`)
    const interviews = cpage.getByRole('group', { name: /Interviews? for Data Platform Engineer/ })
    await interviews.getByText('Cancelled: The application is not going ahead.').waitFor()
    expect(await interviews.getByRole('link', { name: /video call/ }).count(), 'no call to join once cancelled').toBe(0)
    await cctx.close()
  })

  it('a candidate who withdraws is told the interview goes too, and keeps the card, marked withdrawn', async () => {
    const employer = await demoLogin('employer')
    const { id: jobId } = await postJob(employer, {
      title: `Security Engineer (${Date.now()})`,
      type: 'Full-time',
      specialisation: 'Security + Cyber Security',
      salary: '$180k + super',
      description: 'Harden the platform the hospitals run on.',
      responsibilities: ['Threat modelling'],
      requirements: ['AppSec'],
      expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
    })
    const name = 'Rafael Costa'
    const { email, interviewId } = await bookedApplicant(employer, jobId, name, 'Candidate1!')
    const candidate = await apiLogin('candidate', email, 'Candidate1!')

    const ctx = await signedInContext(browser(), 'candidate', candidate)
    const page = await ctx.newPage()
    await page.goto(`${BASE_URL}/candidate/dashboard/applications`)
    await page.getByRole('button', { name: /Withdraw application/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Withdraw your application?' })
    await dialog.getByText('Your interview on Tuesday 20 January 2099 at 10:00 am is cancelled too', { exact: false }).waitFor()
    await dialog.getByLabel(/Anything you’d like to tell the hiring team/).fill('I have accepted another offer. Thank you.')
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click()
    await page.getByText('You withdrew this application on', { exact: false }).waitFor()
    await page.getByText('Cancelled: The application was withdrawn.').waitFor()
    await screenshot(page, 'journeys_withdrawn-with-interview', 'desktop')
    await ctx.close()

    await eventually(async () => {
      const list = await api<Upcoming[]>('GET', '/api/employer/interviews', { token: employer.token })
      return list.status === 200 && !list.body.some((i) => i.id === interviewId)
    }, 15_000, 'the interview leaves the employer’s list')
  })
})
