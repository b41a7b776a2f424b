/**
 * A candidate's profile as the record page shows it. The profile is stored as the candidate
 * wrote it (camelCase fields, skills as a list or as one comma-separated text), so each field
 * is read defensively: anything missing or of another shape is left out, never shown as "null".
 */
export type ProfileFact = { label: string; value: string; href?: string }
export type ProfileEntry = { title: string; subtitle: string; period: string; description: string }
export type ProfileView = {
  facts: ProfileFact[]
  summary: string
  skills: string[]
  languages: string[]
  experience: ProfileEntry[]
  education: ProfileEntry[]
}

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')

/** ["React", "Rust"] or "React, Rust" → ["React", "Rust"]. */
export function listOf(v: unknown): string[] {
  const items = Array.isArray(v) ? v.map(str) : typeof v === 'string' ? v.split(/[,;\n]/).map((s) => s.trim()) : []
  return items.filter(Boolean)
}

const records = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => Boolean(x) && typeof x === 'object') : []

/** "2021 – 2023", "2021 – now", "" */
export function period(start: unknown, end: unknown): string {
  const s = str(start)
  const e = str(end)
  if (!s && !e) return ''
  return `${s || '?'} – ${e || 'now'}`
}

/** A link for a web address someone typed, only when it is an http(s) one. */
export const safeUrl = (v: string) => (/^https?:\/\//i.test(v) ? v : undefined)

export function profileView(profile: Record<string, unknown> | null | undefined): ProfileView {
  const p = profile ?? {}
  const facts: ProfileFact[] = []
  const add = (label: string, value: string, href?: string) => value && facts.push({ label, value, href })
  add('Location', str(p.location))
  add('Phone', str(p.phone))
  add('LinkedIn', str(p.linkedin), safeUrl(str(p.linkedin)))
  add('Portfolio', str(p.portfolio), safeUrl(str(p.portfolio)))
  add('Resume', str(p.resumeOriginalName) || str(p.resumeFilename))
  return {
    facts,
    summary: str(p.summary),
    skills: listOf(p.skills),
    languages: listOf(p.languages),
    experience: records(p.experience).map((x) => ({
      title: str(x.position),
      subtitle: str(x.company),
      period: period(x.startDate, x.endDate),
      description: str(x.description),
    })),
    education: records(p.education).map((x) => ({
      title: str(x.degree),
      subtitle: [str(x.institution), str(x.field)].filter(Boolean).join(' · '),
      period: str(x.graduationYear) ? `Graduated ${str(x.graduationYear)}` : '',
      description: '',
    })),
  }
}

/** True when the profile has nothing worth a section. */
export const isEmptyProfile = (v: ProfileView) =>
  !v.facts.length && !v.summary && !v.skills.length && !v.languages.length && !v.experience.length && !v.education.length
