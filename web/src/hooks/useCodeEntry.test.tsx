import { describe, expect, it, vi } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import type { FormEvent } from 'react'
import { useCodeEntry } from './useCodeEntry'

const submitted = () => ({ preventDefault: () => {} }) as FormEvent

describe('useCodeEntry', () => {
  it('refuses an empty code without asking the server', async () => {
    const check = vi.fn(async () => null)
    const { result } = renderHook(() => useCodeEntry(check))
    act(() => result.current.setCode('   '))
    await act(() => result.current.submit(submitted()))
    expect(result.current.error).toBe('Enter the code from your app')
    expect(check).not.toHaveBeenCalled()
  })

  it('a refused code shows the words given and empties the field; a passed one leaves both', async () => {
    const check = vi.fn(async (code: string) => (code === '123456' ? null : 'That code is not right'))
    const { result } = renderHook(() => useCodeEntry(check))
    act(() => result.current.setCode(' 000000 '))
    await act(() => result.current.submit(submitted()))
    expect(check).toHaveBeenLastCalledWith('000000')
    expect(result.current.error).toBe('That code is not right')
    expect(result.current.code).toBe('')
    act(() => result.current.setCode('123456'))
    await act(() => result.current.submit(submitted()))
    expect(result.current.error).toBeNull()
    expect(result.current.code).toBe('123456')
  })

  it('switching to a recovery code starts the field afresh', async () => {
    const { result } = renderHook(() => useCodeEntry(async () => 'No'))
    act(() => result.current.setCode('12'))
    await act(() => result.current.submit(submitted()))
    act(() => result.current.setCode('12'))
    act(() => result.current.switchKind())
    expect(result.current).toMatchObject({ recovery: true, code: '', error: null })
  })
})
