// What `npm run bench` reports: the results block of docs/performance.md is the committed
// latest.md, the targets are judged on the right page, and the scenario list holds together.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Result } from '../../bench/measure.js'
import { ROOT } from '../../bench/process.js'
import { DOC, document, LATEST_MD, markdown, withResults, type RunFacts } from '../../bench/report.js'
import { SCENARIOS, select } from '../../bench/scenarios.js'

test('docs/performance.md: its results block is bench/results/latest.md (npm run bench:doc writes it)', () => {
  const doc = readFileSync(join(ROOT, DOC), 'utf8')
  const latest = readFileSync(join(ROOT, LATEST_MD), 'utf8')
  assert.equal(doc, withResults(doc, latest))
  assert.ok(doc.includes(latest.trim()))
  assert.throws(() => withResults('# no block\n', latest), /has no results block/)
})

const page = (name: string, limit: number, extra: Partial<Result>): Result => ({
  name,
  limit,
  depth: 0,
  rps: 1000,
  p50_ms: 5,
  p99_ms: 10,
  errors: 0,
  cpu_ms_per_req: 0.2,
  ...extra,
})

test('bench report: each target is judged on its worst page, with every round beside the median', () => {
  const facts: RunFacts = {
    settings: { quick: true, only: null, connections: 16, seconds: 2, rounds: 3, pool: 4 },
    node_options: '--max-old-space-size=128',
    dataset: { report_rows: 1000, largest_creator_rows: 100, typical_creator_rows: 10, generation_s: 1 },
    pglite: { rows: 1000, generationS: 0, peakRssMb: 500 },
    results: [
      page('brands', 100, { vs_ceiling: 0.87, vs_ceiling_rounds: [0.81, 0.87, 0.94], pglite_vs_postgres: 0.7 }),
      page('reports first', 100, { vs_ceiling: 0.79, vs_ceiling_rounds: [0.79, 0.8, 0.7], vs_postgraphile: 3.5 }),
      page('reports deep', 100, {
        vs_ceiling: 0.9,
        p99_vs_first_page: 1.3,
        p99_vs_first_page_rounds: [1.3, 1.1, 1.4],
        vs_postgraphile: 2.9,
      }),
      page('lines', 500, { vs_ceiling: 0.71, pglite_vs_postgres: 0.29, errors: 2 }),
    ],
    walks: [],
    skipped: [{ name: 'whale', reason: 'no whale' }],
    peakRssMb: 171,
    startedAt: Date.now(),
  }
  const doc = document(facts)
  assert.deepEqual(doc.summary.min_vs_ceiling_limit_100, { value: 0.79, page: 'reports first' })
  assert.deepEqual(doc.summary.min_vs_ceiling_limit_500, { value: 0.71, page: 'lines' })
  assert.equal(doc.summary.errors_total, 2)
  const md = markdown(doc)
  const row = (target: string) => md.split('\n').find((l) => l.startsWith(`| ${target}`))
  assert.equal(
    row('ours ÷ combined ceiling, pages at limit 100'),
    '| ours ÷ combined ceiling, pages at limit 100: ≥ 0.8 | 0.79 (reports first) | **not met** |',
  )
  assert.match(row('ours ÷ combined ceiling, pages at limit 500')!, /0\.71 \(lines\) \| met \|$/)
  assert.match(row("a deep page's p99")!, /1\.3 \(reports deep; rounds 1\.1–1\.4\) \| \*\*not met\*\* \|$/)
  assert.match(row('ours ÷ PostGraphile')!, /2\.9 \(reports deep\) \| \*\*not met\*\* \|$/)
  assert.match(row('PGlite ÷ PostgreSQL')!, /0\.29 \(lines\) \| \*\*not met\*\* \|$/)
  assert.match(row('peak RSS')!, /171 \(our server\) \| met \|$/)
  assert.match(row('errors')!, /2 \(every measurement\) \| \*\*not met\*\* \|$/)
  // the median round's ratio with the range of every round; no floor, ceilings or PGlite rate for this page
  assert.ok(md.includes('| brands | 1000 | 5 | 10 | 0 | 0.2 |  |  | 0.87 (0.81–0.94) |  |  |  |  | 0.7 |\n'), md)
  assert.match(md, /NODE_OPTIONS="--max-old-space-size=128"/)
  assert.match(md, /Skipped, no whale: whale\./)
})

