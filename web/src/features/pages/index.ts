/** The marketing pages (SPEC 2.4) offer nothing to other features; app/ routes to each components/*Page module. */
export {}
