/** /blogs/{id}: one article, or 'Article Not Found' for an unknown id (SPEC 2.4, 8). */
import { Link, useParams } from 'react-router'
import { MissingPage, useDocumentTitle } from '../../site'
import { findArticle, modifiedDate, publishedDate, type Article } from '../model/articles'
import { ArticleCover } from './ArticleCover'
import '../blog.css'

export default function BlogArticlePage() {
  const { id } = useParams()
  const article = findArticle(id)
  return article ? <ArticleView article={article} /> : <ArticleNotFound />
}

function ArticleNotFound() {
  return (
    <MissingPage
      title="Article Not Found"
      text="The article you're looking for doesn't exist or has been moved."
      back={{ to: '/blogs', label: 'Back to all articles' }}
      noindex
    />
  )
}

function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url)
  const t = encodeURIComponent(title)
  return [
    { name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { name: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { name: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ]
}

function ArticleView({ article }: { article: Article }) {
  useDocumentTitle(article.title)
  const url = window.location.origin + window.location.pathname
  return (
    <article className="blog-article">
      <header className="page-hero">
        <div className="container">
          <p className="eyebrow">{article.category}</p>
          <h1>{article.title}</h1>
          <p className="lead">{article.summary}</p>
          <p className="article-byline">
            By {article.author} · <time dateTime={publishedDate(article)}>{article.date}</time> · {article.readTime}
            <span className="visually-hidden">
              {' '}
              (last updated <time dateTime={modifiedDate(article)}>{modifiedDate(article)}</time>)
            </span>
          </p>
        </div>
      </header>
      <div className="container article-body">
        <ArticleCover category={article.category} large />
        <p className="article-intro">{article.content.intro}</p>

        <section aria-labelledby="insights-heading">
          <h2 id="insights-heading">Key insights</h2>
          <ul className="check-list">
            {article.content.keyPoints.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="impact-heading">
          <h2 id="impact-heading">Industry impact</h2>
          <p>{article.content.impact}</p>
        </section>

        <section aria-labelledby="conclusion-heading">
          <h2 id="conclusion-heading">Conclusion</h2>
          <p>{article.content.conclusion}</p>
        </section>

        <section aria-labelledby="tags-heading">
          <h2 id="tags-heading">Related tags</h2>
          <ul className="tag-list">
            {article.tags.map((t) => (
              <li key={t} className="tag">
                {t}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="share-heading" className="article-share">
          <h2 id="share-heading">Share this article</h2>
          <ul className="share-links">
            {shareLinks(url, article.title).map((s) => (
              <li key={s.name}>
                <a href={s.href} target="_blank" rel="noopener noreferrer" className="btn btn-outline btn-sm">
                  Share on {s.name}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="article-cta-heading" className="article-cta card">
          <h2 id="article-cta-heading">Take the next step</h2>
          <p>Looking for your next role, or need help building your team? We're here to help.</p>
          <div className="btn-row">
            <Link to="/jobs/find" className="btn btn-primary">
              Browse Jobs
            </Link>
            <Link to="/contact" className="btn btn-outline">
              Contact Us
            </Link>
          </div>
        </section>
        <p>
          <Link to="/blogs" className="back-link">
            ← Back to all articles
          </Link>
        </p>
      </div>
    </article>
  )
}
