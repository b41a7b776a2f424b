/**
 * The home page's strip of the newest open jobs, each a link to its page. The server puts them
 * into the page's HTML (lib/initial-data.ts), so the strip paints with the page; shown again after
 * a navigation, it reads the board with one plain fetch rather than the jobs feature's query: the
 * home page has a JS budget, and the query layer would add ~3 kB gzip to it for a list that is
 * only shown here.
 */
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { initialData } from '../../lib/initial-data'
import { salaryText, type Job } from '../jobs'

/** The key of the embedded list (api/src/first_paint.rs). */
export const LATEST_JOBS_KEY = ['jobs', 'latest'] as const

const SHOWN = 4
const DAY_MS = 24 * 60 * 60 * 1000

/** 'today', 'yesterday', '3 days ago': days are enough for a strip of new jobs. */
function daysAgo(iso: string, now: number) {
  const days = Math.floor((now - Date.parse(iso)) / DAY_MS)
  return days <= 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`
}

export function LatestJobs() {
  const [embedded] = useState(() => initialData<Job[]>(LATEST_JOBS_KEY))
  const [jobs, setJobs] = useState<Job[] | null>(embedded ?? null)
  useEffect(() => {
    if (embedded) return
    const abort = new AbortController()
    fetch('/api/admin/jobs/job-board', { signal: abort.signal })
      .then((res) => (res.ok ? res.json() : []))
      .then((data: unknown) => setJobs(Array.isArray(data) ? (data as Job[]) : []))
      // the strip is a shortcut; when the board cannot be read it simply stays away
      .catch(() => {})
    return () => abort.abort()
  }, [embedded])
  const now = Date.now()
  const latest = (jobs ?? [])
    .filter((j) => !j.expires_at || Date.parse(j.expires_at) - now > DAY_MS)
    .slice()
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, SHOWN)
  // nothing to show (still loading, or the board is unreachable): the strip stays out of the way
  if (latest.length === 0) return null
  return (
    <section className="section latest-jobs" aria-labelledby="latest-heading">
      <div className="container">
        <div className="spread-row latest-jobs-head">
          <h2 id="latest-heading">Latest jobs</h2>
          <Link to="/jobs/find">See all jobs</Link>
        </div>
        <ul className="grid grid-4 card-list">
          {latest.map((job) => (
            <li key={job.id} className="card card-cover card-link latest-job">
              <h3>
                <Link to={`/jobs/${job.id}`}>{job.title}</Link>
              </h3>
              <p className="latest-job-company">{job.company}</p>
              <p className="latest-job-meta">
                {job.location} · {job.type}
              </p>
              <p className="latest-job-salary">{salaryText(job)}</p>
              <p className="latest-job-posted">Posted {daysAgo(job.created_at, now)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
