// Report summaries are exact, as a property: on the demo world and its history (imports,
// ingestions with restatements and reversals, approvals, payouts, an ASIN correction, an
// operator's deletes), every summary of random filters, dates, group_by and page sizes equals
// the sum of the rows a walk of /reports returns with the same filters and dates, item by item,
// and the totals the writers keep equal the rows they sum. Then the same while the writers run
// concurrently (PostgreSQL: separate csapi processes): a summary equals the rows of its snapshot.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { cliProcess, load, onPostgres, startServer, type TestServer } from '../support/helpers.js'
import { SUMMARY, summarize, walkList } from '../support/summary-kit.js'
import { generateDemoDataset } from '../../src/demo/generate.js'
import { writeAmazonReports } from '../../src/demo/amazon-reports.js'
import { createToken } from '../../src/tokens/tokens.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { pay } from '../../src/settlement/pay.js'
import { addDays } from '../../src/domain/dates.js'
import { CHANGES } from '../support/changes-kit.js'

const RUNS = Number(process.env.CSAPI_SUMMARY_RUNS ?? 40)
const TODAY = '2026-05-15'
const PAID_THROUGH = addDays(TODAY, -60)
const { dataset, accounts } = generateDemoDataset({ size: 'small', today: TODAY })
// history over more than a year: every other row again, 300 and 400 days earlier
const older = (days: number, k: number) =>
  dataset.report_rows.filter((_, i) => i % 2 === k).map((r) => ({ ...r, date: addDays(r.date, -days) }))
dataset.report_rows.push(...older(300, 0), ...older(400, 1))
const creators = [...new Set(dataset.links.map((l) => l.creator_id))]
const DIMS = ['day', 'week', 'month', 'brand_id', 'product_id', 'link_id', 'marketplace', 'commission_status']
const TIMES = ['day', 'week', 'month']

let s: TestServer
let work: string
const tokens = new Map<string, string>()

before(async () => {
  s = await startServer(dataset)
  for (const c of creators)
    tokens.set(c, (await createToken(s.db, { accountId: c, name: 'sum', expiresAt: null })).token)
  work = mkdtempSync(join(tmpdir(), 'csapi-summary-'))
  writeAmazonReports(dataset, join(work, 'amazon'), { today: TODAY })
})
after(async () => {
  await s.close()
  rmSync(work, { recursive: true, force: true })
})

const get = (path: string, token: string) => s.get(path, token)
const pool = (f: (r: any) => string) => [...new Set(dataset.report_rows.map(f))].sort()
const POOLS: Record<string, string[]> = {
  brand_id: [...dataset.brands.map((b) => b.id), 'brand_nope'],
  product_id: [...pool((r) => r.product_id), 'prod_nope'],
  asin: [...new Set(dataset.products.map((p) => p.asin)), 'B0FEEDFIX1', 'B000000000'],
  link_id: [...pool((r) => r.link_id), 'link_nope'],
  marketplace: [...pool((r) => r.marketplace), 'us', 'de', 'JP'],
}

const dayArb = fc.integer({ min: -480, max: 60 }).map((n) => addDays(TODAY, n))
// month edges are where the parts meet: first and last days of months
const edgeArb = fc
  .tuple(fc.integer({ min: 2024, max: 2026 }), fc.integer({ min: 1, max: 12 }), fc.boolean())
  .map(([y, m, last]) => {
    const first = `${y}-${String(m).padStart(2, '0')}-01`
    return last ? addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1) : first
  })
const linkCreator = new Map(dataset.links.map((l) => [l.id, l.creator_id]))
/** Filter values: mostly of the creator's own rows, some of others' (they must narrow to nothing). */
function filterArb(creator: string) {
  const own = dataset.report_rows.filter((r) => linkCreator.get(r.link_id) === creator)
  const asin = new Map(dataset.products.map((p) => [p.id, p.asin]))
  const ownPools: Record<string, string[]> = {
    brand_id: [...new Set(own.map((r) => dataset.products.find((p) => p.id === r.product_id)!.brand_id))],
    product_id: [...new Set(own.map((r) => r.product_id))],
    asin: [...new Set(own.map((r) => asin.get(r.product_id)!))],
    link_id: [...new Set(own.map((r) => r.link_id))],
    marketplace: [...new Set(own.map((r) => r.marketplace))],
  }
  return fc.record(
    Object.fromEntries(
      Object.entries(POOLS).map(([k, all]) => [
        k,
        fc.oneof(
          { weight: 12, arbitrary: fc.constant(undefined) },
          { weight: 3, arbitrary: fc.constantFrom(...ownPools[k]!) },
          { weight: 1, arbitrary: fc.constantFrom(...all) },
        ),
      ]),
    ),
  )
}
const caseArb = fc.constantFrom(...creators).chain((creator) =>
  fc.record({
    creator: fc.constant(creator),
    range: fc.oneof(
      { weight: 4, arbitrary: fc.tuple(fc.oneof(dayArb, edgeArb), fc.oneof(dayArb, edgeArb)) },
      { weight: 1, arbitrary: fc.constant(['0001-01-01', '9999-12-31']) },
      { weight: 1, arbitrary: fc.tuple(dayArb, fc.integer({ min: 0, max: 3 })).map(([d, n]) => [d, addDays(d, n)]) },
    ),
    filters: filterArb(creator),
    groupBy: fc
      .uniqueArray(fc.constantFrom(...DIMS), { maxLength: 3 })
      .filter((g) => g.filter((d) => TIMES.includes(d)).length <= 1),
    limit: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(37, 100, 1000)),
  }),
)
type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never

