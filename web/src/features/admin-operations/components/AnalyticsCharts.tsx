/**
 * The analytics charts, drawn by recharts and loaded only on the analytics screen. Each chart is a
 * picture for sighted readers (aria-hidden) with a one-line summary and its numbers as a table for
 * screen readers. Beside the funnel, why clients passed on applicants: the reasons their hiring
 * teams gave, as labelled bars that need no table. For one client (`oneClient`) there is no chart
 * by client, and the job alerts, which belong to no client, say they are the agency's.
 */
import type { ReactNode } from 'react'
import { Bar, BarChart, CartesianGrid, LabelList, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Card } from '../../../components/ui/Card'
import { ReasonBreakdown } from '../../../components/ui/ReasonBreakdown'
import { alertWeekSeries, alertWeeksSummary, countsSummary, funnelRows, topWithOther, weekSeries } from '../model/analytics'
import type { Analytics, NamedCount } from '../types'

const TEAL = '#0f766e'
const NAVY = '#13315c'

export default function AnalyticsCharts({ data, oneClient = false }: { data: Analytics; oneClient?: boolean }) {
  const weeks = weekSeries(data.per_week)
  const funnel = funnelRows(data.funnel)
  const busiest = weeks.reduce((m, w) => (w.applications > (m?.applications ?? -1) ? w : m), weeks[0])
  return (
    <div className="ops-charts">
      <Card as="section" className="ops-chart-wide" aria-labelledby="chart-weeks">
        <h2 id="chart-weeks">Applications per week</h2>
        <p className="ops-chart-summary">
          {weeks.length} week{weeks.length === 1 ? '' : 's'}
          {busiest ? `; the busiest was the week of ${busiest.label} with ${busiest.applications}` : ''}.
        </p>
        <WeeksChart weeks={weeks}>
          <Line type="monotone" dataKey="applications" name="Applications" stroke={TEAL} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        </WeeksChart>
        <SrTable caption="Applications per week, weeks starting Monday" head={['Week of', 'Applications']} rows={weeks.map((w) => [w.label, w.applications])} />
      </Card>

      <Card as="section" aria-labelledby="chart-funnel">
        <h2 id="chart-funnel">The funnel</h2>
        <p className="ops-chart-summary">Applications that reached at least each stage.</p>
        <div className="ws-chart ops-chart-tall" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={funnel} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 24, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
              <YAxis type="category" dataKey="label" width={84} tick={{ fontSize: 12 }} interval={0} />
              <Tooltip cursor={{ fill: 'rgba(15, 118, 110, 0.08)' }} />
              <Bar dataKey="count" name="Applications" fill={TEAL} radius={[0, 4, 4, 0]} maxBarSize={32} isAnimationActive={false}>
                <LabelList dataKey="count" position="right" style={{ fontSize: 12, fill: '#1b2533' }} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        <SrTable
          caption="The funnel: applications that reached each stage"
          head={['Stage', 'Applications', 'Share of all', 'Share of the stage before']}
          rows={funnel.map((r) => [r.label, r.count, `${r.ofFirst}%`, `${r.ofPrevious}%`])}
        />
      </Card>

      <ReasonBreakdown id="chart-reasons" title="Why clients passed on applicants" counts={data} empty="No one who applied in this range has been rejected." />

      <CountChart id="chart-spec" title="By specialisation" items={data.by_specialisation} />
      <CountChart id="chart-location" title="By location" items={data.by_location} />
      {oneClient ? null : <CountChart id="chart-employer" title="By client" items={data.by_employer} />}
      <AlertsChart data={data} agencyWide={oneClient} />
    </div>
  )
}

/** Job alerts created and alert mails sent per week: what candidates ask to hear about, and how
 *  much the board tells them; `agencyWide` says so while the rest are one client's. */
function AlertsChart({ data, agencyWide }: { data: Analytics; agencyWide: boolean }) {
  const weeks = alertWeekSeries(data.job_alerts)
  return (
    <Card as="section" className="ops-chart-wide" aria-labelledby="chart-alerts">
      <h2 id="chart-alerts">Job alerts per week</h2>
      {agencyWide ? <p className="ops-chart-summary">Job alerts are the agency’s, whatever the client.</p> : null}
      <p className="ops-chart-summary">{alertWeeksSummary(weeks)}</p>
      {weeks.length === 0 ? null : (
        <WeeksChart weeks={weeks}>
          <Legend verticalAlign="top" height={28} iconType="plainline" wrapperStyle={{ fontSize: 13 }} />
          <Line type="monotone" dataKey="created" name="Alerts created" stroke={TEAL} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
          <Line type="monotone" dataKey="mailed" name="Mails sent" stroke={NAVY} strokeWidth={2} strokeDasharray="6 3" dot={{ r: 3, strokeDasharray: '0' }} isAnimationActive={false} />
        </WeeksChart>
      )}
      <SrTable caption="Job alerts per week, weeks starting Monday" head={['Week of', 'Alerts created', 'Mails sent']} rows={weeks.map((w) => [w.label, w.created, w.mailed])} />
    </Card>
  )
}

/** The frame of a chart per week: weeks along the bottom, whole numbers up the side; `children` are
 *  its lines (and legend). */
function WeeksChart<W extends { label: string }>({ weeks, children }: { weeks: W[]; children: ReactNode }) {
  return (
    <div className="ws-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={weeks} accessibilityLayer={false} margin={{ top: 8, right: 16, bottom: 8, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          {children}
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}

function CountChart({ id, title, items }: { id: string; title: string; items: NamedCount[] }) {
  const top = topWithOther(items, 8)
  return (
    <Card as="section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="ops-chart-summary">{countsSummary(top)}</p>
      {top.length === 0 ? null : (
        <div className="ws-chart ops-chart-tall" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={top} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 24, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
              <YAxis type="category" dataKey="name" width={150} tick={{ fontSize: 12 }} interval={0} tickFormatter={(v: string) => (v.length > 24 ? `${v.slice(0, 23)}…` : v)} />
              <Tooltip cursor={{ fill: 'rgba(19, 49, 92, 0.08)' }} />
              <Bar dataKey="count" name="Applications" fill={NAVY} radius={[0, 4, 4, 0]} maxBarSize={24} isAnimationActive={false}>
                <LabelList dataKey="count" position="right" style={{ fontSize: 12, fill: '#1b2533' }} />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      )}
      <SrTable caption={`Applications ${title.toLowerCase()}`} head={['Name', 'Applications']} rows={top.map((i) => [i.name, i.count])} />
    </Card>
  )
}

function SrTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (j === 0 ? <th key={j} scope="row">{c}</th> : <td key={j}>{c}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
