/**
 * The people screens (employers, candidates and their records, the contact inbox, erasure and
 * export of personal data). Nothing outside uses them but the app's routes, which import each
 * screen itself (one chunk each).
 */
export {}
