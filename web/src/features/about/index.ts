/** The About page (SPEC 2.4) offers nothing to other features; app/ routes to ./AboutPage. */
export {}
