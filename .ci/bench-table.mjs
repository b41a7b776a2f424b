// Prints the one table of `.ci/bench`: every headline figure its parts
// appended to the summary file (one JSON object per line), by target.
//   node .ci/bench-table.mjs SUMMARY_FILE
import { readFileSync } from 'node:fs'

const TARGETS = {
  1: 'appends (group commit)',
  2: 'rebuild --all',
  3: 'public pages',
  4: 'sockets',
  5: 'queries',
  6: 'read your writes',
}
const file = process.argv[2]
const rows = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line))
  .sort((a, b) => a.target - b.target)
const cell = (v) => String(v ?? '').replaceAll('|', '\\|')
console.log('| # | target | figure | this run | baseline (same run) | vs baseline | goal | met |')
console.log('|---|---|---|---:|---|---:|---|---|')
for (const r of rows) {
  const met = r.met ? 'yes' : `**no**${r.note ? `: ${r.note}` : ''}`
  console.log(`| ${r.target} | ${TARGETS[r.target] ?? ''} | ${cell(r.figure)} | ${cell(r.value)} | ${cell(r.baseline)} | ${cell(r.ratio)} | ${cell(r.goal)} | ${cell(met)} |`)
}
const missing = Object.keys(TARGETS).filter((t) => !rows.some((r) => String(r.target) === t))
if (missing.length) console.log(`\nNo figure from target(s) ${missing.join(', ')} in this run.`)
