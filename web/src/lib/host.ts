/** Which of the three sites this page is: chosen by the first label of the host name (SPEC 1, 2.2). */
export type Site = 'admin' | 'employer' | 'public'

export function siteForHost(hostname: string): Site {
  const first = hostname.split('.')[0]?.toLowerCase()
  if (first === 'admin') return 'admin'
  if (first === 'employer') return 'employer'
  return 'public'
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/

/** The host name to put a site label in front of: IP literals have no subdomains. */
function labelledBase(hostname: string): string | null {
  if (!IPV4.test(hostname) && !hostname.includes(':')) return hostname
  // Loopback means this machine: localhost's subdomains resolve locally.
  const loopback = hostname.startsWith('127.') || hostname === '::1' || hostname === '[::1]'
  return loopback ? 'localhost' : null
}

/** The same host with its first label swapped for `label` (public -> employer.example, etc). */
export function hostFor(site: Site, location: { protocol: string; hostname: string; port: string }): string {
  const port = location.port ? `:${location.port}` : ''
  const base = labelledBase(location.hostname)
  if (base === null) return `${location.protocol}//${location.hostname}${port}`
  const labels = base.split('.')
  const current = siteForHost(base)
  const rest = current === 'public' ? labels : labels.slice(1)
  const bare = rest[0] === 'www' ? rest.slice(1) : rest
  const target = site === 'public' ? bare.join('.') : [site, ...bare].join('.')
  return `${location.protocol}//${target}${port}`
}
