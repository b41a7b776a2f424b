/** The agency's contact details and claims, shown in the chrome and on several pages (SPEC 1, 2.3, 9). */
import { BRAND_NAME } from '../../lib/brand'
export const COMPANY = {
  name: BRAND_NAME,
  phoneDisplay: '(02) 5550 4321',
  phoneHref: 'tel:+61255504321',
  email: 'hello@harbourit.com.au',
  addressLines: ['Level 9, 60 Margaret Street', 'Sydney NSW 2000'],
  address: 'Level 9, 60 Margaret Street, Sydney NSW 2000',
  hours: 'Mon-Fri 9AM-6PM AEST',
  founded: 2020,
} as const

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'Instagram', href: 'https://www.instagram.com/' },
] as const

/** The headline numbers the site quotes (SPEC 1). */
export const CLAIMS = [
  { value: '200+', label: 'companies served' },
  { value: '2-4 weeks', label: 'average time to placement' },
  { value: '95%', label: 'placement success rate' },
  { value: '6 months', label: 'guarantee on permanent placements' },
] as const

export { SPECIALISATIONS } from '../../lib/specialisations'
