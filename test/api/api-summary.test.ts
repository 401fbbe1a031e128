// GET /api/creator/v1/reports/summary and /reports/freshness over HTTP: the groups, their order
// and values, currencies kept apart, the cursor, group_by, limit and date rules, the roles, and
// freshness's rules after a restatement, an approval and a reversal. Every body is checked against
// /openapi.json by the test server.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServer, type TestServer } from '../support/helpers.js'
import { FRESHNESS, SUMMARY, summarize, walkList } from '../support/summary-kit.js'
import { tempDir } from '../support/temp-dir.js'
import { addDays, today } from '../../src/domain/dates.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { pay } from '../../src/settlement/pay.js'

const A = 'test_token_summary_cr_a_0001'
const B = 'test_token_summary_cr_b_0001'
const S = 'test_token_summary_sl_s_0001'
const T = today()
const day = (n: number) => addDays(T, -n)

const product = (id: string, brand: string, asin: string, country: string) => ({
  id,
  brand_id: brand,
  asin,
  title: id,
  status: 'active',
  country_code: country,
  commission: { type: 'percentage', rate_bps: 1000 },
})
const link = (id: string, creator: string, brand: string, productId: string, adGroup: string) => ({
  id,
  creator_id: creator,
  brand_id: brand,
  product_id: productId,
  short_url: `https://s.example/${id}`,
  destination_url: 'https://www.amazon.com/dp/x',
  amazon_ad_group_id: adGroup,
})
let n = 0
const row = (date: string, linkId: string, productId: string, marketplace: string, status: string, cents = 1000) => ({
  date,
  link_id: linkId,
  product_id: productId,
  marketplace,
  currency: marketplace === 'DE' ? 'EUR' : 'USD',
  sales_cents: cents,
  commission_cents: cents / 10,
  commission_status: status,
  orders: 1,
  units_sold: 2,
  clicks: 10 + ++n,
  detail_page_views: 5,
  add_to_carts: 1,
})

const dataset = {
  accounts: [
    { id: 'cr_a', role: 'creator', name: 'A' },
    { id: 'cr_b', role: 'creator', name: 'B' },
    { id: 'sl_s', role: 'seller', name: 'S' },
  ],
  api_tokens: [
    { account_id: 'cr_a', token: A },
    { account_id: 'cr_b', token: B },
    { account_id: 'sl_s', token: S },
  ],
  brands: [
    { id: 'b_one', name: 'One', status: 'active' },
    { id: 'b_two', name: 'Two', status: 'active' },
    { id: 'b_off', name: 'Off', status: 'active', ads_connected: false },
  ],
  brand_access: [{ account_id: 'sl_s', brand_id: 'b_one' }],
  products: [
    product('p_us', 'b_one', 'B0SUMUS001', 'US'),
    product('p_de', 'b_one', 'B0SUMDE001', 'DE'),
    product('p_two', 'b_two', 'B0SUMTW001', 'US'),
  ],
  links: [
    link('l_us', 'cr_a', 'b_one', 'p_us', '711'),
    link('l_de', 'cr_a', 'b_one', 'p_de', '722'),
    link('l_two', 'cr_a', 'b_two', 'p_two', '733'),
    link('l_b', 'cr_b', 'b_one', 'p_us', '744'),
  ],
  report_rows: [
    row(day(100), 'l_us', 'p_us', 'US', 'approved'),
    row(day(60), 'l_us', 'p_us', 'US', 'pending', 2000),
    row(day(10), 'l_us', 'p_us', 'US', 'pending', 3000),
    row(day(50), 'l_de', 'p_de', 'DE', 'reversed', 0),
    row(day(40), 'l_de', 'p_de', 'DE', 'approved', 4000),
    row(day(5), 'l_two', 'p_two', 'US', 'pending', 5000),
    // another creator's rows, on the same brand, product and days
    row(day(100), 'l_b', 'p_us', 'US', 'approved', 7000),
    row(day(10), 'l_b', 'p_us', 'US', 'pending', 9000),
  ],
}

let s: TestServer
before(async () => {
  s = await startServer(dataset)
})
after(() => s.close())

const ALL = 'start=0001-01-01&end=9999-12-31'
const reportsOf = async (token: string, q = ALL) =>
  (await walkList(s.get, `/api/creator/v1/reports?${q}`, token, 'reports', 500)).items
