/** The contact page (SPEC 2.4) offers nothing to other features; app/ routes to components/ContactPage. */
export {}
