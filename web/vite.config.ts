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
  build: { sourcemap: false, target: 'es2022' },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // A test may wait on lazy chunks and a real one-second session clock; on a
    // loaded 2-core CI machine that outlasts vitest's 5 s default (seen in CI).
    testTimeout: 20_000,
  },
})
