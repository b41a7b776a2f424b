/** /contact: call, email and visit cards; the form; office info with a map; four FAQs (SPEC 2.4). */
import { useState, type ReactNode } from 'react'
import { Button } from '../../../components/ui/Button'
import { COMPANY, IconBadge, PageHero, Section, useDocumentTitle } from '../../site'
import { ContactForm } from './ContactForm'
import '../contact.css'

const MAP_SRC = `https://maps.google.com/maps?q=${encodeURIComponent(COMPANY.address)}&z=16&output=embed`

const FAQS = [
  {
    q: 'How quickly will you respond to my enquiry?',
    a: 'We reply to every email and contact form message within 24 hours on business days. For anything urgent, give us a call during office hours.',
  },
  {
    q: 'Can I visit your office?',
    a: 'Yes, by appointment. Our consultants are often out meeting clients and candidates, so please book a time with us before you visit and we will make sure someone is there to meet you.',
  },
  {
    q: 'Do you charge job seekers for your services?',
    a: 'No. Our services are always free for candidates. Employers pay our fees when we successfully place someone in their team.',
  },
  {
    q: 'Which locations do you recruit for?',
    a: 'We are based in Sydney and recruit across New South Wales, with many roles open to candidates elsewhere in Australia through remote and hybrid arrangements.',
  },
]

function ContactIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
      <path d={d} fill="currentColor" />
    </svg>
  )
}

/** One of the ways to reach us: an icon, a heading, a line of text and the number, address or link itself. */
function ContactCard({ icon, title, text, children }: { icon: string; title: string; text: string; children: ReactNode }) {
  return (
    <div className="card">
      <IconBadge>
        <ContactIcon d={icon} />
      </IconBadge>
      <h3>{title}</h3>
      <p>{text}</p>
      {children}
    </div>
  )
}

const DIRECTIONS_HREF = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(COMPANY.address)}`

/**
 * The office map loads only when asked for: until then (and whenever the map service cannot be
 * reached) the frame shows the address and a directions link, so the block is never an empty
 * or broken box, and the page makes no third-party request on load.
 */
function OfficeMap() {
  const [shown, setShown] = useState(false)
  return (
    <div className="map-block">
      <div className="map-frame">
        {shown ? (
          <iframe
            title="Map showing our office at Level 9, 60 Margaret Street, Sydney"
            src={MAP_SRC}
            referrerPolicy="no-referrer-when-downgrade"
            allowFullScreen
          />
        ) : (
          <div className="map-fallback">
            <p className="map-fallback-address">
              {COMPANY.addressLines.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </p>
            <p className="map-fallback-note">A short walk from Wynyard station.</p>
            <Button variant="outline" size="sm" onClick={() => setShown(true)}>
              Show the map
            </Button>
          </div>
        )}
      </div>
      <a className="map-directions" href={DIRECTIONS_HREF} target="_blank" rel="noopener noreferrer">
        Get directions in Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    </div>
  )
}

export default function ContactPage() {
  useDocumentTitle('Contact Us')
  return (
    <>
      <PageHero
        eyebrow="Contact us"
        title="Let's talk about your next move"
        lead="Whether you're hiring or looking for your next role, our Sydney team is ready to help. Reach out the way that suits you best."
      />

      <Section labelledBy="contact-ways-heading" title="Ways to reach us" hideTitle>
        <div className="grid grid-3 contact-cards">
          <ContactCard
            icon="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 013 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z"
            title="Call us"
            text="Speak with a consultant during business hours."
          >
            <a href={COMPANY.phoneHref} className="contact-card-link">
              {COMPANY.phoneDisplay}
            </a>
          </ContactCard>
          <ContactCard
            icon="M20 4H4a2 2 0 00-2 2v12a2 2 0 002 2h16a2 2 0 002-2V6a2 2 0 00-2-2zm0 4l-8 5-8-5V6l8 5 8-5z"
            title="Email us"
            text="Send us the details and we'll reply within 24 hours."
          >
            <a href={`mailto:${COMPANY.email}`} className="contact-card-link">
              {COMPANY.email}
            </a>
          </ContactCard>
          <ContactCard
            icon="M12 2a7 7 0 00-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 00-7-7zm0 9.5A2.5 2.5 0 1112 6.5a2.5 2.5 0 010 5z"
            title="Visit us"
            text="Meet us in the CBD, by appointment."
          >
            <address className="contact-card-link">
              {COMPANY.addressLines[0]}
              <br />
              {COMPANY.addressLines[1]}
            </address>
          </ContactCard>
        </div>
      </Section>

      <section className="section section-alt" aria-label="Contact form and office details">
        <div className="container contact-layout">
          <ContactForm />
          <div className="office-info">
            <h2>Our office</h2>
            <dl className="office-details link-list">
              <dt>Address</dt>
              <dd>{COMPANY.address}</dd>
              <dt>Phone</dt>
              <dd>
                <a href={COMPANY.phoneHref}>{COMPANY.phoneDisplay}</a>
              </dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
              </dd>
              <dt>Hours</dt>
              <dd>{COMPANY.hours}</dd>
              <dt>Visits</dt>
              <dd>By appointment only</dd>
            </dl>
            <OfficeMap />
          </div>
        </div>
      </section>

      <Section labelledBy="faq-heading" layout="faq" title="Frequently asked questions">
        {FAQS.map((f) => (
          <details key={f.q} className="faq-item">
            <summary>{f.q}</summary>
            <p>{f.a}</p>
          </details>
        ))}
      </Section>
    </>
  )
}