const code = async (path: string, token = A) => {
  const res = await s.get(path, token)
  return `${res.status} ${res.body.error?.code ?? ''}`.trim()
}

describe('GET /api/creator/v1/reports/summary', () => {
  test('without group_by: one item per currency, group {}, the sums of the rows', async () => {
    const res = await s.get(`${SUMMARY}?${ALL}`, A)
    assert.equal(res.status, 200)
    assert.deepEqual(res.body, { summary: summarize(await reportsOf(A), []), next_cursor: null })
    assert.deepEqual(
      res.body.summary.map((i: any) => [i.group, i.currency, i.rows]),
      [
        [{}, 'EUR', 2],
        [{}, 'USD', 4],
      ],
    )
    const eur = res.body.summary[0]
    assert.equal(eur.sales_cents, 4000, 'EUR money is never added to USD')
  })

  test('group values: day, the Monday of the ISO week, YYYY-MM; in the group_by order, then currency', async () => {
    for (const g of [
      'day',
      'week',
      'month',
      'month,brand_id',
      'brand_id,month',
      'commission_status,marketplace,link_id',
    ]) {
      const res = await s.get(`${SUMMARY}?${ALL}&group_by=${g}&limit=1000`, A)
      assert.equal(res.status, 200, g)
      assert.deepEqual(res.body.summary, summarize(await reportsOf(A), g.split(',')), g)
      for (const item of res.body.summary) assert.deepEqual(Object.keys(item.group), g.split(','))
    }
    const weeks = (await s.get(`${SUMMARY}?${ALL}&group_by=week`, A)).body.summary
    for (const w of weeks) assert.equal(new Date(`${w.group.week}T00:00:00Z`).getUTCDay(), 1, 'a Monday')
    const months = (await s.get(`${SUMMARY}?${ALL}&group_by=month`, A)).body.summary
    for (const m of months) assert.match(m.group.month, /^\d{4}-\d{2}$/)
  })

  test('filters narrow exactly as on /reports; another creator`s rows never count', async () => {
    const cases = [
      'brand_id=b_one',
      'product_id=p_us',
      'asin=B0SUMUS001',
      'link_id=l_us',
      'marketplace=de',
      'link_id=l_b',
      'brand_id=b_unknown',
      `start=${day(60)}&end=${day(10)}`,
    ]
    for (const f of cases) {
      const q = f.startsWith('start') ? f : `${ALL}&${f}`
      const res = await s.get(`${SUMMARY}?${q}&group_by=month,commission_status`, A)
      assert.equal(res.status, 200, f)
      assert.deepEqual(res.body.summary, summarize(await reportsOf(A, q), ['month', 'commission_status']), f)
    }
    const other = (await s.get(`${SUMMARY}?${ALL}&link_id=l_b`, A)).body.summary
    assert.deepEqual(other, [], "naming another creator's link narrows to nothing")
    const b = (await s.get(`${SUMMARY}?${ALL}`, B)).body.summary
    assert.deepEqual(
      b.map((i: any) => [i.currency, i.rows, i.sales_cents]),
      [['USD', 2, 16000]],
    )
  })

  test('the cursor walks every group once and is bound to the owner, endpoint and every parameter', async () => {
    const q = `${ALL}&group_by=day`
    const walk = await walkList(s.get, `${SUMMARY}?${q}`, A, 'summary', 2)
    assert.equal(walk.pages, 3)
    assert.deepEqual(walk.items, summarize(await reportsOf(A), ['day']))
    const first = await s.get(`${SUMMARY}?${q}&limit=2`, A)
    const cursor = encodeURIComponent(first.body.next_cursor)
    assert.equal((await s.get(`${SUMMARY}?${q}&limit=3&cursor=${cursor}`, A)).status, 200, 'the limit may change')
    for (const other of [
      `${SUMMARY}?${ALL}&group_by=week&cursor=${cursor}`,
      `${SUMMARY}?${ALL}&cursor=${cursor}`,
      `${SUMMARY}?${q}&marketplace=US&cursor=${cursor}`,
      `${SUMMARY}?start=0001-01-02&end=9999-12-31&group_by=day&cursor=${cursor}`,
      `/api/creator/v1/reports?${ALL}&cursor=${cursor}`,
      `${FRESHNESS}?cursor=${cursor}`,
    ])
      assert.equal(await code(other), '400 invalid_pagination', other)
    assert.equal(await code(`${SUMMARY}?${q}&cursor=${cursor}`, B), '400 invalid_pagination', 'another owner')
    const reports = await s.get(`/api/creator/v1/reports?${ALL}&limit=1`, A)
    assert.equal(
      await code(`${SUMMARY}?${q}&cursor=${encodeURIComponent(reports.body.next_cursor)}`),
      '400 invalid_pagination',
    )
    // a full last page hands out no cursor
    const exact = await s.get(`${SUMMARY}?${ALL}&limit=2`, A)
    assert.equal(exact.body.summary.length, 2)
    assert.equal(exact.body.next_cursor, null)
  })

  test('group_by, limit and date rules', async () => {
    for (const g of [
      'asin',
      'currency',
      'day,week',
      'month,day',
      'month,brand_id,link_id,marketplace',
      'brand_id,brand_id',
      'month,',
      ',month',
      'Month',
      'month brand_id',
    ])
      assert.equal(await code(`${SUMMARY}?${ALL}&group_by=${encodeURIComponent(g)}`), '400 invalid_request', g)
    assert.equal(await code(`${SUMMARY}?${ALL}&group_by=`), '400 invalid_request')
    assert.equal(await code(`${SUMMARY}?${ALL}&group_by=month&group_by=day`), '400 invalid_request')
    for (const l of ['0', '1001', '-1', '1.5', 'abc'])
      assert.equal(await code(`${SUMMARY}?${ALL}&limit=${l}`), '400 invalid_pagination', l)
    assert.equal(await code(`${SUMMARY}?${ALL}&limit=1000`), '200')
    for (const q of [
      'start=2026-02-30&end=2026-03-01',
      'start=0000-01-01&end=2026-01-01',
      'start=2026-03-02&end=2026-03-01',
      'end=2026-03-01',
      'start=2026-03-01',
      `${ALL}&marketplace=XX`,
      `${ALL}&unknown=1`,
    ])
      assert.equal(await code(`${SUMMARY}?${q}`), '400 invalid_request', q)
    const res = await s.get(`${SUMMARY}?start=2026-03-02&end=2026-03-01`, A)
    assert.match(res.body.error.message, /end must not be before start/)
    const g = await s.get(`${SUMMARY}?${ALL}&group_by=day,week`, A)
    assert.match(g.body.error.message, /group_by/)
  })

  test('creator tokens only; a brand without Ads and rows is refused as on /reports', async () => {
    assert.equal(await code(`${SUMMARY}?${ALL}`, S), '403 forbidden_resource')
    assert.equal(await code(`${FRESHNESS}`, S), '403 forbidden_resource')
    assert.equal(await code(`${SUMMARY}?${ALL}`, 'nope'), '401 invalid_api_token')
    assert.equal(await code(`${SUMMARY}?${ALL}&brand_id=b_off`), '403 ads_not_connected')
    assert.equal(await code(`/api/creator/v1/reports?${ALL}&brand_id=b_off`), '403 ads_not_connected')
    assert.equal(await code(`${SUMMARY}?${ALL}&brand_id=b_two`, B), '200')
  })
})

