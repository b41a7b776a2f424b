/**
 * A person whose personal data was erased: a muted, dashed chip with an icon and the words
 * "Erased person", so the gap reads as deliberate. `PersonName` shows a name, or this chip in
 * its place when the API sent the "[erased]" marker.
 */
import { ERASED_PERSON, isErased } from '../../lib/erased'
import { Icon } from './Icon'

const EXPLAINED = 'Their personal data was erased. What remains are non-personal facts, such as when they applied and how far they got.'

export function ErasedChip({ label = ERASED_PERSON }: { label?: string }) {
  return (
    <span className="badge badge-erased" title={EXPLAINED}>
      <Icon name="erased" size={14} />
      {label}
    </span>
  )
}

export function PersonName({ name }: { name: string | null | undefined }) {
  return isErased(name) ? <ErasedChip /> : <>{name}</>
}
