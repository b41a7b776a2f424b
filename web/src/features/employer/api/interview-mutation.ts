/**
 * What the three interview calls share (book, move, cancel): each comes back on the socket as
 * `pipeline_updated` for the application, which reads the applicant, the interviews still to come
 * and the job's boards again (stale.ts); while no socket is open the mutation does that itself.
 * The call names no job, so then every board is read again: a card carries its next interview.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useRealtimeConnected } from '../../../lib/realtime'
import { employerKeys, isPipelineKey } from './keys'

export function useInterviewMutation<Input extends { applicationId: string }, Reply>(mutationFn: (input: Input) => Promise<Reply>) {
  const qc = useQueryClient()
  const live = useRealtimeConnected()
  return useMutation({
    mutationFn,
    onSuccess: (_d, { applicationId }) =>
      live
        ? undefined
        : Promise.all([
            qc.invalidateQueries({ queryKey: employerKeys.applicant(applicationId) }),
            qc.invalidateQueries({ queryKey: employerKeys.interviews() }),
            qc.invalidateQueries({ predicate: (q) => isPipelineKey(q.queryKey) }),
          ]),
  })
}
