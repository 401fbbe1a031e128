// The seller's report summaries are exact, as a property: on the demo world and over a year of
// history, every summary of a brand with random filters (creator included), dates, group_by
// (creator_id included) and page sizes equals, item by item, the sums of the rows a walk of
// /api/seller/v1/reports returns with the same brand, filters and dates; an ungranted brand is
// refused by both alike. Through HTTP, every body checked against the OpenAPI document.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { startServer, type TestServer } from '../support/helpers.js'
import { SELLER_SUMMARY, summarize, walkList } from '../support/summary-kit.js'
import { generateDemoDataset } from '../../src/demo/generate.js'
import { createToken } from '../../src/tokens/tokens.js'
import { addDays } from '../../src/domain/dates.js'

const RUNS = Number(process.env.CSAPI_SELLER_SUMMARY_RUNS ?? 40)
const TODAY = '2026-05-15'
const { dataset, accounts } = generateDemoDataset({ size: 'small', today: TODAY })
// history over more than a year: every other row again, 300 and 400 days earlier
const older = (days: number, k: number) =>
  dataset.report_rows.filter((_, i) => i % 2 === k).map((r) => ({ ...r, date: addDays(r.date, -days) }))
dataset.report_rows.push(...older(300, 0), ...older(400, 1))
const DIMS = [
  'day',
  'week',
  'month',
  'brand_id',
  'product_id',
  'link_id',
  'marketplace',
  'commission_status',
  'creator_id',
]
const TIMES = ['day', 'week', 'month']
const granted = dataset.brand_access.filter((g) => g.account_id === accounts.seller).map((g) => g.brand_id)
const ungranted = [...dataset.brands.map((b) => b.id).filter((b) => !granted.includes(b)), 'brand_nope']

let s: TestServer
let token: string
before(async () => {
  s = await startServer(dataset)
  token = (await createToken(s.db, { accountId: accounts.seller, name: 'sum', expiresAt: null })).token
})
after(() => s.close())

const get = (path: string, t: string) => s.get(path, t)
const brandOf = new Map(dataset.products.map((p) => [p.id, p.brand_id]))
const creatorOf = new Map(dataset.links.map((l) => [l.id, l.creator_id]))
const asinOf = new Map(dataset.products.map((p) => [p.id, p.asin]))
const uniq = (xs: string[]) => [...new Set(xs)].sort()

/** Filter values: mostly of the brand's rows, some of others' (they must narrow to nothing). */
function filterArb(brand: string) {
  const own = dataset.report_rows.filter((r) => brandOf.get(r.product_id) === brand)
  const pools: Record<string, [string[], string[]]> = {
    product_id: [uniq(own.map((r) => r.product_id)), [...brandOf.keys(), 'prod_nope']],
    asin: [uniq(own.map((r) => asinOf.get(r.product_id)!)), ['B000000000']],
    creator_id: [uniq(own.map((r) => creatorOf.get(r.link_id)!)), [accounts.seller, 'cr_nope']],
    marketplace: [uniq(own.map((r) => r.marketplace)), ['us', 'de', 'JP']],
  }
  return fc.record(
    Object.fromEntries(
      Object.entries(pools).map(([k, [mine, others]]) => [
        k,
        fc.oneof(
          { weight: 10, arbitrary: fc.constant(undefined) },
          { weight: mine.length ? 4 : 0, arbitrary: fc.constantFrom(...(mine.length ? mine : ['x'])) },
          { weight: 1, arbitrary: fc.constantFrom(...others) },
        ),
      ]),
    ),
  )
}

const dayArb = fc.integer({ min: -480, max: 60 }).map((n) => addDays(TODAY, n))
// month edges are where the summary's parts meet
const edgeArb = fc
  .tuple(fc.integer({ min: 2025, max: 2026 }), fc.integer({ min: 1, max: 12 }), fc.boolean())
  .map(([y, m, last]) => {
    const first = `${y}-${String(m).padStart(2, '0')}-01`
    return last ? addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1) : first
  })
const caseArb = fc
  .oneof(
    { weight: 12, arbitrary: fc.constantFrom(...granted) },
    { weight: 1, arbitrary: fc.constantFrom(...ungranted) },
  )
  .chain((brand) =>
    fc.record({
      brand: fc.constant(brand),
      range: fc.oneof(
        { weight: 4, arbitrary: fc.tuple(fc.oneof(dayArb, edgeArb), fc.oneof(dayArb, edgeArb)) },
        { weight: 1, arbitrary: fc.constant(['0001-01-01', '9999-12-31']) },
        {
          weight: 1,
          arbitrary: fc.tuple(dayArb, fc.integer({ min: 0, max: 3 })).map(([d, n]) => [d, addDays(d, n)]),
        },
      ),
      filters: filterArb(brand),
      groupBy: fc
        .uniqueArray(fc.constantFrom(...DIMS), { maxLength: 3 })
        .filter((g) => g.filter((d) => TIMES.includes(d)).length <= 1),
      limit: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(37, 100, 1000)),
    }),
  )
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never

function queryOf(c: Case): string {
  const [a, b] = c.range as [string, string]
  const q = new URLSearchParams({ brand_id: c.brand, start: a <= b ? a : b, end: a <= b ? b : a })
  for (const [k, v] of Object.entries(c.filters)) if (v !== undefined) q.set(k, v as string)
  return q.toString()
}

/** One case: the summary's pages together equal the sums of the walk of the seller's /reports. */
async function check(c: Case): Promise<number> {
  const q = queryOf(c)
  const reports = await walkList(get, `/api/seller/v1/reports?${q}`, token, 'reports', 500)
  const expected = reports.status === 200 ? summarize(reports.items, c.groupBy) : []
  // at most 30 pages a case: a small limit is kept for small summaries
  const limit = Math.max(c.limit, Math.ceil(expected.length / 30))
  const group = c.groupBy.length ? `&group_by=${c.groupBy.join(',')}` : ''
  const summary = await walkList(get, `${SELLER_SUMMARY}?${q}${group}`, token, 'summary', limit)
  assert.equal(summary.status, reports.status, `${q}: ${JSON.stringify(summary.body ?? reports.body)}`)
  if (reports.status !== 200) {
    assert.deepEqual(summary.body, reports.body, 'refused as /reports refuses')
    return 0
  }
  assert.deepEqual(summary.items, expected, `${q}${group} limit ${limit}`)
  return expected.length
}

test(`seller summaries equal the walk of the seller's /reports (${RUNS} random cases)`, async (t) => {
  let items = 0
  await fc.assert(
    fc.asyncProperty(caseArb, async (c) => {
      items += await check(c)
    }),
    { numRuns: RUNS, includeErrorInReport: true },
  )
  // the cases that matter most, always: a year by month and creator, by status, and no group
  for (const groupBy of [['month', 'creator_id'], ['creator_id', 'commission_status'], []])
    items += await check({
      brand: granted[0]!,
      range: ['2025-05-01', '2026-04-30'],
      filters: {},
      groupBy,
      limit: 7,
    } as Case)
  t.diagnostic(`${items} summary items compared`)
})
