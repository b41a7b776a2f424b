/** /api/candidate/alerts (docs/API.md "Job alerts"): the candidate's alerts and what changes them. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { bearerFetch } from '../../../lib/api'
import type { ApiBody, ApiReply } from '../../../api'
import type { AlertForm } from '../model/alerts'

export const alertKeys = {
  all: ['candidate', 'alerts'] as const,
}

const alertFetch = <T>(path: string, opts: { method?: string; body?: unknown } = {}) => bearerFetch<T>('candidate', path, opts)

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: alertKeys.all,
    queryFn: () => alertFetch<ApiReply<'list_alerts'>>('/api/candidate/alerts').then((b) => b?.alerts ?? []),
  })

export const useAlerts = (enabled = true) => useQuery({ ...alertsQueryOptions(), enabled })

type Saved = ApiReply<'create_alert'> | ApiReply<'edit_alert'>

/** Every change reloads the list (its match counts are the server's to work out). */
function useAlertMutation<V>(call: (v: V) => Promise<Saved>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: call, onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }) })
}

export const useCreateAlert = () =>
  useAlertMutation((form: AlertForm) => alertFetch<Saved>('/api/candidate/alerts', { method: 'POST', body: form satisfies ApiBody<'create_alert'> }))

export const useUpdateAlert = () =>
  useAlertMutation(({ id, form }: { id: string; form: AlertForm }) =>
    alertFetch<Saved>(`/api/candidate/alerts/${encodeURIComponent(id)}`, { method: 'PUT', body: form satisfies ApiBody<'edit_alert'> }),
  )

export type AlertAction = 'pause' | 'resume' | 'delete'

export const useAlertAction = () =>
  useAlertMutation(({ id, action }: { id: string; action: AlertAction }) =>
    action === 'delete'
      ? alertFetch<Saved>(`/api/candidate/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' })
      : alertFetch<Saved>(`/api/candidate/alerts/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
  )
