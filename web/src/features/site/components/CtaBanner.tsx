/** A closing call-to-action band with a heading, a line of copy and link buttons. */
import type { ReactNode } from 'react'
import { LinkButtons, type LinkButton } from './LinkButtons'

type CtaBannerProps = { title: string; text: ReactNode; links: readonly LinkButton[] }

export function CtaBanner({ title, text, links }: CtaBannerProps) {
  return (
    <section className="section cta-banner" aria-labelledby="cta-heading">
      <div className="container">
        <div className="cta-banner-inner">
          <h2 id="cta-heading">{title}</h2>
          <p>{text}</p>
          <LinkButtons links={links} primary="btn-light" className="btn-row center" />
        </div>
      </div>
    </section>
  )
}
