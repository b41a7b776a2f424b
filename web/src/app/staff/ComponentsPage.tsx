/**
 * /components on the admin host: the living catalogue of components/ui, every component in each
 * of its states, framed by the AppShell it documents. Workspace screens are assembled from what
 * is shown here; a state that is missing here is a state a screen should not invent. It shows
 * sample data only, so it needs no sign-in.
 */
import { useState, type ReactNode } from 'react'
import { AppShell } from '../../components/ui/AppShell'
import { Badge } from '../../components/ui/Badge'
import { Button } from '../../components/ui/Button'
import { Card } from '../../components/ui/Card'
import { EmptyState } from '../../components/ui/EmptyState'
import { ErasedChip, ErasedText } from '../../components/ui/ErasedPerson'
import { Field } from '../../components/ui/Field'
import { FileDrop } from '../../components/ui/FileDrop'
import { Modal, ModalActions } from '../../components/ui/Modal'
import { Pagination } from '../../components/ui/Pagination'
import { SelectField } from '../../components/ui/Select'
import { Skeleton, SkeletonCard } from '../../components/ui/Skeleton'
import { Table } from '../../components/ui/Table'
import { Tabs } from '../../components/ui/Tabs'
import { useToast } from '../../components/ui/toast'
import { useDocumentTitle } from '../../hooks/useDocumentTitle'
import './components-page.css'

const SECTIONS = ['Buttons', 'Badges', 'Cards', 'Fields', 'File drop', 'Tabs', 'Table', 'Pagination', 'Empty state', 'Skeleton', 'Modal', 'Toast', 'Tokens'] as const

const slug = (s: string) => s.toLowerCase().replace(/\s+/g, '-')

function Specimen({ title, children }: { title: (typeof SECTIONS)[number]; children: ReactNode }) {
  return (
    <section className="kit-section" aria-labelledby={`kit-${slug(title)}`}>
      <h2 id={`kit-${slug(title)}`}>{title}</h2>
      {children}
    </section>
  )
}

function State({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="kit-state">
      <p className="kit-state-label">{label}</p>
      <div className="kit-state-body">{children}</div>
    </div>
  )
}

const PLACEMENTS = [
  { id: 'p1', role: 'Senior Data Engineer', client: 'Tasman Cloud Services', status: 'Interviewing', fee: '$24,600' },
  { id: 'p2', role: 'Platform Reliability Lead', client: 'Eucalypt Software', status: 'Offer accepted', fee: '$31,200' },
  { id: 'p3', role: 'Graduate QA Analyst', client: 'Harbourside Health', status: 'Shortlisted', fee: '$9,800' },
]

const COLOURS = ['primary', 'accent', 'success', 'warning', 'danger', 'info', 'neutral', 'muted', 'border', 'bg'] as const

