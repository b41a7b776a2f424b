/** /approach: four-step process, four principles, buttons to /contact and /our-services. */
import content from '../approach.json'
import { ContentPage } from './ContentPage'

export default function ApproachPage() {
  return <ContentPage content={content} />
}
