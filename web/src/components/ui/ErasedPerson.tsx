/**
 * A person whose personal data was erased: a muted, dashed chip with an icon and the words
 * "Erased person", so the gap reads as deliberate. `PersonName` shows a name, or this chip in
 * its place when the API sent the "[erased]" marker; `ErasedText` does the same for free text
 * (a note, a scorecard comment, feedback), with a muted, italic phrase.
 */
import { ERASED_PERSON, ERASED_TEXT, isErased } from '../../lib/erased'
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

const TEXT_EXPLAINED = 'This text was personal data and has been erased. The rest of the record stays.'

/** `text` as it is, or, for the "[erased]" marker, a muted italic phrase (`label` to name someone else's data). */
export function ErasedText({ text, label = ERASED_TEXT }: { text: string | null | undefined; label?: string }) {
  return isErased(text) ? (
    <span className="erased-text" title={TEXT_EXPLAINED}>
      {label}
    </span>
  ) : (
    <>{text}</>
  )
}
