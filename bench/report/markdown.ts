// latest.md: the scenarios as a Markdown table, the 1M twin's table, and the summary.
import type { Measure } from '../load.js'
import type { Result, ScaleResult } from '../result.js'
import type { ReplicaRun } from '../runs/replica.js'
import type { Summary } from './document.js'

const HEAD = [
  'scenario',
  'ours req/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'cpu ms/req',
  'db ceiling req/s',
  'http ceiling req/s',
  'vs ceiling',
  'floor req/s (÷ ceiling)',
  'vs floor',
  'PostGraphile req/s (p99)',
  'vs PG',
  'OFFSET req/s (p99)',
  'vs OFFSET',
  'PGlite 1M req/s (p99)',
  'PGlite ÷ PostgreSQL',
]

/** A median round's ratio with the range of all rounds: `0.82 (0.78–0.86)`. */
function rounds(median: number | undefined, all: number[] | undefined): string {
  if (median === undefined) return ''
  if (!all || all.length < 2) return String(median)
  return `${median} (${Math.min(...all)}–${Math.max(...all)})`
}

function fmt(m: Measure | undefined): string {
  return m ? `${m.rps} (${m.p99_ms})` : ''
}

function row(r: Result): string {
  const errors =
    r.errors +
    (r.pglite?.errors ?? 0) +
    (r.pglite_postgres?.errors ?? 0) +
    (r.floor?.errors ?? 0) +
    (r.postgraphile?.errors ?? 0) +
    (r.offset?.errors ?? 0)
  const cells = [
    r.name,
    r.rps,
    r.p50_ms,
    r.p99_ms,
    errors,
    r.cpu_ms_per_req,
    r.db_ceiling?.rps ?? '',
    r.http_ceiling?.rps ?? '',
    rounds(r.reports_vs_ceiling, r.vs_ceiling_rounds),
    r.floor ? `${r.floor.rps} (${rounds(r.floor_vs_ceiling, r.floor_vs_ceiling_rounds)})` : '',
    rounds(r.vs_floor, r.vs_floor_rounds),
    fmt(r.postgraphile),
    r.vs_postgraphile ?? '',
    fmt(r.offset),
    r.vs_offset ?? '',
    fmt(r.pglite),
    rounds(r.pglite_vs_postgres, r.pglite_vs_postgres_rounds),
  ]
  return `| ${cells.join(' | ')} |`
}

export function table(results: Result[]): string {
  return [`| ${HEAD.join(' | ')} |`, `|${HEAD.map(() => '---').join('|')}|`, ...results.map(row)].join('\n')
}

function scaleTable(scale: ScaleResult[]): string {
  const lines = scale.map(
    (r) =>
      `| ${r.name} | ${r.p99_ms_full} | ${r.p99_ms_small} | ${r.p99_full_vs_small} | ${r.rps_full} | ${r.rps_small} |`,
  )
  return (
    '\n\nThe same reports pages at 1M rows, measured back to back with the full size:\n\n' +
    '| scenario | p99 ms full | p99 ms 1M | full ÷ 1M | req/s full | req/s 1M |\n|---|---|---|---|---|---|\n' +
    lines.join('\n')
  )
}

function replicaTable(replica: ReplicaRun): string {
  const lines = replica.results.map(
    (r) =>
      `| ${r.name} | ${r.replica.rps} | ${r.primary.rps} | ${r.rps_replica_vs_primary} | ${r.replica.p99_ms} | ` +
      `${r.primary.p99_ms} | ${r.p99_replica_vs_primary} |`,
  )
  return (
    `\n\nThe reports pages from a streaming replica and from the primary, back to back (pg_basebackup of ` +
    `${(replica.cluster_bytes / 1e9).toFixed(2)} GB: ${replica.basebackup_s} s; reads while measured: ` +
    `${JSON.stringify(replica.reads)}):\n\n` +
    '| scenario | req/s replica | req/s primary | replica ÷ primary | p99 ms replica | p99 ms primary | ' +
    'replica ÷ primary |\n|---|---|---|---|---|---|---|\n' +
    lines.join('\n')
  )
}

export function markdown(
  results: Result[],
  scale: ScaleResult[] | null,
  replica: ReplicaRun | null,
  summary: Summary,
): string {
  const items = Object.entries(summary).map(
    ([k, v]) => `- ${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : v}`,
  )
  const extra = `${scale ? scaleTable(scale) : ''}${replica ? replicaTable(replica) : ''}`
  return `${table(results)}${extra}\n\n${items.join('\n')}\n`
}
