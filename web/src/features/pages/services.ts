/**
 * The six additional services linked from /our-services, each with its own /services/{slug} page.
 * The copy is content, so it lives in services.json (as the blog's articles do); this module types it.
 */
import data from './services.json'

export type ServiceDetail = {
  slug: string
  title: string
  teaser: string
  intro: string
  roles: string[]
  why: string[]
}

export const ADDITIONAL_SERVICES: ServiceDetail[] = data

export const findService = (slug: string | undefined) => ADDITIONAL_SERVICES.find((s) => s.slug === slug)
