/** /employers/hire: six services, four-step process, six technology specialisations, buttons to /contact, /about, /blogs. */
import content from '../hire.json'
import { ContentPage } from './ContentPage'

export default function HirePage() {
  return <ContentPage content={content} />
}
