// latest.json: the settings, the dataset, the summary against the targets, and every scenario.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BenchIds } from '../dataset.js'
import type { Measure } from '../load.js'
import { ROOT, type Sessions } from '../process.js'
import { ratio, type Result, type ScaleResult } from '../result.js'
import type { ReplicaRun } from '../runs/replica.js'
import { FEED_DEPTH_PAIRS } from '../scenarios/changes.js'

export interface RunFacts {
  quick: boolean
  settings: {
    connections: number
    seconds: number
    rounds: number
    pool: number
    workers: number
    autogroup: string
    /** 'own': each server in a session of its own; 'shared': in the bench's (bench/process.ts) */
    server_sessions: Sessions
  }
  ids: BenchIds
  generationS: number
  results: Result[]
  /** Scenarios this dataset cannot hold (the whale's below 2,201,000 rows), with the reason. */
  skipped: { name: string; reason: string }[]
  peakRssMb: number
  scale: { results: ScaleResult[]; generationS: number } | null
  replica: ReplicaRun | null
  ingest: IngestFlatness
  pglite: { peakRssMb: number; generationS: number; rows: number } | null
  startedAt: number
}

export const INGEST_FLATNESS_FILE = 'bench/results/ingest-flatness.json'

/**
 * The ingest's flatness (issue 12): measured by `npm run bench:ingest` with
 * BENCH_INGEST_BASE_ROWS (a 10M-row fill takes ~14 min, too long for every bench run), which
 * writes INGEST_FLATNESS_FILE; copied here with when, at which commit and at which sizes it was
 * measured, or the reason it is missing.
 */
export type IngestFlatness =
  | {
      source: string
      measured_at: string
      commit: string | null
      ingested_rows: number
      base_rows: number
      /** The ingest's time into the table holding base_rows ÷ into the empty one (target ≤ 1.2). */
      ratio: number
      empty_s: number
      based_s: number
      /** The upsert's rate ÷ the indexed-COPY floor's, empty and based (target ≥ 0.8). */
      upsert_vs_floor_empty: number
      upsert_vs_floor_based: number
    }
  | { source: string; missing: string }

export function readIngestFlatness(): IngestFlatness {
  const path = join(ROOT, INGEST_FLATNESS_FILE)
  const source = INGEST_FLATNESS_FILE
  if (!existsSync(path)) {
    return { source, missing: 'not measured yet: BENCH_INGEST_BASE_ROWS=10000000 npm run bench:ingest writes it' }
  }
  try {
    const d = JSON.parse(readFileSync(path, 'utf8'))
    const f = d.flatness
    return {
      source,
      measured_at: d.generated_at,
      commit: d.commit ?? null,
      ingested_rows: d.generated_rows,
      base_rows: f.base_rows,
      ratio: f.ratio,
      empty_s: f.empty_s,
      based_s: f.based_s,
      upsert_vs_floor_empty: f.upsert_vs_floor_empty,
      upsert_vs_floor_based: f.upsert_vs_floor_based,
    }
  } catch (err) {
    return { source, missing: `unreadable: ${(err as Error).message}` }
  }
}

const errorsOf = (r: Result) =>
  r.errors +
  (r.postgraphile?.errors ?? 0) +
  (r.offset?.errors ?? 0) +
  (r.pglite?.errors ?? 0) +
  (r.pglite_postgres?.errors ?? 0) +
  (r.floor?.errors ?? 0) +
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
  const { results, scale, replica } = f
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
    replica_rps_vs_primary: replica
      ? Object.fromEntries(replica.results.map((r) => [r.name, r.rps_replica_vs_primary]))
      : null,
    min_replica_rps_vs_primary: replica ? Math.min(...replica.results.map((r) => r.rps_replica_vs_primary)) : null,
    max_replica_p99_vs_primary: replica ? Math.max(...replica.results.map((r) => r.p99_replica_vs_primary)) : null,
    replica_basebackup_s: replica?.basebackup_s ?? null,
    ingest_flatness: f.ingest,
    peak_rss_mb: f.peakRssMb,
    pglite_peak_rss_mb: f.pglite?.peakRssMb ?? null,
    // PGlite ÷ PostgreSQL, each page measured beside the other in rounds (runs/pglite.ts)
    pglite_vs_postgres: Object.fromEntries(
      results.filter((r) => r.pglite_vs_postgres !== undefined).map((r) => [r.name, r.pglite_vs_postgres!]),
    ),
    errors_total:
      results.reduce((n, r) => n + errorsOf(r), 0) +
      (scale?.results.reduce((n, r) => n + r.errors, 0) ?? 0) +
      (replica?.results.reduce((n, r) => n + r.primary.errors + r.replica.errors, 0) ?? 0),
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
    replica: f.replica,
    skipped: f.skipped,
    scenarios: f.results.map((r) => ({
      ...r,
      db_ceiling: strip(r.db_ceiling),
      http_ceiling: strip(r.http_ceiling),
      postgraphile: strip(r.postgraphile),
      offset: strip(r.offset),
      pglite: strip(r.pglite),
      pglite_postgres: strip(r.pglite_postgres),
      floor: strip(r.floor),
    })),
    total_s: Math.round((Date.now() - f.startedAt) / 1000),
  }
}
