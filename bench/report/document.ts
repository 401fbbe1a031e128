// latest.json: the settings, the dataset, the summary against the targets, and every scenario.
import type { BenchIds } from '../dataset.js'
import type { Measure } from '../load.js'
import { ratio, type Result, type ScaleResult } from '../result.js'
import { FEED_DEPTH_PAIRS } from '../scenarios/changes.js'

export interface RunFacts {
  quick: boolean
  settings: { connections: number; seconds: number; pool: number; workers: number }
  ids: BenchIds
  generationS: number
  results: Result[]
  /** Scenarios this dataset cannot hold (the whale's below 2.2M rows), with the reason. */
  skipped: { name: string; reason: string }[]
  peakRssMb: number
  scale: { results: ScaleResult[]; generationS: number } | null
  pglite: { peakRssMb: number; generationS: number; rows: number } | null
  startedAt: number
}

const errorsOf = (r: Result) =>
  r.errors +
  (r.postgraphile?.errors ?? 0) +
  (r.offset?.errors ?? 0) +
  (r.pglite?.errors ?? 0) +
  (r.db_ceiling?.errors ?? 0) +
  (r.http_ceiling?.errors ?? 0)

/** Per limit, the feed's p99 after 100k and 1M changes ÷ the same creator's first page (target ≤ 1.2). */
function changesDepth(results: Result[]) {
  const out: Record<string, Record<string, number | null>> = {}
  for (const pair of FEED_DEPTH_PAIRS) {
    const deep = results.find((r) => r.name === pair.deep)
    const first = results.find((r) => r.name === pair.first)
    ;(out[`limit_${pair.limit}`] ??= {})[pair.key] = deep && first ? ratio(deep.p99_ms, first.p99_ms) : null
  }
  return out
}

export function summarize(f: RunFacts) {
  const { results, scale } = f
  const find = (n: string) => results.find((r) => r.name === n)
  const first = find('reports largest limit 100')
  const deep = find('reports largest after 100k')
  const vsCeiling = (keep: (r: Result) => boolean) =>
    Math.min(...results.filter((r) => keep(r) && r.reports_vs_ceiling !== undefined).map((r) => r.reports_vs_ceiling!))
  return {
    depth_p99_ratio: first && deep ? ratio(deep.p99_ms, first.p99_ms) : null,
    vs_offset_at_depth: deep?.vs_offset ?? null,
    vs_offset_at_10k: find('reports largest after 10k')?.vs_offset ?? null,
    min_reports_vs_ceiling_limit_100: vsCeiling((r) => r.name.startsWith('reports') && !r.name.includes('limit 500')),
    min_reports_vs_ceiling_limit_500: vsCeiling((r) => r.name.startsWith('reports') && r.name.includes('limit 500')),
    min_changes_vs_ceiling_limit_100: vsCeiling((r) => r.name.startsWith('changes') && r.name.endsWith('limit 100')),
    min_changes_vs_ceiling_limit_500: vsCeiling((r) => r.name.startsWith('changes') && r.name.endsWith('limit 500')),
    changes_depth_p99_ratio: changesDepth(results),
    min_payout_lines_vs_ceiling: vsCeiling((r) => r.name.startsWith('payout lines')),
    min_vs_postgraphile: Math.min(
      ...results.filter((r) => r.vs_postgraphile !== undefined).map((r) => r.vs_postgraphile!),
    ),
    p99_full_vs_1m: scale ? Object.fromEntries(scale.results.map((r) => [r.name, r.p99_full_vs_small])) : null,
    max_p99_full_vs_1m: scale ? Math.max(...scale.results.map((r) => r.p99_full_vs_small)) : null,
    peak_rss_mb: f.peakRssMb,
    pglite_peak_rss_mb: f.pglite?.peakRssMb ?? null,
    errors_total:
      results.reduce((n, r) => n + errorsOf(r), 0) + (scale?.results.reduce((n, r) => n + r.errors, 0) ?? 0),
  }
}

export type Summary = ReturnType<typeof summarize>

const strip = (m: Measure | undefined) => {
  if (!m) return m
  const { requests: _r, ...rest } = m
  return rest
}

export function document(f: RunFacts, summary: Summary) {
  const { ids, scale, pglite } = f
  return {
    generated_at: new Date().toISOString(),
    quick: f.quick,
    settings: { ...f.settings, node: process.version },
    dataset: {
      report_rows: ids.rowCounts.total,
      largest_creator_rows: ids.rowCounts.big,
      typical_creator_rows: ids.rowCounts.typical,
      generation_s: f.generationS,
      scale_generation_s: scale?.generationS ?? null,
      pglite_rows: pglite?.rows ?? null,
      pglite_generation_s: pglite?.generationS ?? null,
    },
    summary,
    scale: scale?.results ?? null,
    skipped: f.skipped,
    scenarios: f.results.map((r) => ({
      ...r,
      db_ceiling: strip(r.db_ceiling),
      http_ceiling: strip(r.http_ceiling),
      postgraphile: strip(r.postgraphile),
      offset: strip(r.offset),
      pglite: strip(r.pglite),
    })),
    total_s: Math.round((Date.now() - f.startedAt) / 1000),
  }
}
