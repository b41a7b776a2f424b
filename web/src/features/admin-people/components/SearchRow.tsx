import { Button } from '../../../components/ui/Button'
import { SearchField, SearchForm } from '../../../components/ui/SearchForm'

/** A people screen's search: one box and its button; the search runs on submit. */
export function SearchRow({ label, hint, value, onChange, onSearch }: { label: string; hint: string; value: string; onChange: (value: string) => void; onSearch: () => void }) {
  return (
    <SearchForm className="adm-search" label={label} onSearch={onSearch}>
      <SearchField label={label} hint={hint} value={value} onChange={onChange} />
      <Button type="submit" variant="secondary" icon="search">
        Search
      </Button>
    </SearchForm>
  )
}
