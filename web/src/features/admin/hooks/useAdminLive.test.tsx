import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act } from '@testing-library/react'
import { socket } from '../../../testing/fakeSocket'
import { renderOnSocket } from '../../../testing/harness'
import { adminKeys } from '../api/keys'
import { opsKeys } from '../api/ops-keys'
import { useAdminLive } from './useAdminLive'

vi.mock('socket.io-client', () => import('../../../testing/fakeSocket'))

beforeEach(() => socket.reset())

const setup = () => renderOnSocket(useAdminLive, 'admin')

const starts = (key: readonly unknown[], prefix: readonly unknown[]) => JSON.stringify(key.slice(0, prefix.length)) === JSON.stringify(prefix)

describe('admin live events', () => {
  it('admin_updated marks that topic’s queries and the overview stale', () => {
    const { stale } = setup()
    act(() => socket.fire('admin_updated', { topic: 'employers' }))
    expect(stale()).toEqual([JSON.stringify(['admin', 'employers']), JSON.stringify(adminKeys.overview())])
  })

  it('the topic prefix reaches the lists of both admin screens’ key factories', () => {
    expect(starts(adminKeys.employerList({ status: 'pending', q: '' }), ['admin', 'employers'])).toBe(true)
    expect(starts(opsKeys.employerOptions(), ['admin', 'employers'])).toBe(true)
    expect(starts(adminKeys.enquiryList('open'), ['admin', 'enquiries'])).toBe(true)
    expect(starts(adminKeys.outboxList('failed'), ['admin', 'outbox'])).toBe(true)
    expect(starts(opsKeys.projections(), ['admin', 'projections'])).toBe(true)
    // a candidate record is an audited read: no topic reaches it
    for (const t of ['employers', 'enquiries', 'outbox', 'projections', 'events', 'jobs']) expect(starts(adminKeys.candidate('c1'), ['admin', t])).toBe(false)
  })

  it('ignores topics it does not know and malformed payloads', () => {
    const { stale } = setup()
    act(() => {
      socket.fire('admin_updated', { topic: 'everything' })
      socket.fire('admin_updated', null)
      socket.fire('admin_updated', 'employers')
    })
    expect(stale()).toEqual([])
  })
})
