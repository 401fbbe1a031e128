// What a run writes: bench/results/latest.json (every figure, every round's ratio), latest.md (the
// targets and the tables) and the block of docs/performance.md between its two markers, which is
// latest.md as it is. `npm run bench:doc` writes that block again from the committed latest.md.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Result } from './measure.js'
import { ROOT } from './process.js'

export const LATEST_JSON = 'bench/results/latest.json'
export const LATEST_MD = 'bench/results/latest.md'
export const DOC = 'docs/performance.md'
const START = '<!-- results: written by npm run bench from bench/results/latest.md; do not edit -->'
const END = '<!-- end of results -->'

export interface RunFacts {
  settings: { quick: boolean; only: string | null; connections: number; seconds: number; rounds: number; pool: number }
  node_options: string
  dataset: { report_rows: number; largest_creator_rows: number; typical_creator_rows: number; generation_s: number }
  pglite: { rows: number; generationS: number; peakRssMb: number } | null
  results: Result[]
  skipped: { name: string; reason: string }[]
  peakRssMb: number
  startedAt: number
}

export function commit(): string | null {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=7'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim()
  } catch {
    return null
  }
}

/** What `npm run bench:ingest` writes (bench/ingest.ts), as far as it is copied here. */
interface IngestDoc {
  generated_at: string
  commit: string | null
  generated_rows: number
  ingest: { s: number }
  floor: { upsert_vs_floor: number }
  flatness: { ratio: number; base_rows: number; empty_s: number; based_s: number; based?: unknown } | null
}

function readIngest(name: string) {
  const file = `bench/results/${name}.json`
  try {
    const d = existsSync(join(ROOT, file)) ? (JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as IngestDoc) : null
    return (
      d && { d, from: { source: file, measured_at: d.generated_at, commit: d.commit, ingested_rows: d.generated_rows } }
    )
  } catch {
    return null
  }
}

/** The last `npm run bench:ingest` (too long to repeat in every run): its figures, date and commit. */
function ingest() {
  const last = readIngest('ingest')
  const flat = readIngest('ingest-flatness')
  return {
    ingest: last && { ...last.from, s: last.d.ingest.s, upsert_vs_floor: last.d.floor.upsert_vs_floor },
    ingest_flatness: flat?.d.flatness ? { ...flat.from, ...flat.d.flatness, based: undefined } : null,
  }
}

type Key = 'vs_ceiling' | 'p99_vs_first_page' | 'vs_postgraphile' | 'pglite_vs_postgres'

/** The page with the lowest (or highest) `key` among those that have it. */
function extreme(results: Result[], key: Key, keep: (r: Result) => boolean = () => true, highest = false) {
  const with_ = results.filter((r) => keep(r) && r[key] !== undefined)
  const pick = with_.sort((a, b) => (highest ? b[key]! - a[key]! : a[key]! - b[key]!))[0]
  return pick ? { value: pick[key]!, page: pick.name } : null
}

export function summarize(f: RunFacts) {
  const rs = f.results
  const find = (n: string) => rs.find((r) => r.name === n)
  return {
    min_vs_ceiling_limit_100: extreme(rs, 'vs_ceiling', (r) => r.limit === 100),
    min_vs_ceiling_limit_500: extreme(rs, 'vs_ceiling', (r) => r.limit === 500),
    depth_p99_ratio: find('reports largest after 100k')?.p99_vs_first_page ?? null,
    max_p99_vs_first_page: extreme(rs, 'p99_vs_first_page', undefined, true),
    vs_offset_at_depth: find('reports largest after 100k')?.vs_offset ?? null,
    min_vs_postgraphile: extreme(rs, 'vs_postgraphile'),
    min_pglite_vs_postgres: extreme(rs, 'pglite_vs_postgres'),
    peak_rss_mb: f.peakRssMb,
    pglite_peak_rss_mb: f.pglite?.peakRssMb ?? null,
    errors_total: rs.reduce((n, r) => n + r.errors, 0),
    ...ingest(),
  }
}

