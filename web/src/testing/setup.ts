// Unit tests load routes lazily, as the app does. On a loaded 2-core CI
// machine a lazy chunk can take longer than testing-library's default 1 s to
// appear, so findBy*/waitFor wait up to 5 s (a passing test still returns as
// soon as its element is there).
import { configure } from '@testing-library/react'

configure({ asyncUtilTimeout: 5000 })

// jsdom has no layout, so it does not implement window.scrollTo and logs an error on each call;
// pages scroll to the top as they open (SiteLayout, StaffLayout). A test that cares stubs it.
window.scrollTo = () => {}
