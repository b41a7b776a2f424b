/** The template of the two audience pages, /job-seekers and /employers (their copy is content: job-seekers.json, employers.json): hero with two buttons, a four-step process, a card grid of what we offer, two testimonials, closing call to action. */
import { CardGrid, CtaBanner, PageHero, Section, useDocumentTitle, type CardItem, type LinkButton } from '../../site'
import { StepList, type Step } from './StepList'
import { Testimonials, type Testimonial } from './Testimonials'

type Band = { id: string; eyebrow: string; title: string }

export type AudienceContent = {
  documentTitle: string
  hero: { eyebrow: string; title: string; lead: string; actions: LinkButton[] }
  process: Band & { steps: Step[] }
  offer: Band & { intro?: string; items: CardItem[] }
  testimonials: { heading: string; items: Testimonial[] }
  cta: { title: string; text: string; links: LinkButton[] }
}

export function AudiencePage({ content: { documentTitle, hero, process, offer, testimonials, cta } }: { content: AudienceContent }) {
  useDocumentTitle(documentTitle)
  return (
    <>
      <PageHero eyebrow={hero.eyebrow} title={hero.title} lead={hero.lead} actions={hero.actions} />

      <Section labelledBy={process.id} eyebrow={process.eyebrow} title={process.title}>
        <StepList steps={process.steps} />
      </Section>

      <Section labelledBy={offer.id} tone="tinted" eyebrow={offer.eyebrow} title={offer.title} intro={offer.intro}>
        <CardGrid items={offer.items} />
      </Section>

      <Testimonials heading={testimonials.heading} items={testimonials.items} />

      <CtaBanner title={cta.title} text={cta.text} links={cta.links} />
    </>
  )
}