export type Summary = ReturnType<typeof summarize>

/** The targets of the bench, each with its figure: what a change must keep. */
function targets(s: Summary): string[][] {
  const at = (x: { value: number; page: string } | null) => (x ? `${x.value} (${x.page})` : 'not measured')
  const row = (what: string, x: { value: number; page: string } | null, ok: (v: number) => boolean) => [
    what,
    at(x),
    x ? (ok(x.value) ? 'met' : '**not met**') : '',
  ]
  const rss = { value: s.peak_rss_mb, page: 'our server' }
  const errors = { value: s.errors_total, page: 'every measurement' }
  return [
    row('ours ÷ combined ceiling, pages at limit 100: ≥ 0.8', s.min_vs_ceiling_limit_100, (v) => v >= 0.8),
    row('ours ÷ combined ceiling, pages at limit 500: ≥ 0.7', s.min_vs_ceiling_limit_500, (v) => v >= 0.7),
    row("a deep page's p99 ÷ its first page's: ≤ 1.2", s.max_p99_vs_first_page, (v) => v <= 1.2),
    row('ours ÷ PostGraphile, reports pages: ≥ 3', s.min_vs_postgraphile, (v) => v >= 3),
    row('PGlite ÷ PostgreSQL, every page: ≥ 0.3', s.min_pglite_vs_postgres, (v) => v >= 0.3),
    row('peak RSS, MB: ≤ 200', rss, (v) => v <= 200),
    row('errors: 0', errors, (v) => v === 0),
  ]
}

