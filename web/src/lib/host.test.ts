import { describe, expect, it } from 'vitest'
import { hostFor, siteForHost } from './host'

const at = (hostname: string, port = '') => ({ protocol: 'https:', hostname, port })

describe('site selection by host (SPEC 1, 2.2)', () => {
  it('reads the first label', () => {
    expect(siteForHost('admin.harbourit.com.au')).toBe('admin')
    expect(siteForHost('employer.localhost')).toBe('employer')
    expect(siteForHost('www.harbourit.com.au')).toBe('public')
    expect(siteForHost('localhost')).toBe('public')
  })

  it('builds the other sites of the same domain', () => {
    expect(hostFor('employer', at('www.harbourit.com.au'))).toBe('https://employer.harbourit.com.au')
    expect(hostFor('admin', at('employer.harbourit.com.au'))).toBe('https://admin.harbourit.com.au')
    expect(hostFor('public', at('admin.localhost', '8080'))).toBe('https://localhost:8080')
    expect(hostFor('employer', at('localhost', '8080'))).toBe('https://employer.localhost:8080')
  })

  it('never puts a label in front of an IP address', () => {
    expect(hostFor('employer', at('127.0.0.1', '8080'))).toBe('https://employer.localhost:8080')
    expect(hostFor('employer', at('10.1.2.3'))).toBe('https://10.1.2.3')
  })
})
