/** Test fixture: a job as the board (GET /api/admin/jobs/job-board) lists it, from Acme in Sydney. */
import type { ApiSchema } from '../api'

export function boardJob(id: string, title: string, over: Partial<ApiSchema<'Job'>> = {}) {
  return {
    id,
    title,
    company: 'Acme',
    location: 'Sydney NSW',
    location_id: 'syd',
    type: 'Full-time',
    salary: '',
    salary_range_id: 's1',
    description: 'Build things.',
    created_at: '2025-01-01T00:00:00Z',
    expires_at: null,
    ...over,
  }
}