export default function ComponentsPage() {
  useDocumentTitle('Components')
  const toast = useToast()
  const [modalOpen, setModalOpen] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const [page, setPage] = useState(3)
  const [role, setRole] = useState('')

  return (
    <AppShell
      brand="Harbour IT · Admin"
      navLabel="Workspace"
      nav={[
        { to: '/dashboard', label: 'Overview', short: 'Home', icon: 'grid', end: true },
        { to: '/components', label: 'Components', short: 'Kit', icon: 'clipboard' },
      ]}
      heading={<h1>Components</h1>}
    >
      <p className="kit-intro">
        Every shared component in each of its states, drawn from the design tokens. Resize the window below 768 px to see this
        frame (AppShell) switch to its phone layout with bottom navigation.
      </p>
      <nav aria-label="Components on this page" className="kit-toc link-list">
        {SECTIONS.map((s) => (
          <a key={s} href={`#kit-${slug(s)}`}>
            {s}
          </a>
        ))}
      </nav>

      <Specimen title="Buttons">
        <State label="Variants">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="danger">Delete</Button>
          <Button variant="link">Link style</Button>
        </State>
        <State label="Small, with icon">
          <Button size="sm" icon="search">
            Search
          </Button>
          <Button size="sm" variant="ghost" icon="logout">
            Sign out
          </Button>
        </State>
        <State label="Disabled and busy">
          <Button disabled>Disabled</Button>
          <Button busy>Saving...</Button>
        </State>
      </Specimen>

      <Specimen title="Badges">
        <State label="Tones">
          <Badge tone="success" icon="check">
            Accepted
          </Badge>
          <Badge tone="warning" icon="clock">
            Pending
          </Badge>
          <Badge tone="danger" icon="cross">
            Rejected
          </Badge>
          <Badge tone="info">New</Badge>
          <Badge tone="neutral">Archived</Badge>
          <Badge tone="brand">Full-time</Badge>
        </State>
        <State label="Erased person (the API's “[erased]” name, in a list or on a card)">
          <ErasedChip />
        </State>
        <State label="Erased text (a note or comment that read “[erased]”)">
          <ErasedText text="[erased]" />
        </State>
      </Specimen>

      <Specimen title="Cards">
        <div className="kit-grid">
          <Card>
            <h3>Default card</h3>
            <p>Surface, border and the small elevation.</p>
          </Card>
          <Card padding="sm">
            <h3>Compact card</h3>
            <p>Less padding, for dense lists.</p>
          </Card>
        </div>
      </Specimen>

      <Specimen title="Fields">
        <div className="kit-grid">
          <Field label="Job title">{(p) => <input className="input" placeholder="e.g. Cloud Engineer" {...p} />}</Field>
          <Field label="Hourly rate" hint="Excluding GST and super.">
            {(p) => <input className="input" inputMode="decimal" defaultValue="145" {...p} />}
          </Field>
          <Field label="Email" error="Please enter a valid email address">
            {(p) => <input className="input" type="email" defaultValue="sam@" {...p} />}
          </Field>
          <SelectField
            label="Work type"
            hint="A native picker on phones."
            value={role}
            onChange={(e) => setRole(e.target.value)}
            placeholder="Any work type"
            options={[
              { value: 'full-time', label: 'Full-time' },
              { value: 'contract', label: 'Contract' },
              { value: 'part-time', label: 'Part-time' },
            ]}
          />
          <Field label="Disabled">{(p) => <input className="input" disabled defaultValue="Locked by the system" {...p} />}</Field>
        </div>
      </Specimen>

      <Specimen title="File drop">
        <div className="kit-grid">
          <FileDrop label="Resume (.pdf, .doc, .docx)" accept=".pdf,.doc,.docx" hint="Up to 5 MB." fileName={file?.name} onFile={setFile} />
          <FileDrop label="With a chosen file" fileName="Sam Taylor - Resume 2026.pdf" onFile={() => {}} />
          <FileDrop label="Disabled" disabled onFile={() => {}} />
          <FileDrop label="With an error" error="Please choose a file under 5 MB" onFile={() => {}} />
        </div>
      </Specimen>

      <Specimen title="Tabs">
        <Tabs
          label="Candidate record"
          tabs={[
            { id: 'summary', label: 'Summary', content: <p>Eight years in data platforms; open to hybrid roles in Sydney.</p> },
            { id: 'history', label: 'History', content: <p>Placed twice with us: 2021 (contract), 2023 (permanent).</p> },
            { id: 'notes', label: 'Notes', content: <p>Prefers a 9-day fortnight. Available from March.</p> },
          ]}
        />
      </Specimen>

      <Specimen title="Table">
        <Table
          caption="Placements this quarter"
          rowKey={(r) => r.id}
          rows={PLACEMENTS}
          columns={[
            { key: 'role', header: 'Role', cell: (r) => r.role },
            { key: 'client', header: 'Client', cell: (r) => r.client },
            {
              key: 'status',
              header: 'Status',
              cell: (r) => <Badge tone={r.status === 'Offer accepted' ? 'success' : r.status === 'Interviewing' ? 'info' : 'neutral'}>{r.status}</Badge>,
            },
            { key: 'fee', header: 'Fee', cell: (r) => r.fee, align: 'end' },
          ]}
        />
        <State label="Empty">
          <Table
            caption="Placements last quarter"
            rowKey={(r) => r.id}
            rows={[] as typeof PLACEMENTS}
            columns={[{ key: 'role', header: 'Role', cell: (r) => r.role }]}
            empty={<EmptyState title="No placements yet" icon="briefcase" />}
          />
        </State>
      </Specimen>

      <Specimen title="Pagination">
        <Pagination current={page} total={9} onChange={setPage} label="Example pages" />
      </Specimen>

      <Specimen title="Empty state">
        <EmptyState title="No documents yet" icon="folder" action={<Button icon="upload">Upload a document</Button>}>
          <p>Cover letters, certificates and portfolios you upload appear here, ready to attach to an application.</p>
        </EmptyState>
      </Specimen>

      <Specimen title="Skeleton">
        <div className="kit-grid" aria-busy="true">
          <SkeletonCard />
          <div>
            <Skeleton shape="circle" />
            <Skeleton lines={3} />
          </div>
        </div>
      </Specimen>

      <Specimen title="Modal">
        <Button variant="outline" onClick={() => setModalOpen(true)}>
          Open the example dialog
        </Button>
        {modalOpen ? (
          <Modal title="Withdraw application" onClose={() => setModalOpen(false)}>
            <p>The employer will no longer see your application for Senior Data Engineer. You can apply again while the role is open.</p>
            <ModalActions>
              <Button variant="ghost" onClick={() => setModalOpen(false)}>
                Keep it
              </Button>
              <Button variant="danger" onClick={() => setModalOpen(false)}>
                Withdraw
              </Button>
            </ModalActions>
          </Modal>
        ) : null}
      </Specimen>

      <Specimen title="Toast">
        <State label="Kinds">
          {(['success', 'info', 'warning', 'error'] as const).map((kind) => (
            <Button key={kind} size="sm" variant="outline" onClick={() => toast.push({ kind, title: `A ${kind} toast`, message: 'It closes by itself after five seconds.' })}>
              Show {kind}
            </Button>
          ))}
        </State>
      </Specimen>

      <Specimen title="Tokens">
        <ul className="kit-swatches">
          {COLOURS.map((c) => (
            <li key={c}>
              <span className="kit-swatch" style={{ background: `var(--color-${c})` }} />
              <code>--color-{c}</code>
            </li>
          ))}
        </ul>
        <div className="kit-type">
          {(['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl'] as const).map((size) => (
            <p key={size} style={{ fontSize: `var(--font-size-${size})` }}>
              <code>--font-size-{size}</code> Sydney IT roles
            </p>
          ))}
        </div>
      </Specimen>
    </AppShell>
  )
}
