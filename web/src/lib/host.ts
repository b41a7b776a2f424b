/** Which of the three sites this page is: chosen by the first label of the host name (SPEC 1, 2.2). */
export type Site = 'admin' | 'employer' | 'public'

export function siteForHost(hostname: string): Site {
  const first = hostname.split('.')[0]?.toLowerCase()
  if (first === 'admin') return 'admin'
  if (first === 'employer') return 'employer'
  return 'public'
}

/** The same host with its first label swapped for `label` (public -> employer.example, etc). */
export function hostFor(site: Site, location: { protocol: string; hostname: string; port: string }): string {
  const labels = location.hostname.split('.')
  const current = siteForHost(location.hostname)
  const base = current === 'public' ? labels : labels.slice(1)
  const bare = base[0] === 'www' ? base.slice(1) : base
  const hostname = site === 'public' ? bare.join('.') : [site, ...bare].join('.')
  return `${location.protocol}//${hostname}${location.port ? `:${location.port}` : ''}`
}