const table = (head: string[], rows: (string | number)[][]) =>
  [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')

/** A median round's ratio with the range of all rounds: `0.82 (0.78–0.86)`. */
function rounds(median: number | undefined, all: number[] | undefined): string {
  if (median === undefined) return ''
  return all && all.length > 1 ? `${median} (${Math.min(...all)}–${Math.max(...all)})` : String(median)
}
const withP99 = (m: { rps: number; p99_ms: number } | undefined) => (m ? `${m.rps} (${m.p99_ms})` : '')

export function markdown(doc: ReturnType<typeof document>): string {
  const { settings: st, dataset: d, summary: s } = doc
  const n = (x: number | null | undefined) => (x ?? 0).toLocaleString('en-US')
  const flags = [...(st.quick ? ['--quick'] : []), ...(st.only ? [`--only "${st.only}"`] : [])]
  const run =
    `Run of ${doc.generated_at.slice(0, 10)} at ${doc.commit ?? 'an unknown commit'}` +
    `${flags.length ? ` (${flags.join(' ')})` : ''}: ${n(d.report_rows)} report rows ` +
    `(largest creator ${n(d.largest_creator_rows)}, typical ${n(d.typical_creator_rows)}), ` +
    `PGlite ${d.pglite_rows === null ? 'not run' : n(d.pglite_rows)}; ` +
    `${st.connections} connections, ${st.rounds} round${st.rounds > 1 ? 's' : ''} of ${st.seconds} s per ratio, ` +
    `pool ${st.pool}; ` +
    `Node ${doc.node}; our server with NODE_OPTIONS="${doc.node_options}"; ${doc.total_s} s in all.`
  const pages = table(
    ['page', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'CPU ms/req', 'db ceiling', 'HTTP ceiling', '÷ ceiling'].concat([
      'floor',
      'floor ÷ ceiling',
      '÷ floor',
      'PGlite req/s',
      'PGlite ÷ PostgreSQL',
    ]),
    doc.scenarios.map((r) => [
      r.name,
      r.rps,
      r.p50_ms,
      r.p99_ms,
      r.errors,
      r.cpu_ms_per_req,
      r.db_ceiling?.rps ?? '',
      r.http_ceiling?.rps ?? '',
      rounds(r.vs_ceiling, r.vs_ceiling_rounds),
      r.floor?.rps ?? '',
      rounds(r.floor_vs_ceiling, r.floor_vs_ceiling_rounds),
      rounds(r.vs_floor, r.vs_floor_rounds),
      r.pglite?.rps ?? '',
      rounds(r.pglite_vs_postgres, r.pglite_vs_postgres_rounds),
    ]),
  )
  const withPeers = doc.scenarios.filter((r) => r.postgraphile || r.offset)
  const peers = table(
    ['reports page', 'req/s (p99 ms)', 'PostGraphile', '÷ PostGraphile', 'LIMIT/OFFSET', '÷ OFFSET'],
    withPeers.map((r) => [
      r.name,
      withP99(r),
      withP99(r.postgraphile),
      r.vs_postgraphile ?? '',
      withP99(r.offset),
      r.vs_offset ?? '',
    ]),
  )
  const ing = s.ingest
  const flat = s.ingest_flatness
  const lines = [
    run,
    table(['target', 'measured (page)', ''], targets(s)),
    pages,
    ...(withPeers.length ? [peers] : []),
    ing
      ? `Ingest (\`npm run bench:ingest\`, ${ing.measured_at.slice(0, 10)} at ${ing.commit}): ` +
        `${n(ing.ingested_rows)} Amazon rows in ${ing.s} s, the upsert at ${ing.upsert_vs_floor} of the rate ` +
        'of a COPY into the indexed table.' +
        (flat
          ? ` Into a table of ${n(flat.base_rows)} rows (${flat.measured_at.slice(0, 10)} at ${flat.commit}): ` +
            `${flat.based_s} s against ${flat.empty_s} s into an empty one, ${flat.ratio}× (target ≤ 1.2).`
          : '')
      : 'Ingest: not measured yet (`npm run bench:ingest`).',
    ...[...new Set(doc.skipped.map((x) => x.reason))].map(
      (why) =>
        `Skipped, ${why}: ${doc.skipped
          .filter((x) => x.reason === why)
          .map((x) => x.name)
          .join(', ')}.`,
    ),
  ]
  return lines.join('\n\n') + '\n'
}

export function document(f: RunFacts) {
  const summary = summarize(f)
  return {
    generated_at: new Date().toISOString(),
    commit: commit(),
    node: process.version,
    node_options: f.node_options,
    settings: f.settings,
    dataset: { ...f.dataset, pglite_rows: f.pglite?.rows ?? null, pglite_generation_s: f.pglite?.generationS ?? null },
    summary,
    skipped: f.skipped,
    scenarios: f.results,
    total_s: Math.round((Date.now() - f.startedAt) / 1000),
  }
}

/** JSON with one line per scenario: small, and a diff shows which page moved. */
function json(doc: ReturnType<typeof document>): string {
  const { scenarios, ...rest } = doc
  const lines = scenarios.map((r) => `    ${JSON.stringify(r)}`).join(',\n')
  return `${JSON.stringify(rest, null, 2).slice(0, -2)},\n  "scenarios": [\n${lines}\n  ]\n}\n`
}

/** `doc` with its results block holding `md`. */
export function withResults(doc: string, md: string): string {
  const a = doc.indexOf(START)
  const b = doc.indexOf(END)
  if (a < 0 || b < a) throw new Error(`${DOC} has no results block (${START} … ${END})`)
  return `${doc.slice(0, a)}${START}\n\n${md.trim()}\n\n${doc.slice(b)}`
}

export function writeDoc(): void {
  const path = join(ROOT, DOC)
  writeFileSync(path, withResults(readFileSync(path, 'utf8'), readFileSync(join(ROOT, LATEST_MD), 'utf8')))
}

/** Writes latest.json, latest.md and the doc's block; returns the summary and the Markdown. */
export function writeReports(f: RunFacts) {
  const doc = document(f)
  const md = markdown(doc)
  writeFileSync(join(ROOT, LATEST_JSON), json(doc))
  writeFileSync(join(ROOT, LATEST_MD), md)
  writeDoc()
  return { summary: doc.summary, md, totalS: doc.total_s }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeDoc()
