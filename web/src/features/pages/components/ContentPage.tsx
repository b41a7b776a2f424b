/**
 * The template of the content pages: /job-seekers, /employers, /employers/hire, /employers/resources,
 * /jobs/advice and /approach. Their copy is content, so it lives in ../*.json (as the services' and the
 * blog's do): a hero, bands of numbered steps or cards, testimonials where a page has them, and the
 * closing call to action.
 */
import type { ReactNode } from 'react'
import {
  CardGrid,
  CtaBanner,
  GRID_COLUMNS,
  PageHero,
  Section,
  useDocumentTitle,
  type CardItem,
  type GridColumns,
  type LinkButton,
} from '../../site'
import { StepList, type Step } from './StepList'
import { Testimonials, type Testimonial } from './Testimonials'

type Band = { id: string; eyebrow?: string; title: string; intro?: string; tinted?: boolean }

/**
 * a band holds either a numbered process or a grid of cards (three across unless it says otherwise; JSON
 * gives a plain number, which `gridColumns` checks)
 */
export type ContentBand = (Band & { steps: Step[] }) | (Band & { cards: CardItem[]; columns?: number })

/** a band's columns as the grid lays them out; any other number is a mistake in the page's JSON */
export function gridColumns(columns: number | undefined): GridColumns | undefined {
  if (columns === undefined) return undefined
  const known = GRID_COLUMNS.find((n) => n === columns)
  if (known === undefined) throw new Error(`A card grid is 2, 3 or 4 columns wide, not ${columns}`)
  return known
}

export type PageContent = {
  documentTitle: string
  hero: { eyebrow: string; title: string; lead: string; actions?: LinkButton[] }
  bands: ContentBand[]
  testimonials?: { heading: string; items: Testimonial[] }
  cta: { title: string; text: string; links: LinkButton[] }
}

/** children: a band of the page's own, between the hero and the bands of its content */
export function ContentPage({ content, children }: { content: PageContent; children?: ReactNode }) {
  const { documentTitle, hero, bands, testimonials, cta } = content
  useDocumentTitle(documentTitle)
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} actions={hero.actions} />
      {children}
      {bands.map((band) => (
        <Section
          key={band.id}
          labelledBy={band.id}
          tone={band.tinted ? 'tinted' : undefined}
          eyebrow={band.eyebrow}
          title={band.title}
          intro={band.intro}
        >
          {'steps' in band ? <StepList steps={band.steps} /> : <CardGrid items={band.cards} columns={gridColumns(band.columns)} />}
        </Section>
      ))}
      {testimonials ? <Testimonials heading={testimonials.heading} items={testimonials.items} /> : null}
      <CtaBanner title={cta.title} text={cta.text} links={cta.links} />
    </>
  )
}
