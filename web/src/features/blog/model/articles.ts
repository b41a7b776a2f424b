/** The six blog articles (SPEC 3) and the blog list filter (SPEC 4, 5). The data file is shared with the server's sitemap. */
import data from '../articles.json'

export type Article = {
  id: number
  title: string
  summary: string
  category: string
  date: string
  readTime: string
  author: string
  tags: string[]
  datePublished?: string
  dateModified?: string
  content: { intro: string; keyPoints: string[]; impact: string; conclusion: string }
}

export const ALL_CATEGORIES = 'All'

export const BLOG_CATEGORIES = [
  'Future of Work',
  'Career Development',
  'Skills Development',
  'Recruitment Innovation',
  'Diversity & Inclusion',
  'Cloud Technology',
] as const

export const DEFAULT_ARTICLE_DATE = '2024-12-01'

/** Tags shown on a card (SPEC 9). */
export const CARD_TAG_LIMIT = 3

export const articles: readonly Article[] = data as Article[]

/** Title or summary contains the query (case-insensitive), and the category matches unless it is 'All'. */
export function searchArticles(list: readonly Article[], query: string, category: string): Article[] {
  const q = query.trim().toLowerCase()
  return list.filter(
    (a) =>
      (category === ALL_CATEGORIES || a.category === category) &&
      (!q || a.title.toLowerCase().includes(q) || a.summary.toLowerCase().includes(q)),
  )
}

export function findArticle(id: string | undefined): Article | undefined {
  if (!id || !/^\d+$/.test(id)) return undefined
  return articles.find((a) => a.id === Number(id))
}

export const publishedDate = (a: Article) => a.datePublished ?? DEFAULT_ARTICLE_DATE
/** Not modified since publication unless it says so (as the server's sitemap reads it, api/src/site.rs). */
export const modifiedDate = (a: Article) => a.dateModified ?? publishedDate(a)

export const cardTags = (a: Article) => a.tags.slice(0, CARD_TAG_LIMIT)
