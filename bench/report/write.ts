// Writes the run's outputs: bench/results/latest.{json,md}, and for a run of every scenario
// also bench/results/{quick,full}.json and the depth plot docs/bench-latency-vs-depth.svg.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../process.js'
import type { Result } from '../result.js'
import { document, summarize, type RunFacts } from './document.js'
import { markdown } from './markdown.js'
import { depthPlot } from './plot.js'

export const PLOT = 'docs/bench-latency-vs-depth.svg'

/** Reports pages of the largest creator at each depth (the first page is depth 0). */
function depthSeries(results: Result[]) {
  const atDepth = results.filter(
    (r) => r.name.startsWith('reports largest') && (r.name.includes('after') || r.name === 'reports largest limit 100'),
  )
  return [
    {
      label: 'csapi (keyset)',
      color: '#1f77b4',
      points: atDepth.map((r) => ({ depth: r.depth, p50_ms: r.p50_ms, p99_ms: r.p99_ms })),
    },
    {
      label: 'PostGraphile 4',
      color: '#2ca02c',
      points: atDepth.filter((r) => r.postgraphile).map((r) => ({ depth: r.depth, ...r.postgraphile! })),
    },
    {
      label: 'LIMIT/OFFSET',
      color: '#d62728',
      points: atDepth.filter((r) => r.offset).map((r) => ({ depth: r.depth, ...r.offset! })),
    },
  ]
}

/**
 * `partial`: only some scenarios ran (--only), so the per-size file and the plot, which stand
 * for a whole run, are left as they are. Returns the summary and the Markdown.
 */
export function writeReports(f: RunFacts, rows: number, partial: boolean) {
  const summary = summarize(f)
  const out = document(f, summary)
  const json = JSON.stringify(out, null, 2) + '\n'
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true })
  writeFileSync(join(ROOT, 'bench/results/latest.json'), json)
  // kept per size too, so that a quick run does not hide the last full one
  if (!partial) writeFileSync(join(ROOT, `bench/results/${rows >= 10_000_000 ? 'full' : 'quick'}.json`), json)
  const md = markdown(f.results, f.scale?.results ?? null, f.replica, summary)
  writeFileSync(join(ROOT, 'bench/results/latest.md'), md)
  const millions = (f.ids.rowCounts.total / 1e6).toFixed(1)
  const title = `Reports page latency vs depth (${millions}M rows, ${f.settings.connections} connections)`
  if (!partial) writeFileSync(join(ROOT, PLOT), depthPlot(title, depthSeries(f.results)))
  return { summary, md, totalS: out.total_s }
}
