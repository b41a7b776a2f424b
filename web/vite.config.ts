/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

/** Preloads the one web-font file every page paints with (styles/fonts.css), so the text is
 *  drawn in Inter at first paint instead of swapping a moment later. */
function preloadWebFont(): Plugin {
  return {
    name: 'preload-web-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const font = Object.keys(ctx.bundle ?? {}).find((f) => /inter-subset-wght-.*\.woff2$/.test(f))
        if (!font) return []
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}

/**
 * Fewer, larger chunks for the public pages. Left alone, the bundler cuts the code the pages share
 * into ~20 files of a few hundred bytes to a few kB; on HTTP/1.1 (6 connections) each costs a round
 * trip, which Lighthouse's mobile profile (150 ms RTT) charged ~300 ms of first paint on /jobs/find.
 * Nothing here may be part of what the home page loads (its 100 kB budget): the home page uses
 * neither react-query nor the job board's UI.
 */
// The nav reads the session and signs out (lib/session, lib/api's fetch wrapper), the account menu
// greets by first name (lib/format), the company's copy lists the specialisations (lib/specialisations).
// Left in `pages`/`query`, any one of them made the home page load both chunks whole (~28 kB gzip).
const HOME_MODULES =
  /src[\\/](api[\\/]index|hooks[\\/](useMediaQuery|useDocumentTitle)|features[\\/]jobs[\\/]types|lib[\\/](initial-data|host|brand|session|api|format|specialisations)|features[\\/]auth[\\/]logout|components[\\/]ui[\\/](toast|ErrorBoundary|HeaderSlot))\.tsx?$/
const CHUNK_GROUPS = [
  // the public site's frame (nav, footer) and the small modules the home page needs
  { name: 'site', test: (id: string) => /src[\\/]features[\\/]site[\\/]/.test(id) || HOME_MODULES.test(id) },
  // react-query and the job board's queries (the fetch wrapper, lib/api, rides in `site`: the nav's sign-out uses it)
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]|src[\\/]features[\\/]jobs[\\/]api[\\/]/ },
  // the building blocks the public and candidate pages share
  {
    name: 'pages',
    test: (id: string) =>
      /node_modules[\\/]lucide-react[\\/]/.test(id) ||
      (/src[\\/](components[\\/]ui|hooks|lib|features[\\/]jobs[\\/](model|components))[\\/]/.test(id) &&
        !HOME_MODULES.test(id) &&
        !/JobBoardPage|JobDetailPage/.test(id) &&
        // the socket's provider brings the socket.io client: it loads with the workspaces that mount it
        !/lib[\\/]realtime[\\/]RealtimeProvider/.test(id)),
  },
]

// The Rust server serves dist/ in every environment; `npm run dev` proxies the
// API and socket.io to it so the browser talks to one origin either way.
const backend = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080'

export default defineConfig({
  plugins: [react(), preloadWebFont()],
  server: {
    proxy: {
      '/api': backend,
      '/socket.io': { target: backend, ws: true },
      '/sitemap.xml': backend,
      '/robots.txt': backend,
    },
  },
  build: {
    sourcemap: false,
    target: 'es2022',
    // the server reads .vite/manifest.json to modulepreload each page's chunks (api/src/first_paint.rs)
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS, includeDependenciesRecursively: false } } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // A test may wait on lazy chunks and a real one-second session clock; on a
    // loaded 2-core CI machine that outlasts vitest's 5 s default (seen in CI).
    testTimeout: 20_000,
  },
})
