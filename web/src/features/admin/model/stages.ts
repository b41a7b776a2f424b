/** The pipeline's stages as the admin screens show them (the shared labels and tones), and the specialisations to filter by. */
import type { BadgeTone } from '../../../components/ui/Badge'
import { SPECIALISATIONS, type Specialisation } from '../../../lib/specialisations'
import { STAGE_LABELS, STAGE_TONES } from '../../../lib/stages'
import type { OpsStage } from '../types'

export { STAGE_LABELS, STAGE_TONES, SPECIALISATIONS }
export type { Specialisation }

export const stageLabel = (s: string) => STAGE_LABELS[s as OpsStage] ?? s.charAt(0).toUpperCase() + s.slice(1)
export const stageTone = (s: string): BadgeTone => STAGE_TONES[s as OpsStage] ?? 'neutral'
