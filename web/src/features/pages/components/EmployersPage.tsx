/** /employers: four-step process, six services with feature tags, two testimonials, buttons to /contact and /employers/hire. */
import content from '../employers.json'
import { ContentPage } from './ContentPage'

export default function EmployersPage() {
  return <ContentPage content={content} />
}
