/** /employers: four-step process, six services with feature tags, two testimonials, buttons to /contact and /employers/hire. */
import content from '../employers.json'
import { AudiencePage } from './AudiencePage'

export default function EmployersPage() {
  return <AudiencePage content={content} />
}