test('bench scenarios: unique names, and each deep page compared with a first page of the same size', () => {
  const names = SCENARIOS.map((s) => s.name)
  assert.equal(new Set(names).size, names.length)
  for (const s of SCENARIOS.filter((x) => x.firstPage)) {
    const first = SCENARIOS.find((x) => x.name === s.firstPage)
    assert.ok(first, `${s.name}: no scenario "${s.firstPage}"`)
    assert.equal(first.limit, s.limit, s.name)
    assert.ok(!first.depth, `${s.name}: "${s.firstPage}" is not a first page`)
  }
})

test('bench --only: the pages named, with the pages their targets compare them with', () => {
  const names = (only?: string[]) => select(only).map((s) => s.name)
  assert.deepEqual(
    names(),
    SCENARIOS.map((s) => s.name),
  )
  const summaries = names(['summary'])
  assert.ok(summaries.includes('reports largest limit 100')) // the 1-year summary's p99 is compared with it
  assert.ok(summaries.includes('summary largest 1 day group_by=day')) // the 3-year summary's growth
  assert.ok(summaries.includes('seller summary largest brand 1 year group_by=month,creator_id'))
  assert.ok(!summaries.includes('brands page (limit 100)'))
  const seller = names(['seller reports largest brand halfway'])
  assert.deepEqual(seller, [
    'seller reports largest brand limit 100',
    'seller reports largest brand limit 500',
    'seller reports largest brand halfway limit 100',
    'seller reports largest brand halfway limit 500',
  ])
})

test("bench report: the summaries' targets, from their pages and the walks of /reports they replace", () => {
  const results = [page('reports largest limit 100', 100, { p99_ms: 40 })]
  for (const [g, day, years] of [
    ['month', 20, 50],
    ['month,brand_id', 30, 120],
    ['day', 40, 100],
  ] as const) {
    results.push(page(`summary largest 1 day group_by=${g}`, 100, { p99_ms: day }))
    results.push(page(`summary largest 3 years group_by=${g}`, 100, { p99_ms: years }))
  }
  results.push(page('summary largest 1 year group_by=month', 100, { p50_ms: 30, p99_ms: 60 }))
  const walk = (range: '1 day' | '1 month' | '1 year', pages: number, ms: number, monthMs: number) => ({
    range,
    pages,
    rows: 10,
    ms,
    ms_rounds: [ms],
    summaries: [
      { group_by: 'month', pages: 1, ms: monthMs },
      { group_by: 'day', pages: 4, ms: monthMs * 3 },
    ],
  })
  const doc = document({
    settings: { quick: true, only: ['summary'], connections: 16, seconds: 2, rounds: 1, pool: 4 },
    node_options: '',
    dataset: { report_rows: 1000, largest_creator_rows: 100, typical_creator_rows: 10, generation_s: 1 },
    pglite: null,
    results,
    walks: [walk('1 day', 1, 9, 10), walk('1 month', 3, 300, 10), walk('1 year', 20, 9000, 60)],
    skipped: [],
    peakRssMb: 150,
    startedAt: Date.now(),
  })
  assert.deepEqual(doc.summary.summary_vs_reports_p99, { value: 1.5, page: 'summary largest 1 year group_by=month' })
  assert.deepEqual(doc.summary.summary_p99_growth, { value: 4, page: 'group_by=month,brand_id' })
  // the one-page walk of a day is no walk: the lowest is the month's
  assert.deepEqual(doc.summary.walk_vs_summary, { value: 30, page: '1 month, group_by=month' })
  const md = markdown(doc)
  assert.match(md, /\(--quick --only "summary"\)/)
  assert.match(md, /\| 1-year summary's p99 ÷ reports largest limit 100's: ≤ 2 \| 1\.5 \(.*\) \| met \|/)
  assert.match(md, /\| a summary's p99, 3 years ÷ 1 day: ≤ 3 \| 4 \(group_by=month,brand_id\) \| \*\*not met\*\* \|/)
  assert.match(md, /≥ 50 \| 30 \(1 month, group_by=month\) \| \*\*not met\*\* \|/)
  assert.ok(md.includes('| group_by=month | 5 / 20 |  | 30 / 60 | 5 / 50 | 2.5 |'), md)
  assert.ok(md.includes('| one client: group_by=day, every page, ms (pages) | 30 (4) | 30 (4) | 180 (4) |  |  |'), md)
  assert.ok(md.includes('| walk ÷ group_by=month |  | 30 | 150 |  |  |'), md)
})
