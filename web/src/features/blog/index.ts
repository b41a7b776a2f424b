/** The blog (SPEC 2.4) offers nothing to other features; app/ routes to components/BlogListPage and BlogArticlePage. */
export {}
