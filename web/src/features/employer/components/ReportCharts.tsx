/**
 * The report's two charts, drawn by recharts; each has its numbers as a table for screen readers.
 * Drawn without animation, like the admin's: a chart that grows is motion nobody asked for, and a
 * screenshot or a print taken mid-growth shows bars short of their value.
 */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Card } from '../../../components/ui/Card'
import { formatWeek } from '../model/report'
import { STAGE_LABELS } from '../model/stages'
import { STAGES, type JobReport } from '../types'

// the tokens' stage colours (employer.css .emp-count-*), as recharts needs values, not variables
const STAGE_COLOURS: Record<string, string> = {
  new: '#1e40af',
  screening: '#334155',
  interview: '#0f766e',
  offer: '#92400e',
  hired: '#166534',
  rejected: '#b91c1c',
}

export default function ReportCharts({ report }: { report: JobReport }) {
  const stages = STAGES.map((s) => ({ stage: s, label: STAGE_LABELS[s], count: report.counts[s] }))
  const weeks = report.by_week.map((w) => ({ ...w, label: formatWeek(w.week) }))
  return (
    <div className="emp-charts">
      <Card as="section" aria-labelledby="chart-stages-heading">
        <h2 id="chart-stages-heading">Applicants by stage</h2>
        <div className="ws-chart" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            {/* bars run sideways so the six stage names stay readable on a phone */}
            <BarChart data={stages} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 16, bottom: 4, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
              <YAxis type="category" dataKey="label" width={84} tick={{ fontSize: 12 }} interval={0} />
              <Tooltip cursor={{ fill: 'rgba(15, 118, 110, 0.08)' }} />
              <Bar dataKey="count" name="Applicants" radius={[0, 4, 4, 0]} maxBarSize={28} isAnimationActive={false}>
                {stages.map((s) => (
                  <Cell key={s.stage} fill={STAGE_COLOURS[s.stage]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
        <div className="visually-hidden">
          <table>
          <caption>Applicants by stage</caption>
          <tbody>
            {stages.map((s) => (
              <tr key={s.stage}>
                <th scope="row">{s.label}</th>
                <td>{s.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      </Card>
      <Card as="section" aria-labelledby="chart-weeks-heading">
        <h2 id="chart-weeks-heading">Applications per week</h2>
        <div className="ws-chart" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={weeks} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip cursor={{ fill: 'rgba(15, 118, 110, 0.08)' }} />
              <Bar dataKey="applications" name="Applications" fill="#0f766e" radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <div className="visually-hidden">
          <table>
          <caption>Applications per week, weeks starting Monday</caption>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <th scope="row">Week of {w.label}</th>
                <td>{w.applications}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      </Card>
    </div>
  )
}
