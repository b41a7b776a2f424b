/**
 * The operations screens (jobs and applications across clients, projections, analytics, the mail
 * outbox, reference data). Nothing outside uses them but the app's routes, which import each
 * screen itself (one chunk each).
 */
export {}
