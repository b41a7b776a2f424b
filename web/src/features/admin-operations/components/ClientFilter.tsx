import { SelectField, type SelectOption } from '../../../components/ui/Select'
import { useEmployerOptions } from '../api/get-employer-options'

/** Every employer as a client to choose: by company name (or its own name), A to Z. */
export function useClientOptions(): SelectOption[] {
  const employers = useEmployerOptions()
  return (employers.data ?? []).map((e) => ({ value: e.id, label: e.company || e.name })).sort((a, b) => a.label.localeCompare(b.label))
}

/** The "Client" filter of the agency-wide screens: "All clients", then every client. */
export function ClientFilter({ value, onChange, className }: { value: string; onChange: (employerId: string) => void; className?: string }) {
  const options = useClientOptions()
  return (
    <SelectField label="Client" className={className} value={value} placeholder="All clients" options={options} onChange={(e) => onChange(e.target.value)} />
  )
}