function queryOf(c: Case): string {
  const [a, b] = c.range as [string, string]
  const q = new URLSearchParams({ start: a <= b ? a : b, end: a <= b ? b : a })
  for (const [k, v] of Object.entries(c.filters)) if (v !== undefined) q.set(k, v as string)
  return q.toString()
}

/** One case: the summary's pages together equal the sums of the walk of /reports. */
async function check(c: Case): Promise<number> {
  const token = tokens.get(c.creator)!
  const q = queryOf(c)
  const reports = await walkList(get, `/api/creator/v1/reports?${q}`, token, 'reports', 500)
  const expected = reports.status === 200 ? summarize(reports.items, c.groupBy) : []
  // at most 30 pages a case: a small limit is kept for small summaries
  const limit = Math.max(c.limit, Math.ceil(expected.length / 30))
  const group = c.groupBy.length ? `&group_by=${c.groupBy.join(',')}` : ''
  const summary = await walkList(get, `${SUMMARY}?${q}${group}`, token, 'summary', limit)
  assert.equal(summary.status, reports.status, `${q}: ${JSON.stringify(summary.body ?? reports.body)}`)
  if (reports.status !== 200) {
    assert.deepEqual(summary.body, reports.body, 'refused as /reports refuses')
    return 0
  }
  assert.deepEqual(summary.items, expected, `${q}${group} limit ${limit}`)
  return expected.length
}

/** The totals the writers keep equal the rows they sum, at every grain (one statement). */
async function assertTotals() {
  const diff = async (table: string, grain: string, keys: string) => {
    const sums =
      'count(*) as rows, sum(clicks) as clicks, sum(detail_page_views) as dpv, sum(add_to_carts) as atc, ' +
      'sum(orders) as orders, sum(units_sold) as units, sum(sales_cents) as sales, sum(commission_cents) as commission'
    const kept = 'rows, clicks, detail_page_views, add_to_carts, orders, units_sold, sales_cents, commission_cents'
    const [r] = await s.db.query<{ n: number }>(
      `with a as (select ${grain}, ${keys}, ${sums} from report_rows group by ${grain.replace(/ as .*/, '')}, ${keys}),
            b as (select ${grain.replace(/.* as /, '')}, ${keys}, ${kept} from ${table})
       select ((select count(*) from (select * from a except all select * from b) x)
             + (select count(*) from (select * from b except all select * from a) y))::int as n`,
    )
    assert.equal(r!.n, 0, `${table} differs from the rows it sums`)
  }
  await diff(
    'report_month_totals',
    `date_trunc('month', date)::date as month`,
    'creator_id, brand_id, marketplace, link_id, product_id, asin, commission_status, currency',
  )
  await diff(
    'report_month_brand_totals',
    `date_trunc('month', date)::date as month`,
    'creator_id, brand_id, marketplace, commission_status, currency',
  )
  await diff(
    'report_month_creator_totals',
    `date_trunc('month', date)::date as month`,
    'creator_id, marketplace, commission_status, currency',
  )
  await diff('report_day_totals', 'date', 'creator_id, brand_id, marketplace, commission_status, currency')
}

async function phase(t: { diagnostic(m: string): void }, name: string) {
  await assertTotals()
  let items = 0
  await fc.assert(
    fc.asyncProperty(caseArb, async (c) => {
      items += await check(c)
    }),
    { numRuns: RUNS, includeErrorInReport: true },
  )
  t.diagnostic(`${name}: ${RUNS} summaries, ${items} items compared`)
}

