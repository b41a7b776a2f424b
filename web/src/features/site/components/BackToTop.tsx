/** Scrolls the window smoothly back to the top (SPEC 2.3 footer). */
export function BackToTop() {
  return (
    <button type="button" className="back-to-top" onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
      <span aria-hidden="true">↑</span> Back to top
    </button>
  )
}
