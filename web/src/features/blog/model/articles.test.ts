import { describe, expect, it } from 'vitest'
import {
  ALL_CATEGORIES,
  articles,
  BLOG_CATEGORIES,
  cardTags,
  DEFAULT_ARTICLE_DATE,
  findArticle,
  modifiedDate,
  publishedDate,
  searchArticles,
  type Article,
} from './articles'

const sample = (id: number, title: string, summary: string, category: string): Article => ({
  id,
  title,
  summary,
  category,
  date: '1 December 2024',
  readTime: '5 min read',
  author: 'A',
  tags: ['a', 'b', 'c', 'd'],
  content: { intro: '', keyPoints: [], impact: '', conclusion: '' },
})

const list = [
  sample(1, 'Cloud careers', 'Where the jobs are', 'Cloud Technology'),
  sample(2, 'Leading teams', 'From developer to CLOUD architect', 'Career Development'),
  sample(3, 'Inclusive hiring', 'Fair processes', 'Diversity & Inclusion'),
]

describe('blog search (SPEC 5)', () => {
  it("'All' with no text returns everything", () => {
    expect(searchArticles(list, '', ALL_CATEGORIES)).toHaveLength(3)
  })

  it('matches title or summary, case-insensitive', () => {
    expect(searchArticles(list, 'cloud', ALL_CATEGORIES).map((a) => a.id)).toEqual([1, 2])
    expect(searchArticles(list, 'FAIR', ALL_CATEGORIES).map((a) => a.id)).toEqual([3])
  })

  it('does not match other fields such as the category', () => {
    expect(searchArticles(list, 'Diversity', ALL_CATEGORIES)).toEqual([])
  })

  it('combines the text with the category', () => {
    expect(searchArticles(list, 'cloud', 'Career Development').map((a) => a.id)).toEqual([2])
    expect(searchArticles(list, '', 'Diversity & Inclusion').map((a) => a.id)).toEqual([3])
    expect(searchArticles(list, 'fair', 'Cloud Technology')).toEqual([])
  })
})

describe('the article data', () => {
  it('has six articles with ids 1 to 6 in the SPEC categories', () => {
    expect(articles.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6])
    for (const a of articles) {
      expect(BLOG_CATEGORIES).toContain(a.category)
      expect(a.content.keyPoints.length).toBeGreaterThan(0)
      expect(a.title && a.summary && a.author && a.readTime && a.date).toBeTruthy()
    }
    expect(new Set(articles.map((a) => a.category)).size).toBe(6)
  })

  it('every article carries its publication date, shown as written and never in the future', () => {
    for (const a of articles) {
      expect(a.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      const published = new Date(`${a.datePublished}T00:00:00Z`)
      const shown = published.toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
      expect(a.date).toBe(shown)
      expect(published.getTime()).toBeLessThanOrEqual(Date.now())
      expect(modifiedDate(a) >= publishedDate(a)).toBe(true)
    }
  })

  it('defaults missing dates to 2024-12-01', () => {
    const bare = sample(9, 't', 's', 'Cloud Technology')
    expect(publishedDate(bare)).toBe(DEFAULT_ARTICLE_DATE)
    expect(modifiedDate(bare)).toBe('2024-12-01')
  })

  it('cards show at most three tags', () => {
    expect(cardTags(list[0])).toEqual(['a', 'b', 'c'])
  })

  it('finds articles by id and rejects unknown ids', () => {
    expect(findArticle('3')?.id).toBe(3)
    expect(findArticle('7')).toBeUndefined()
    expect(findArticle('abc')).toBeUndefined()
    expect(findArticle(undefined)).toBeUndefined()
  })
})
