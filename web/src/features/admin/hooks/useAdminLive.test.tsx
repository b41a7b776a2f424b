import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act } from '@testing-library/react'
import { socket } from '../../../testing/fakeSocket'
import { renderOnSocket } from '../../../testing/harness'
import { adminKeys } from '../api/keys'
import { useAdminLive } from './useAdminLive'

vi.mock('socket.io-client', () => import('../../../testing/fakeSocket'))

beforeEach(() => socket.reset())

const setup = () => renderOnSocket(useAdminLive, 'admin')

describe('admin live events', () => {
  it('admin_updated marks that topic’s queries and the overview stale', () => {
    const { stale } = setup()
    act(() => socket.fire('admin_updated', { topic: 'employers' }))
    expect(stale()).toEqual([JSON.stringify(['admin', 'employers']), JSON.stringify(adminKeys.overview())])
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
