import { everyOf, type ApiSchema } from '../api'

/** The nine specialisations (SPEC 1), in the order the site lists them: one list for the public
 *  site, the employer's job form and the admin's filters (a shared module, so a workspace does not
 *  import the public site's feature and its stylesheet to get it). */
export type Specialisation = ApiSchema<'Specialisation'>

export const SPECIALISATIONS = everyOf<Specialisation>()([
  'Development + Testing',
  'AI + Robotics',
  'BI + Data Analytics',
  'Cloud + Infrastructure',
  'Digital',
  'ERP/SAP/CRM',
  'Executive IT',
  'Project Services',
  'Security + Cyber Security',
])

/** The specialisation a value names exactly (a select's, or an address's), or '' (any) for one
 *  that names none: what a hand-edited address falls back to. */
export const specialisationFromName = (name: string | null | undefined): Specialisation | '' =>
  SPECIALISATIONS.find((s) => s === name) ?? ''
