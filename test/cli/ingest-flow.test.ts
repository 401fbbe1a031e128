// The whole flow on the database under test (PGlite, or PostgreSQL with TEST_DATABASE_URL, where
// the COPY path runs on its own connection): ingest → public reports endpoint → restate →
// approve → pay → reverse, plus refusals, dry run and idempotency.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { onPostgres, startServer, type TestServer } from '../support/helpers.js'
import { tempDir } from '../support/temp-dir.js'
import { ingestAmazonAttribution, IngestFileError, IngestRefused, type IngestOptions } from '../../src/ingest/run.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { pay } from '../../src/settlement/pay.js'
import { importDataset } from '../../src/dataset/import.js'
import { parseDataset } from '../../src/dataset/parse.js'

const TOKEN_X = 'test_token_ingest_cr_x_0001'
const TOKEN_Y = 'test_token_ingest_cr_y_0001'

const dataset = {
  accounts: [
    { id: 'cr_x', role: 'creator', name: 'X' },
    { id: 'cr_y', role: 'creator', name: 'Y' },
  ],
  api_tokens: [
    { account_id: 'cr_x', token: TOKEN_X },
    { account_id: 'cr_y', token: TOKEN_Y },
  ],
  brands: [
    { id: 'b_one', name: 'One', status: 'active' },
    { id: 'b_noads', name: 'No Ads', status: 'active', ads_connected: false },
  ],
  products: [
    {
      id: 'p1',
      brand_id: 'b_one',
      asin: 'B0ING00001',
      title: 'P1',
      status: 'active',
      country_code: 'US',
      commission: { type: 'percentage', rate_bps: 1000 },
    },
    {
      id: 'p2',
      brand_id: 'b_one',
      asin: 'B0ING00002',
      title: 'P2',
      status: 'active',
      country_code: 'US',
      commission: { type: 'flat', flat_cents: 150, currency_code: 'USD' },
    },
    {
      id: 'p3',
      brand_id: 'b_one',
      asin: 'B0ING00003',
      title: 'P3',
      status: 'active',
      country_code: 'UK',
      commission: { type: 'flat', flat_cents: 100, currency_code: 'USD' },
    },
    { id: 'p4', brand_id: 'b_noads', asin: 'B0NOADS001', title: 'P4', status: 'active', country_code: 'US' },
  ],
  links: [
    {
      id: 'l1',
      creator_id: 'cr_x',
      brand_id: 'b_one',
      product_id: 'p1',
      short_url: 'https://s.example/1',
      destination_url: 'https://www.amazon.com/dp/B0ING00001',
      amazon_ad_group_id: '144523967350812',
    },
    {
      id: 'l2',
      creator_id: 'cr_y',
      brand_id: 'b_one',
      product_id: 'p2',
      short_url: 'https://s.example/2',
      destination_url: 'https://www.amazon.com/dp/B0ING00002',
      amazon_ad_group_id: '222',
    },
    {
      id: 'l3',
      creator_id: 'cr_x',
      brand_id: 'b_noads',
      product_id: 'p4',
      short_url: 'https://s.example/3',
      destination_url: 'https://www.amazon.com/dp/B0NOADS001',
      amazon_ad_group_id: '333',
    },
    {
      id: 'l4',
      creator_id: 'cr_y',
      brand_id: 'b_one',
      short_url: 'https://s.example/4',
      destination_url: 'https://www.amazon.com/stores/One',
      amazon_ad_group_id: '444',
    },
  ],
  commission_terms: [
    { product_id: 'p1', effective_from: '2026-03-10', type: 'percentage', rate_bps: 1500 },
    { product_id: 'p1', creator_id: 'cr_x', effective_from: '2026-03-20', type: 'percentage', rate_bps: 2000 },
  ],
}

