import { SelectField } from '../../../components/ui/Select'
import { useEmployerOptions } from '../api/get-employer-options'

/** The "Client" filter of the agency-wide lists: every employer by company name (or its own name), A to Z. */
export function ClientFilter({ value, onChange, className }: { value: string; onChange: (employerId: string) => void; className?: string }) {
  const employers = useEmployerOptions()
  const options = (employers.data ?? [])
    .map((e) => ({ value: e.id, label: e.company || e.name }))
    .sort((a, b) => a.label.localeCompare(b.label))
  return (
    <SelectField label="Client" className={className} value={value} placeholder="All clients" options={options} onChange={(e) => onChange(e.target.value)} />
  )
}
