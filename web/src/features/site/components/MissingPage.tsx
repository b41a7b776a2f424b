/**
 * The page shown in place of something that is not there (an unknown article or job) or could not
 * be loaded: a heading, one line and a way back. `noindex` keeps search engines off it (SPEC 8).
 */
import { Link } from 'react-router'
import { useDocumentTitle } from '../../../hooks/useDocumentTitle'
import { useRobotsNoindex } from '../hooks/useRobotsNoindex'
import type { LinkButton } from './LinkButtons'

type MissingPageProps = {
  /** The browser tab's title, and the heading unless `heading` is given. */
  title: string
  heading?: string
  text: string
  back: LinkButton
  noindex?: boolean
}

export function MissingPage({ title, heading = title, text, back, noindex = false }: MissingPageProps) {
  useDocumentTitle(title)
  useRobotsNoindex(noindex)
  return (
    <div className="container section error-page">
      <h1>{heading}</h1>
      <p>{text}</p>
      <Link to={back.to} className="btn btn-primary">
        {back.label}
      </Link>
    </div>
  )
}
