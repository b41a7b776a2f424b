/** Two quoted testimonials, used on the job seeker and employer pages. */
import { Section } from '../../site'

export type Testimonial = { quote: string; name: string; role: string }

export function Testimonials({ heading, items }: { heading: string; items: Testimonial[] }) {
  return (
    <Section labelledBy="testimonials-heading" tone="alt" eyebrow="Testimonials" title={heading}>
      <div className="grid grid-2">
        {items.map((t) => (
          <figure key={t.name} className="card testimonial">
            <blockquote>
              <p>“{t.quote}”</p>
            </blockquote>
            <figcaption>
              <strong>{t.name}</strong>
              {t.role}
            </figcaption>
          </figure>
        ))}
      </div>
    </Section>
  )
}