describe('GET /api/creator/v1/reports/freshness', () => {
  const freshness = async () => (await walkList(s.get, FRESHNESS, A, 'freshness', 1)).items

  test('reported_through and final_through per brand and marketplace, by the documented rules', async () => {
    assert.deepEqual(await freshness(), [
      // settled rows only, the last one 40 days ago: final through it
      { brand_id: 'b_one', marketplace: 'DE', reported_through: day(40), final_through: day(40) },
      // the first pending row 60 days ago: final through the day before
      { brand_id: 'b_one', marketplace: 'US', reported_through: day(10), final_through: day(61) },
      // its only row is pending (and inside the restatement window): no date is final
      { brand_id: 'b_two', marketplace: 'US', reported_through: day(5), final_through: null },
    ])
    const b = (await s.get(FRESHNESS, B)).body.freshness
    // a pending row 10 days ago, inside the restatement window: final through the window's start
    assert.deepEqual(b, [{ brand_id: 'b_one', marketplace: 'US', reported_through: day(10), final_through: day(29) }])
  })

  test('after an approval: final up to the restatement window', async () => {
    await approveThrough(s.db, day(29))
    const f = await freshness()
    assert.deepEqual(f[1], { brand_id: 'b_one', marketplace: 'US', reported_through: day(10), final_through: day(29) })
  })

  test('after an ingested restatement with a new day, and a reversal', async () => {
    const dir = tempDir('csapi-summary-')
    const file = join(dir, 'r.json')
    const amazon = (d: string, sales: string, orders: string) => ({
      date: d.replaceAll('-', ''),
      advertiserName: 'One',
      campaignId: '5551234567',
      adGroupId: '711',
      productAsin: 'B0SUMUS001',
      productName: 'x',
      brandName: 'One',
      marketplace: 'AMAZON.COM',
      productConversionType: 'Promoted',
      attributedDetailPageViewsClicks14d: '1',
      attributedAddToCartClicks14d: '1',
      attributedPurchases14d: orders,
      unitsSold14d: orders,
      attributedSales14d: sales,
    })
    writeFileSync(file, JSON.stringify({ reports: [amazon(day(3), '10.00', '1'), amazon(day(10), '31.00', '1')] }))
    await ingestAmazonAttribution(s.db, [file])
    let f = await freshness()
    assert.deepEqual(f[1], { brand_id: 'b_one', marketplace: 'US', reported_through: day(3), final_through: day(29) })
    // Amazon reverses both recent orders: every row of b_one in the US is settled
    writeFileSync(file, JSON.stringify({ reports: [amazon(day(3), '0.00', '0'), amazon(day(10), '0.00', '0')] }))
    await ingestAmazonAttribution(s.db, [file])
    const rows = await reportsOf(A, `${ALL}&link_id=l_us`)
    assert.deepEqual(
      rows.map((r) => r.commission_status),
      ['approved', 'approved', 'reversed', 'reversed'],
    )
    f = await freshness()
    assert.deepEqual(f[1], { brand_id: 'b_one', marketplace: 'US', reported_through: day(3), final_through: day(29) })
    // and the summary follows every write
    const res = await s.get(`${SUMMARY}?${ALL}&group_by=brand_id,commission_status`, A)
    assert.deepEqual(res.body.summary, summarize(await reportsOf(A), ['brand_id', 'commission_status']))
  })

  test('a brand whose rows all go leaves the list', async () => {
    await s.db.query(`delete from report_rows where link_id = 'l_two'`)
    assert.deepEqual(
      (await freshness()).map((f) => f.brand_id),
      ['b_one', 'b_one'],
    )
  })
})

