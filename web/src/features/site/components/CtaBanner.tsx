/** A closing call-to-action band with a heading, a line of copy and buttons. */
import type { ReactNode } from 'react'

type CtaBannerProps = { title: string; text: ReactNode; children: ReactNode }

export function CtaBanner({ title, text, children }: CtaBannerProps) {
  return (
    <section className="section cta-banner" aria-labelledby="cta-heading">
      <div className="container">
        <div className="cta-banner-inner">
          <h2 id="cta-heading">{title}</h2>
          <p>{text}</p>
          <div className="btn-row center">{children}</div>
        </div>
      </div>
    </section>
  )
}