describe('report summaries equal the walk of /reports', () => {
  test('after the import', (t) => phase(t, 'import'))
  test('after an ingestion with restatements and reversals', async (t) => {
    await ingestAmazonAttribution(s.db, [join(work, 'amazon')])
    await phase(t, 'ingest')
  })
  test('after approvals and a payout', async (t) => {
    await approveThrough(s.db, addDays(TODAY, -40))
    await pay(s.db, accounts.creator, PAID_THROUGH)
    await phase(t, 'settle')
  })
  test("after an ASIN correction, moved rows and an operator's deletes", async (t) => {
    const product = dataset.products.find((p) => dataset.report_rows.some((r) => r.product_id === p.id))!
    await load(s.db, { products: [{ ...product, asin: 'B0FEEDFIX1' }] })
    // rows moved to other days and months, and rows deleted, in single statements
    await s.db.query(
      `update report_rows set date = date + 17
        where id in (select id from report_rows r where commission_status = 'pending'
                        and not exists (select 1 from report_rows o
                                         where (o.link_id, o.product_id, o.marketplace, o.date)
                                             = (r.link_id, r.product_id, r.marketplace, r.date + 17))
                      order by id limit 50)`,
    )
    await s.db.query(
      `delete from report_rows
        where id in (select id from report_rows r where commission_status in ('pending', 'reversed')
                        and not exists (select 1 from commission_adjustments a where a.report_row_id = r.id)
                      order by id desc limit 40)`,
    )
    await phase(t, 'corrections')
  })
})

describe('report summaries while writers run', () => {
  test('a summary equals the rows of its snapshot; totals always equal the rows', async (t) => {
    // a write every kind: restated and new rows, an ingestion, an approval, a payout
    const creator = accounts.creator
    const token = tokens.get(creator)!
    const own = dataset.report_rows.filter((r) => dataset.links.find((l) => l.id === r.link_id)!.creator_id === creator)
    const restate = (k: number) => ({
      report_rows: own
        .filter((r) => r.date > addDays(TODAY, -30))
        .slice(k * 40, k * 40 + 40)
        .map((r) => ({
          ...r,
          clicks: r.clicks + 100 + k,
          sales_cents: r.sales_cents + k,
          commission_status: 'pending',
        })),
    })
    const file = (name: string, content: unknown) => {
      const path = join(work, `${name}.json`)
      writeFileSync(path, JSON.stringify(content))
      return path
    }
    let running = 0
    const steps: (() => Promise<unknown>)[] = onPostgres
      ? [
          ['import', file('r1', restate(1))],
          ['ingest', 'amazon-attribution', join(work, 'amazon')],
          ['import', file('r2', restate(2))],
          ['commissions', 'approve', '--through', addDays(TODAY, -20)],
          ['commissions', 'pay', '--creator', creator, '--through', addDays(TODAY, -25)],
          ['import', file('r3', restate(3))],
        ].map((args) => async () => {
          const p = cliProcess(s.url!, args)
          const [code] = await p.exit
          assert.equal(code, 0, `csapi ${args.join(' ')}:\n${p.output()}`)
        })
      : [
          () => load(s.db, restate(1)),
          () => ingestAmazonAttribution(s.db, [join(work, 'amazon')]),
          () => load(s.db, restate(2)),
          () => approveThrough(s.db, addDays(TODAY, -20)),
          () => pay(s.db, creator, addDays(TODAY, -25)),
          () => load(s.db, restate(3)),
        ]
    // The changes feed's position of the creator moves with every write of its rows: a summary read
    // between two equal positions read the same rows as the /reports page read with the second.
    const position = async (q: string) => {
      const res = await get(`/api/creator/v1/reports?${q}&limit=500`, token)
      return { at: res.status === 200 ? res.headers!.get('changes-cursor') : null, res }
    }
    const samples = fc.sample(
      caseArb.map((c) => ({ ...c, creator })),
      400,
    )
    let compared = 0
    let round = 0
    const probe = async () => {
      const c = samples[round++ % samples.length]!
      const q = queryOf(c)
      const group = c.groupBy.length ? `&group_by=${c.groupBy.join(',')}` : ''
      const before = await position('start=0001-01-01&end=9999-12-31')
      const summary = await get(`${SUMMARY}?${q}${group}&limit=1000`, token)
      const page = await position(q)
      if (summary.status !== 200 || page.at === null || page.res.body.next_cursor !== null || before.at !== page.at)
        return
      assert.deepEqual(summary.body.summary, summarize(page.res.body.reports, c.groupBy), `${q}${group}`)
      assert.equal(summary.body.next_cursor, null)
      compared++
    }
    let probes = 0
    if (onPostgres) {
      const jobs = steps.map(async (step) => {
        running++
        try {
          await step()
        } finally {
          running--
        }
      })
      while (running > 0) {
        await probe()
        probes++
        if (probes % 10 === 0) await assertTotals()
      }
      await Promise.all(jobs)
    } else {
      for (const step of steps) {
        const writing = step()
        for (let i = 0; i < 8; i++) await probe()
        probes += 8
        await writing
      }
    }
    const during = compared
    await assertTotals()
    for (let i = 0; i < 20; i++) await probe()
    assert.ok(during > 0 && compared > 10, `summaries compared with their snapshot: ${during}, ${compared}`)
    t.diagnostic(
      `${probes} probes during the writes, ${during} of them compared with their snapshot's rows; ${compared} in all`,
    )
    assert.ok((await get(`${CHANGES}?limit=1`, token)).status === 200)
  })
})