describe("docs/payouts.md: a month's summary by status against the payouts", () => {
  test('per month and currency, the paid items are the commission lines dated in the month', async () => {
    const paid = await pay(s.db, 'cr_a', day(29))
    assert.ok(paid.payouts.length > 0)
    const lines = new Map<string, { rows: number; cents: number }>()
    for (const payout of (await walkList(s.get, '/api/creator/v1/payouts', A, 'payouts', 100)).items)
      for (const line of (await walkList(s.get, `/api/creator/v1/payouts/${payout.id}/lines`, A, 'lines', 500)).items) {
        if (line.type !== 'commission') continue
        const key = `${line.date.slice(0, 7)}|${payout.currency}`
        const t = lines.get(key) ?? { rows: 0, cents: 0 }
        lines.set(key, { rows: t.rows + 1, cents: t.cents + line.amount_cents })
      }
    const months = new Set((await reportsOf(A)).map((r) => r.date.slice(0, 7)))
    let compared = 0
    for (const month of months) {
      const start = `${month}-01`
      const end = addDays(
        month.endsWith('12')
          ? `${Number(month.slice(0, 4)) + 1}-01-01`
          : `${month.slice(0, 5)}${String(Number(month.slice(5)) + 1).padStart(2, '0')}-01`,
        -1,
      )
      const res = await s.get(`${SUMMARY}?start=${start}&end=${end}&group_by=commission_status`, A)
      const items = res.body.summary.filter((i: any) => i.group.commission_status === 'paid')
      const fromLines = [...lines].filter(([k]) => k.startsWith(`${month}|`)).sort(([a], [b]) => (a < b ? -1 : 1))
      assert.deepEqual(
        items.map((i: any) => [i.currency, i.rows, i.commission_cents]),
        fromLines.map(([k, t]) => [k.split('|')[1], t.rows, t.cents]),
        month,
      )
      compared += items.length
    }
    assert.ok(compared > 0)
  })
})
