/** /blogs: search, category filter, result summary and article cards (SPEC 2.4, 4, 5). */
import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { SearchField, SearchForm } from '../../../components/ui/SearchForm'
import { SelectField, valueOptions } from '../../../components/ui/Select'
import { CtaBanner, PageHero, Section, useDocumentTitle } from '../../site'
import { ALL_CATEGORIES, articles, BLOG_CATEGORIES, cardTags, searchArticles } from '../model/articles'
import { ArticleCover } from './ArticleCover'
import '../blog.css'

export default function BlogListPage() {
  useDocumentTitle('Blog and Insights')
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState<string>(ALL_CATEGORIES)
  const results = useMemo(() => searchArticles(articles, query, category), [query, category])
  const filtered = query.trim() !== '' || category !== ALL_CATEGORIES

  const reset = () => {
    setQuery('')
    setCategory(ALL_CATEGORIES)
  }

  return (
    <>
      <PageHero
        eyebrow="Insights"
        title="Blog and industry insights"
        lead="Practical advice on careers, hiring and the technology market in Australia, from the consultants who work in it every day."
      />
      <Section labelledBy="blog-results-heading">
        <SearchForm className="blog-filters card" label="Search articles">
          <SearchField id="blog-search" label="Search articles" plain placeholder="Search by title or summary" value={query} onChange={setQuery} />
          <SelectField
            id="blog-category"
            label="Category"
            value={category}
            options={[{ value: ALL_CATEGORIES, label: 'All' }, ...valueOptions(BLOG_CATEGORIES)]}
            onChange={(e) => setCategory(e.target.value)}
          />
          <div className="blog-filter-actions">
            <button type="button" className="btn btn-outline" onClick={reset}>
              Reset
            </button>
          </div>
        </SearchForm>

        <h2 id="blog-results-heading" className="visually-hidden">
          Articles
        </h2>
        <p className="blog-summary" aria-live="polite">
          Showing {results.length} of {articles.length} articles
          {category !== ALL_CATEGORIES ? ` in ${category}` : ''}
          {query.trim() ? ` matching "${query.trim()}"` : ''}
        </p>

        {results.length === 0 ? (
          <div className="empty-state">
            <h3>No articles found</h3>
            <p>Try adjusting your search terms or filter options</p>
            {filtered ? (
              <button type="button" className="btn btn-primary" onClick={reset}>
                Reset filters
              </button>
            ) : null}
          </div>
        ) : (
          <ul className="blog-grid">
            {results.map((a, i) => (
              <li key={a.id} className={i === 0 ? 'featured' : undefined}>
                <article className="blog-card">
                  <ArticleCover category={a.category} large={i === 0} />
                  <div className="blog-card-body">
                    {i === 0 ? <p className="featured-label">Featured article</p> : null}
                    <p className="blog-card-meta">
                      <span className="tag">{a.category}</span> <span>{a.date}</span> · <span>{a.readTime}</span>
                    </p>
                    <h3>
                      <Link to={`/blogs/${a.id}`}>{a.title}</Link>
                    </h3>
                    <p>{a.summary}</p>
                    <ul className="tag-list" aria-label="Tags">
                      {cardTags(a).map((t) => (
                        <li key={t} className="tag">
                          {t}
                        </li>
                      ))}
                    </ul>
                    <p className="blog-card-author">By {a.author}</p>
                    <Link to={`/blogs/${a.id}`} className="blog-read-more">
                      Read article<span className="visually-hidden">: {a.title}</span>
                    </Link>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <CtaBanner
        title="Get new insights in your inbox"
        text="Want our latest market updates and salary insights? Get in touch and we'll add you to our subscriber list."
        links={[{ to: '/contact', label: 'Subscribe for updates' }]}
      />
    </>
  )
}
