// The home page's JavaScript against its budget (100 kB gzip), from the production build's
// manifest: the entry in index.html, the public app and the home page, each with every chunk
// it imports statically, which is what the HTML and the server's first paint
// (api/src/first_paint.rs) make the browser load for `/`. Run after `vite build`:
//   node scripts/home-js-budget.mjs [dist]
// A chunk loads whole when any one of its modules is needed, so one module in the wrong chunk
// group (vite.config.ts) can add tens of kB; this fails the build when that happens.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const BUDGET_KIB = 100
const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'))
const roots = ['index.html', 'src/app/public/PublicApp.tsx', 'src/features/home/HomePage.tsx']
const seen = new Set()
const visit = (key) => {
  if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`)
  if (seen.has(key)) return
  seen.add(key)
  for (const imported of manifest[key].imports ?? []) visit(imported)
}
roots.forEach(visit)

let total = 0
for (const key of seen) {
  const file = manifest[key].file
  const gzip = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
  total += gzip
  console.log(`${(gzip / 1024).toFixed(1).padStart(6)} KiB  ${file}`)
}
const kib = total / 1024
console.log(`home page JS: ${kib.toFixed(1)} KiB gzip in ${seen.size} files (budget ${BUDGET_KIB} KiB)`)
if (kib > BUDGET_KIB) {
  console.error('over budget: see the chunk groups in vite.config.ts (HOME_MODULES)')
  process.exit(1)
}
