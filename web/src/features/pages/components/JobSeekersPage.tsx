/** /job-seekers: four-step process, six benefits, two testimonials, buttons to /contact and /jobs/find (SPEC 2.4). */
import content from '../job-seekers.json'
import { ContentPage } from './ContentPage'

export default function JobSeekersPage() {
  return <ContentPage content={content} />
}
