/** /jobs/advice: journey steps, six service cards, buttons to /contact and /blogs (SPEC 2.4). */
import content from '../career-advice.json'
import { ContentPage } from './ContentPage'

export default function CareerAdvicePage() {
  return <ContentPage content={content} />
}
