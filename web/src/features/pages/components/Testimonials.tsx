/** Two quoted testimonials, used on the job seeker and employer pages. */
export type Testimonial = { quote: string; name: string; role: string }

export function Testimonials({ heading, items }: { heading: string; items: Testimonial[] }) {
  return (
    <section className="section section-alt" aria-labelledby="testimonials-heading">
      <div className="container">
        <div className="section-header">
          <p className="eyebrow">Testimonials</p>
          <h2 id="testimonials-heading">{heading}</h2>
        </div>
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
      </div>
    </section>
  )
}
