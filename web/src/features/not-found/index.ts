/** Public face of the 404 screen (SPEC 2.4): a page that other pages also render, e.g. for an unknown service slug. */
export { default as NotFoundPage } from './NotFoundPage'
