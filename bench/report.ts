// What a run writes: bench/results/latest.json (every figure, every round's ratio), latest.md (the
// targets and the tables) and the block of docs/performance.md between its two markers, which is
// latest.md as it is; a run of some pages (--only) writes partial.{json,md} and nothing else.
// `npm run bench:doc` writes the doc's block again from the committed latest.md.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ratio, round } from './load.js'
import type { Result, Walk } from './measure.js'
import type { Options } from './options.js'
import { ROOT } from './process.js'
import { SUMMARY_GROUP_BYS, SUMMARY_RANGES, summaryName, type SummaryRange } from './scenarios.js'

export const LATEST_MD = 'bench/results/latest.md'
export const DOC = 'docs/performance.md'
const START = '<!-- results: written by npm run bench from bench/results/latest.md; do not edit -->'
const END = '<!-- end of results -->'

export interface RunFacts {
  settings: Pick<Options, 'quick' | 'connections' | 'seconds' | 'rounds' | 'pool'> & { only: string[] | null }
  node_options: string
  dataset: { report_rows: number; largest_creator_rows: number; typical_creator_rows: number; generation_s: number }
  pglite: { rows: number; generationS: number; peakRssMb: number } | null
  results: Result[]
  walks: Walk[]
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

/** The last `npm run bench:ingest` and the last one into a base table (too long to repeat in every run). */
function ingest() {
  const read = (name: string) => {
    const file = join(ROOT, `bench/results/${name}.json`)
    const d = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null
    const from = d && { source: `bench/results/${name}.json`, measured_at: d.generated_at as string, commit: d.commit }
    return d && { d, from: { ...from, ingested_rows: d.generated_rows as number } }
  }
  const [last, flat] = [read('ingest'), read('ingest-flatness')]
  const { based: _, ...flatness } = flat?.d.flatness ?? {}
  return {
    ingest: last && { ...last.from, s: last.d.ingest.s as number, upsert_vs_floor: last.d.floor.upsert_vs_floor },
    ingest_flatness: flat && { ...flat.from, ...flatness },
  }
}

type Figure = { value: number; page: string } | null

/** The lowest (or highest) of `figures`. */
function extreme(figures: Figure[], highest = false): Figure {
  const sorted = figures.filter((f) => f !== null).sort((a, b) => (highest ? b.value - a.value : a.value - b.value))
  return sorted[0] ?? null
}
/** `name; rounds 1.02–1.25`, when there were rounds. */
const withRounds = (name: string, all: number[] | undefined) =>
  all && all.length > 1 ? `${name}; rounds ${Math.min(...all)}–${Math.max(...all)}` : name
const each = (rs: Result[], key: keyof Result, keep: (r: Result) => boolean = () => true) =>
  rs.filter((r) => keep(r) && r[key] !== undefined).map((r) => ({ value: r[key] as number, page: r.name }))

/** The summaries' figures: p99 against a reports page, growth with the range, against a walk. */
function summaries(rs: Result[], walks: Walk[]) {
  const find = (n: string) => rs.find((r) => r.name === n)
  const [year, reports] = [find(summaryName('1 year', 'month')), find('reports largest limit 100')]
  const growth = SUMMARY_GROUP_BYS.map((g) => {
    const [day, years] = [find(summaryName('1 day', g)), find(summaryName('3 years', g))]
    return day && years ? { value: ratio(years.p99_ms, day.p99_ms), page: `group_by=${g}` } : null
  })
  // the walk adds up by month and currency, as group_by=month does; a one-page walk is no walk
  const vsWalk = walks.map((w) => {
    const month = w.summaries.find((m) => m.group_by === 'month')
    return month && w.pages > 1 ? { value: round(w.ms / month.ms, 1), page: `${w.range}, group_by=month` } : null
  })
  return {
    year: year && reports ? { value: ratio(year.p99_ms, reports.p99_ms), page: year.name } : null,
    growth,
    vsWalk,
  }
}

export function summarize(f: RunFacts) {
  const rs = f.results
  const sums = summaries(rs, f.walks)
  return {
    min_vs_ceiling_limit_100: extreme(each(rs, 'vs_ceiling', (r) => r.limit === 100)),
    min_vs_ceiling_limit_500: extreme(each(rs, 'vs_ceiling', (r) => r.limit === 500)),
    max_p99_vs_first_page: extreme(
      rs
        .filter((r) => r.p99_vs_first_page !== undefined)
        .map((r) => ({ value: r.p99_vs_first_page!, page: withRounds(r.name, r.p99_vs_first_page_rounds) })),
      true,
    ),
    vs_offset_at_depth: rs.find((r) => r.name === 'reports largest after 100k')?.vs_offset ?? null,
    min_vs_postgraphile: extreme(each(rs, 'vs_postgraphile')),
    min_pglite_vs_postgres: extreme(each(rs, 'pglite_vs_postgres')),
    summary_vs_reports_p99: sums.year,
    summary_p99_growth: extreme(sums.growth, true),
    walk_vs_summary: extreme(sums.vsWalk),
    peak_rss_mb: f.peakRssMb,
    pglite_peak_rss_mb: f.pglite?.peakRssMb ?? null,
    errors_total: rs.reduce((n, r) => n + r.errors, 0),
    ...ingest(),
  }
}

export type Summary = ReturnType<typeof summarize>

/** The targets of the bench, each with its figure: what a change must keep. */
function targets(s: Summary): string[][] {
  const row = (what: string, x: Figure, ok: (v: number) => boolean) => [
    what,
    x ? `${x.value} (${x.page})` : 'not measured',
    x ? (ok(x.value) ? 'met' : '**not met**') : '',
  ]
  return [
    row('ours ÷ combined ceiling, pages at limit 100: ≥ 0.8', s.min_vs_ceiling_limit_100, (v) => v >= 0.8),
    row('ours ÷ combined ceiling, pages at limit 500: ≥ 0.7', s.min_vs_ceiling_limit_500, (v) => v >= 0.7),
    row("a deep page's p99 ÷ its first page's: ≤ 1.2", s.max_p99_vs_first_page, (v) => v <= 1.2),
    row('ours ÷ PostGraphile, reports pages: ≥ 3', s.min_vs_postgraphile, (v) => v >= 3),
    row('PGlite ÷ PostgreSQL, every page: ≥ 0.3', s.min_pglite_vs_postgres, (v) => v >= 0.3),
    row("1-year summary's p99 ÷ reports largest limit 100's: ≤ 2", s.summary_vs_reports_p99, (v) => v <= 2),
    row("a summary's p99, 3 years ÷ 1 day: ≤ 3", s.summary_p99_growth, (v) => v <= 3),
    row('one client: walking /reports at limit 500 ÷ group_by=month: ≥ 50', s.walk_vs_summary, (v) => v >= 50),
    row('peak RSS, MB: ≤ 200', { value: s.peak_rss_mb, page: 'our server' }, (v) => v <= 200),
    row('errors: 0', { value: s.errors_total, page: 'every measurement' }, (v) => v === 0),
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

/** The largest creator's summaries by range (p50 / p99 ms), and the walks of /reports they replace. */
function summaryTable(rs: Result[], walks: Walk[]): string | null {
  const ranges = Object.keys(SUMMARY_RANGES) as SummaryRange[]
  const { growth, vsWalk } = summaries(rs, walks)
  const rows = SUMMARY_GROUP_BYS.map((g, i) => [
    `group_by=${g}`,
    ...ranges
      .map((range) => rs.find((r) => r.name === summaryName(range, g)))
      .map((r) => (r ? `${r.p50_ms} / ${r.p99_ms}` : '')),
    growth[i]?.value ?? '',
  ]).filter((row) => row.slice(1).some((c) => c !== ''))
  const walk = (f: (k: number) => string | number) =>
    ranges.map((range) => walks.findIndex((w) => w.range === range)).map((k) => (k < 0 ? '' : f(k)))
  return rows.length === 0
    ? null
    : table(
        ['summary, largest creator: p50 / p99 ms', ...ranges, 'p99 3 years ÷ 1 day'],
        [
          ...rows,
          ['one client: /reports at limit 500, ms (pages)', ...walk((k) => `${walks[k]!.ms} (${walks[k]!.pages})`), ''],
          ...SUMMARY_GROUP_BYS.map((g) => [
            `one client: group_by=${g}, every page, ms (pages)`,
            ...walk((k) => {
              const m = walks[k]!.summaries.find((x) => x.group_by === g)
              return m ? `${m.ms} (${m.pages})` : ''
            }),
            '',
          ]),
          ['walk ÷ group_by=month', ...walk((k) => vsWalk[k]?.value ?? ''), ''],
        ],
      )
}

export function markdown(doc: ReturnType<typeof document>): string {
  const { settings: st, dataset: d, summary: s } = doc
  const n = (x: number | null | undefined) => (x ?? 0).toLocaleString('en-US')
  const flags = [...(st.quick ? ['--quick'] : []), ...(st.only ?? []).map((o) => `--only "${o}"`)]
  const run =
    `Run of ${doc.generated_at.slice(0, 10)} at ${doc.commit ?? 'an unknown commit'}` +
    `${flags.length ? ` (${flags.join(' ')})` : ''}: ${n(d.report_rows)} report rows ` +
    `(largest creator ${n(d.largest_creator_rows)}, typical ${n(d.typical_creator_rows)}), ` +
    `PGlite ${d.pglite_rows === null ? 'not run' : n(d.pglite_rows)}; ` +
    `${st.connections} connections, ${st.rounds} round${st.rounds > 1 ? 's' : ''} of ${st.seconds} s per ratio, ` +
    `pool ${st.pool}; Node ${doc.node}; our server with NODE_OPTIONS="${doc.node_options}"; ${doc.total_s} s in all.`
  const pages = table(
    (
      'page|req/s|p50 ms|p99 ms|errors|CPU ms/req|db ceiling|HTTP ceiling|÷ ceiling|floor|floor ÷ ceiling|÷ floor|' +
      'PGlite req/s|PGlite ÷ PostgreSQL'
    ).split('|'),
    doc.scenarios.map((r) => [
      ...[r.name, r.rps, r.p50_ms, r.p99_ms, r.errors, r.cpu_ms_per_req, r.db_ceiling?.rps ?? ''],
      ...[r.http_ceiling?.rps ?? '', rounds(r.vs_ceiling, r.vs_ceiling_rounds), r.floor?.rps ?? ''],
      ...[rounds(r.floor_vs_ceiling, r.floor_vs_ceiling_rounds), rounds(r.vs_floor, r.vs_floor_rounds)],
      ...[r.pglite?.rps ?? '', rounds(r.pglite_vs_postgres, r.pglite_vs_postgres_rounds)],
    ]),
  )
  const withPeers = doc.scenarios.filter((r) => r.postgraphile || r.offset)
  const peers = table(
    ['reports page', 'req/s (p99 ms)', 'PostGraphile', '÷ PostGraphile', 'LIMIT/OFFSET', '÷ OFFSET'],
    withPeers.map((r) => [
      ...[r.name, withP99(r), withP99(r.postgraphile), r.vs_postgraphile ?? ''],
      ...[withP99(r.offset), r.vs_offset ?? ''],
    ]),
  )
  const [ing, flat] = [s.ingest, s.ingest_flatness]
  const skipReasons = [...new Set(doc.skipped.map((x) => x.reason))]
  const lines = [
    run,
    table(['target', 'measured (page)', ''], targets(s)),
    pages,
    ...(withPeers.length ? [peers] : []),
    ...[summaryTable(doc.scenarios, doc.walks) ?? []].flat(),
    ing
      ? `Ingest (\`npm run bench:ingest\`, ${ing.measured_at.slice(0, 10)} at ${ing.commit}): ` +
        `${n(ing.ingested_rows)} Amazon rows in ${ing.s} s, the upsert at ${ing.upsert_vs_floor} of the rate ` +
        'of a COPY into the indexed table.' +
        (flat
          ? ` Into a table of ${n(flat.base_rows)} rows (${flat.measured_at.slice(0, 10)} at ${flat.commit}): ` +
            `${flat.based_s} s against ${flat.empty_s} s into an empty one, ${flat.ratio}× (target ≤ 1.2).`
          : '')
      : 'Ingest: not measured yet (`npm run bench:ingest`).',
    ...skipReasons.map((why) => {
      const names = doc.skipped.filter((x) => x.reason === why).map((x) => x.name)
      return `Skipped, ${why}: ${names.join(', ')}.`
    }),
  ]
  return lines.join('\n\n') + '\n'
}

export function document(f: RunFacts) {
  return {
    generated_at: new Date().toISOString(),
    commit: commit(),
    node: process.version,
    node_options: f.node_options,
    settings: f.settings,
    dataset: { ...f.dataset, pglite_rows: f.pglite?.rows ?? null, pglite_generation_s: f.pglite?.generationS ?? null },
    summary: summarize(f),
    skipped: f.skipped,
    walks: f.walks,
    scenarios: f.results,
    total_s: Math.round((Date.now() - f.startedAt) / 1000),
  }
}

/** JSON with one line per scenario and walk: small, and a diff shows which page moved. */
function json(doc: ReturnType<typeof document>): string {
  const { scenarios, walks, ...rest } = doc
  const list = (xs: unknown[]) => `[\n${xs.map((x) => `    ${JSON.stringify(x)}`).join(',\n')}\n  ]`
  const head = JSON.stringify(rest, null, 2).slice(0, -2)
  return `${head},\n  "walks": ${list(walks)},\n  "scenarios": ${list(scenarios)}\n}\n`
}

/** `doc` with its results block holding `md`. */
export function withResults(doc: string, md: string): string {
  const [a, b] = [doc.indexOf(START), doc.indexOf(END)]
  if (a < 0 || b < a) throw new Error(`${DOC} has no results block (${START} … ${END})`)
  return `${doc.slice(0, a)}${START}\n\n${md.trim()}\n\n${doc.slice(b)}`
}

export function writeDoc(): void {
  const path = join(ROOT, DOC)
  writeFileSync(path, withResults(readFileSync(path, 'utf8'), readFileSync(join(ROOT, LATEST_MD), 'utf8')))
}

/** Writes latest.{json,md} and the doc's block, or partial.{json,md} for a run of some pages. */
export function writeReports(f: RunFacts) {
  const doc = document(f)
  const md = markdown(doc)
  const name = f.settings.only ? 'partial' : 'latest'
  writeFileSync(join(ROOT, `bench/results/${name}.json`), json(doc))
  writeFileSync(join(ROOT, `bench/results/${name}.md`), md)
  if (!f.settings.only) writeDoc()
  return { summary: doc.summary, md, totalS: doc.total_s, written: `bench/results/${name}.{json,md}` }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeDoc()
