import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, renderHook, screen } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { socket } from '../../testing/fakeSocket'
import type { Role } from '../session'
import type { ServerEvents } from './events'
import { RealtimeProvider } from './RealtimeProvider'
import { useRealtime, useRealtimeConnected, useRealtimeEmit } from './useRealtime'

vi.mock('socket.io-client', () => import('../../testing/fakeSocket'))

beforeEach(() => socket.reset())

const session = (role: Role, token: string | null) =>
  function Session({ children }: { children: ReactNode }) {
    return (
      <RealtimeProvider role={role} token={token}>
        {children}
      </RealtimeProvider>
    )
  }

/** Two screens of one workspace listening to the same event, as the bell and a board do. */
function TwoListeners({ seen }: { seen: string[] }) {
  useRealtime('pipeline_updated', (p) => seen.push(`board ${p.application_id}`))
  useRealtime('pipeline_updated', (p) => seen.push(`list ${p.job_id}`))
  return null
}

describe('RealtimeProvider', () => {
  it('opens one socket for the session with its token and role, and the agreed options', () => {
    render(<TwoListeners seen={[]} />, { wrapper: session('employer', 'tok-1') })
    expect(socket.opened).toBe(1)
    expect(socket.options).toEqual({
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 20000,
      auth: { token: 'tok-1', user_type: 'employer' },
    })
  })

  it('hands one server event to every listener of that name, and to no other', () => {
    const seen: string[] = []
    render(<TwoListeners seen={seen} />, { wrapper: session('employer', 'tok-1') })
    act(() => socket.fire('pipeline_updated', { job_id: 'j1', application_id: 'a1' }))
    act(() => socket.fire('assessment_updated', { application_id: 'a1' }))
    expect(seen).toEqual(['board a1', 'list j1'])
  })

  it('opens no socket without a token, and nothing arrives', () => {
    const seen: string[] = []
    render(<TwoListeners seen={seen} />, { wrapper: session('candidate', null) })
    expect(socket.opened).toBe(0)
    act(() => socket.fire('pipeline_updated', { job_id: 'j1', application_id: 'a1' }))
    expect(seen).toEqual([])
  })

  it('a listener that unmounts hears no more', () => {
    const seen: string[] = []
    const { unmount } = renderHook(() => useRealtime('unread_count', (p) => seen.push(String(p.count))), {
      wrapper: session('candidate', 't'),
    })
    act(() => socket.fire('unread_count', { count: 2 }))
    unmount()
    act(() => socket.fire('unread_count', { count: 3 }))
    expect(seen).toEqual(['2'])
  })

  it('runs the newest handler without resubscribing', () => {
    const seen: string[] = []
    const { rerender } = renderHook(({ tag }) => useRealtime('unread_count', (p) => seen.push(`${tag}${p.count}`)), {
      wrapper: session('candidate', 't'),
      initialProps: { tag: 'a' },
    })
    rerender({ tag: 'b' })
    act(() => socket.fire('unread_count', { count: 1 }))
    expect(seen).toEqual(['b1'])
  })

  it('says whether the socket is open: connect, the server’s connected, disconnect, a refused connection', () => {
    const { result } = renderHook(() => useRealtimeConnected(), { wrapper: session('admin', 't') })
    expect(result.current).toBe(false)
    act(() => socket.fire('connect'))
    expect(result.current).toBe(true)
    act(() => socket.fire('disconnect'))
    expect(result.current).toBe(false)
    const connected: ServerEvents['connected'] = { user_id: 'u1', user_type: 'admin' }
    act(() => socket.fire('connected', connected))
    expect(result.current).toBe(true)
    vi.spyOn(console, 'error').mockImplementation(() => {})
    act(() => socket.fire('connect_error', new Error('unauthorized')))
    expect(result.current).toBe(false)
  })

  it('sends client events on the open socket', () => {
    const { result } = renderHook(() => useRealtimeEmit(), { wrapper: session('candidate', 't') })
    result.current('get_notifications', { limit: 50, offset: 0 })
    expect(socket.emit).toHaveBeenCalledWith('get_notifications', { limit: 50, offset: 0 })
  })

  it('a new token closes the old socket and opens another; the listeners carry over', () => {
    const seen: string[] = []
    function Workspace() {
      const [token, setToken] = useState('old')
      return (
        <RealtimeProvider role="candidate" token={token}>
          <button type="button" onClick={() => setToken('new')}>
            refresh
          </button>
          <Listener />
        </RealtimeProvider>
      )
    }
    function Listener() {
      useRealtime('application_updated', (p) => seen.push(p.application_id))
      return null
    }
    render(<Workspace />)
    act(() => screen.getByRole('button', { name: 'refresh' }).click())
    expect(socket.disconnect).toHaveBeenCalledTimes(1)
    expect(socket.opened).toBe(2)
    expect(socket.options).toMatchObject({ auth: { token: 'new', user_type: 'candidate' } })
    act(() => socket.fire('application_updated', { application_id: 'a9' }))
    expect(seen).toEqual(['a9'])
  })

  it('outside a provider the hooks are quiet: not connected, nothing sent', () => {
    const { result } = renderHook(() => ({ connected: useRealtimeConnected(), emit: useRealtimeEmit() }))
    result.current.emit('get_notifications', { limit: 50, offset: 0 })
    expect(result.current.connected).toBe(false)
    expect(socket.emit).not.toHaveBeenCalled()
    expect(socket.opened).toBe(0)
  })
})
