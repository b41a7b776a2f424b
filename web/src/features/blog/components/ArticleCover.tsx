/** The placeholder article image: a decorative gradient panel labelled with the category. */
export function ArticleCover({ category, large = false }: { category: string; large?: boolean }) {
  const initials = category
    .split(/[\s&]+/)
    .filter(Boolean)
    .map((w) => w[0])
    .join('')
    .slice(0, 3)
  return (
    <div className={`article-cover${large ? ' large' : ''}`} aria-hidden="true">
      <span>{initials}</span>
    </div>
  )
}