const dir = tempDir('csapi-ingest-')
function file(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

const promoted = (
  date: string,
  adGroupId: string | number,
  asin: string,
  sales: string,
  units: number,
  marketplace = 'AMAZON.COM',
) => ({
  date,
  advertiserName: 'One',
  campaignId: 5551234567,
  adGroupId,
  productAsin: asin,
  productName: 'x',
  brandName: 'One',
  marketplace,
  productConversionType: 'Promoted',
  attributedDetailPageViewsClicks14d: String(units * 3),
  attributedAddToCartClicks14d: String(units * 2),
  attributedPurchases14d: String(units),
  unitsSold14d: String(units),
  attributedSales14d: sales,
})
const halo = (date: string, adGroupId: string, asin: string, sales: string, units: number) => ({
  date,
  advertiserName: 'One',
  campaignId: '5551234567',
  adGroupId,
  productAsin: asin,
  productName: 'x',
  brandName: 'One',
  marketplace: 'AMAZON.COM',
  productConversionType: 'Brand Halo',
  brandHaloDetailPageViewsClicks14d: '1',
  brandHaloAttributedAddToCartClicks14d: '1',
  brandHaloAttributedPurchases14d: String(units),
  brandHaloUnitsSold14d: String(units),
  brandHaloAttributedSales14d: sales,
})

// Day 1 of reports: a page of PRODUCTS rows (an unsafe-integer ad group id given as a JSON number)
// and a CSV of PERFORMANCE rows.
const products1 = file(
  'products-1.json',
  JSON.stringify({
    reports: [
      promoted('20260305', 'AD', 'B0ING00001', '191.95999999999998', 4),
      halo('20260305', '144523967350812', 'B0ING00002', '10.005', 1),
      promoted('20260312', '144523967350812', 'B0ING00001', '100.00', 1),
      promoted('20260321', '144523967350812', 'B0ING00001', '100', 1),
      promoted('20260305', '222', 'B0ING00002', '20.00', 2),
      promoted('20260305', '999', 'B0ING00001', '5.00', 1),
      promoted('20260305', '333', 'B0NOADS001', '5.00', 1),
      promoted('20260305', '144523967350812', 'B0UNKNOWN1', '5.00', 1),
    ],
    cursorId: null,
  }).replace('"AD"', '144523967350812'),
)
const performance1 = file(
  'performance-1.csv',
  [
    'date,campaignId,adGroupId,Click-throughs',
    '20260305,5551234567,144523967350812,40',
    '20260306,5551234567,144523967350812,7',
    '20260305,5551234567,444,5',
  ].join('\n') + '\n',
)

let s: TestServer
let opts: IngestOptions
before(async () => {
  s = await startServer(dataset)
  opts = {}
})
after(() => s.close())

const ingest = (files: string[], more: IngestOptions = {}) => ingestAmazonAttribution(s.db, files, { ...opts, ...more })

async function reports(token = TOKEN_X) {
  const res = await s.get('/api/creator/v1/reports?start=2026-03-01&end=2026-03-31&limit=100', token)
  assert.equal(res.status, 200, JSON.stringify(res.body))
  return res.body.reports as Record<string, any>[]
}
const pick = (rows: Record<string, any>[], date: string, asin: string) =>
  rows.find((r) => r.date === date && r.asin === asin)
const snapshot = () => s.db.query('select * from report_rows order by id')
const adjustments = () => s.db.query('select * from commission_adjustments order by id')

describe('ingest flow', () => {
  test('a dry run prints what would change and changes nothing', async () => {
    const sum = await ingest([products1, performance1], { dryRun: true })
    assert.equal(sum.dryRun, true)
    assert.equal(sum.reportRows.inserted, 6)
    assert.deepEqual(await snapshot(), [])
  })

  test('--strict refuses a run with unplaceable rows, whole', async () => {
    await assert.rejects(
      ingest([products1, performance1], { strict: true }),
      (e: Error) =>
        e instanceof IngestRefused && /unknown ad group \(no link has this amazon_ad_group_id\): 1/.test(e.message),
    )
    assert.deepEqual(await snapshot(), [])
  })

  test('ingest: rows placed, commission from the terms in force, unplaceable rows counted by reason', async () => {
    const sum = await ingest([products1, performance1])
    assert.equal(sum.path, onPostgres ? 'copy' : 'unnest')
    assert.equal(sum.rowsRead, 11)
    assert.deepEqual(
      { ...sum.reportRows },
      { total: 6, inserted: 6, updated: 0, unchanged: 0, reversed: 0, restated: 0 },
    )
    assert.deepEqual(
      sum.unplaced.map((u) => [u.reason, u.count]),
      [
        ['asin_not_in_catalogue', 1],
        ['brand_not_connected', 1],
        ['link_without_product', 1],
        ['unknown_ad_group', 1],
      ],
    )
    assert.match(
      sum.unplaced.find((u) => u.reason === 'unknown_ad_group')!.examples[0]!,
      /products-1\.json row 6 \(date 2026-03-05, adGroupId 999, ASIN B0ING00001\)/,
    )

    const rows = await reports()
    assert.equal(rows.length, 5)
    // 191.95999999999998 → 19196 cents; base terms 10 %: 1919.6 → 1920
    assert.deepEqual(pick(rows, '2026-03-05', 'B0ING00001'), {
      date: '2026-03-05',
      brand_id: 'b_one',
      product_id: 'p1',
      asin: 'B0ING00001',
      marketplace: 'US',
      currency: 'USD',
      sales_cents: 19196,
      commission_cents: 1920,
      commission_status: 'pending',
      orders: 4,
      units_sold: 4,
      clicks: 40,
      detail_page_views: 12,
      add_to_carts: 8,
      link: {
        id: 'l1',
        tracking_id: '',
        short_url: 'https://s.example/1',
        destination_url: 'https://www.amazon.com/dp/B0ING00001',
      },
    })
    // brand halo: 10.005 → 1001 (half away from zero); flat 150 × 1 unit; no clicks
    assert.deepEqual(
      [
        pick(rows, '2026-03-05', 'B0ING00002')!.sales_cents,
        pick(rows, '2026-03-05', 'B0ING00002')!.commission_cents,
        pick(rows, '2026-03-05', 'B0ING00002')!.clicks,
      ],
      [1001, 150, 0],
    )
    // clicks without conversions: the link's own product row, created with zero conversions
    assert.deepEqual(
      [pick(rows, '2026-03-06', 'B0ING00001')!.clicks, pick(rows, '2026-03-06', 'B0ING00001')!.sales_cents],
      [7, 0],
    )
    // general history from 03-10 (15 %), creator-specific from 03-20 (20 %)
    assert.equal(pick(rows, '2026-03-12', 'B0ING00001')!.commission_cents, 1500)
    assert.equal(pick(rows, '2026-03-21', 'B0ING00001')!.commission_cents, 2000)
    const other = await reports(TOKEN_Y)
    assert.deepEqual(
      other.map((r) => [r.link.id, r.sales_cents, r.commission_cents]),
      [['l2', 2000, 300]],
    )
  })

  test('ingesting the same files again changes nothing', async () => {
    const before = await snapshot()
    const sum = await ingest([products1, performance1])
    assert.deepEqual([sum.reportRows.inserted, sum.reportRows.updated, sum.reportRows.unchanged], [0, 0, 6])
    assert.deepEqual(await snapshot(), before)
  })

  test('restatement: pending rows recomputed; a row no longer reported falls to zero and is reversed', async () => {
    const restated = file(
      'products-2.ndjson',
      [promoted('20260305', '144523967350812', 'B0ING00001', '150.00', 3)].map((r) => JSON.stringify(r)).join('\n') +
        '\n',
    )
    const sum = await ingest([restated])
    assert.equal(sum.reportRows.updated, 2)
    assert.equal(sum.reportRows.reversed, 1)
    const rows = await reports()
    assert.deepEqual(
      [
        pick(rows, '2026-03-05', 'B0ING00001')!.sales_cents,
        pick(rows, '2026-03-05', 'B0ING00001')!.commission_cents,
        pick(rows, '2026-03-05', 'B0ING00001')!.clicks,
      ],
      [15000, 1500, 40],
    )
    const reversed = pick(rows, '2026-03-05', 'B0ING00002')!
    assert.deepEqual(
      [reversed.commission_status, reversed.sales_cents, reversed.orders, reversed.commission_cents],
      ['reversed', 0, 0, 0],
    )
  })

  test('approve, then a restatement of an approved row is an adjustment; pay prints per currency', async () => {
    const approved = await approveThrough(s.db, '2026-03-10')
    assert.deepEqual(approved, [{ currency: 'USD', rows: 3, commission_cents: 1500 + 300 }])
    const restated = file(
      'products-3.json',
      JSON.stringify([promoted('20260305', '144523967350812', 'B0ING00001', '120.00', 2)]),
    )
    const before = await snapshot()
    const sum = await ingest([restated])
    assert.equal(sum.adjustments.count, 1)
    assert.deepEqual(
      [
        sum.adjustments.listed[0]!.commission_cents,
        sum.adjustments.listed[0]!.restated_commission_cents,
        sum.adjustments.listed[0]!.commission_status,
      ],
      [1500, 1200, 'approved'],
    )
    assert.deepEqual(await snapshot(), before, 'approved rows are not changed')
    const again = await ingest([restated])
    assert.equal(again.adjustments.count, 0, 'the same restatement is recorded once')
    assert.equal((await adjustments()).length, 1)

    // the payout pays the approved rows (1500) and settles the restatement's difference (1200 - 1500)
    const { payouts } = await pay(s.db, 'cr_x', '2026-03-31')
    assert.deepEqual(
      payouts.map(({ id: _, ...p }) => p),
      [{ currency: 'USD', line_count: 3, commission_cents: 1500, adjustment_cents: -300, amount_cents: 1200 }],
    )
    const rows = await reports()
    assert.equal(pick(rows, '2026-03-05', 'B0ING00001')!.commission_status, 'paid')
    assert.equal(pick(rows, '2026-03-12', 'B0ING00001')!.commission_status, 'pending')
  })

  test('a restatement that leaves the commission as it was is not an adjustment', async () => {
    const before = await adjustments()
    // flat terms pay per unit: other sales, same units, same 3.00; and more clicks on a paid 0.00 row
    const sameCommission = file(
      'products-4.json',
      JSON.stringify([{ ...promoted('20260305', '222', 'B0ING00002', '25.00', 2), attributedPurchases14d: '1' }]),
    )
    const clicks = file(
      'performance-4.csv',
      'date,campaignId,adGroupId,Click-throughs\n20260306,5551234567,144523967350812,9\n',
    )
    const sum = await ingest([sameCommission, clicks])
    assert.equal(sum.reportRows.restated, 2, 'Amazon restated two settled rows')
    assert.equal(sum.adjustments.count, 0, 'neither moved the commission')
    assert.deepEqual(await adjustments(), before)
    // the next restatement that does move it starts from the row's own commission
    const more = file('products-5.json', JSON.stringify([promoted('20260305', '222', 'B0ING00002', '30.00', 3)]))
    const moved = await ingest([more])
    assert.deepEqual(
      moved.adjustments.listed.map((a) => [a.link_id, a.commission_cents, a.restated_commission_cents]),
      [['l2', 300, 450]],
    )
  })

  test('a bad file is refused whole, naming the row', async () => {
    const before = await snapshot()
    const bad = file(
      'bad.json',
      JSON.stringify([
        promoted('20260322', '144523967350812', 'B0ING00001', '5.00', 1),
        promoted('20260322', '144523967350812', 'B0ING00001', '1e3', 1),
      ]),
    )
    await assert.rejects(
      ingest([bad]),
      (e: Error) => e instanceof IngestFileError && /bad\.json row 2: attributedSales14d: .*exponent/.test(e.message),
    )
    const badDate = file('bad.csv', 'date,campaignId,adGroupId,Click-throughs\n20260230,1,144523967350812,3\n')
    await assert.rejects(ingest([badDate]), /bad\.csv row 1: date must be a day/)
    assert.deepEqual(await snapshot(), before)
  })

  test('flat terms in another currency refuse the run, naming the row', async () => {
    const before = await snapshot()
    const uk = file(
      'uk.json',
      JSON.stringify({ reports: [promoted('20260323', '144523967350812', 'B0ING00003', '9.99', 1, 'AMAZON.CO.UK')] }),
    )
    await assert.rejects(
      ingest([uk]),
      (e: Error) =>
        e instanceof IngestRefused &&
        /uk\.json row 1: product p3 earns flat commission terms in USD, but the row .* is in GBP/.test(e.message),
    )
    assert.deepEqual(await snapshot(), before)
  })

  test('flat terms in another currency refuse a clicks file too, for a row with units sold', async () => {
    // a UK link whose row earned percentage terms; flat EUR terms for its date are imported later
    const load = (ds: object) => importDataset(s.db, parseDataset(ds))
    await load({
      brands: [{ id: 'b_uk', name: 'UK', status: 'active' }],
      products: [
        {
          id: 'p5',
          brand_id: 'b_uk',
          asin: 'B0ING00005',
          title: 'P5',
          status: 'active',
          country_code: 'UK',
          commission: { type: 'percentage', rate_bps: 1000 },
        },
      ],
      links: [
        {
          id: 'l5',
          creator_id: 'cr_x',
          brand_id: 'b_uk',
          product_id: 'p5',
          short_url: 'https://s.example/5',
          destination_url: 'https://www.amazon.co.uk/dp/B0ING00005',
          amazon_ad_group_id: '555',
        },
      ],
    })
    const sold = file(
      'uk-5.json',
      JSON.stringify([promoted('20260324', '555', 'B0ING00005', '20.00', 2, 'AMAZON.CO.UK')]),
    )
    assert.equal((await ingest([sold])).reportRows.inserted, 1)
    await load({
      commission_terms: [
        { product_id: 'p5', effective_from: '2026-03-01', type: 'flat', flat_cents: 500, currency_code: 'EUR' },
      ],
    })
    const before = await snapshot()
    const clicks = file('uk-5.csv', 'date,campaignId,adGroupId,Click-throughs\n20260324,5551234567,555,12\n')
    await assert.rejects(
      ingest([clicks]),
      (e: Error) =>
        e instanceof IngestRefused &&
        /uk-5\.csv row 1: product p5 earns flat commission terms in EUR, but the row /.test(e.message) &&
        /\(2026-03-24, link l5, UK\) is in GBP; refusing to mix currencies$/.test(e.message),
    )
    assert.deepEqual(await snapshot(), before, 'the GBP row is not paid 2 × 500 EUR cents')
    // clicks of a day without units earn nothing: taken
    const none = file('uk-6.csv', 'date,campaignId,adGroupId,Click-throughs\n20260325,5551234567,555,4\n')
    const taken = await ingest([none])
    assert.deepEqual([taken.reportRows.inserted, taken.reportRows.updated], [1, 0])
  })

  test('the product shows its current general terms', async () => {
    const [row] = await s.db.query<{ commission_type: string; commission_rate_bps: number }>(
      `select commission_type, commission_rate_bps from products where id = 'p1'`,
    )
    assert.deepEqual(row, { commission_type: 'percentage', commission_rate_bps: 1000 }, 'base terms stay as imported')
    const { listBrandProducts } = await import('../../src/http/seller/products/sql.js')
    const page = await listBrandProducts(s.db, 'se_nobody', 'b_one', '', 1)
    const p1 = JSON.parse(`[${page.rows}]`)[0]
    assert.deepEqual(
      [p1.id, p1.commission.type, p1.commission.rate_bps, p1.commission.rate],
      ['p1', 'percentage', 1500, 0.15],
    )
  })
})
