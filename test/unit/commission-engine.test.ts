// The commission engine as the ingestion runs it (SQL on the database under test) against the
// reference arithmetic: random amounts, rates and units; terms history and precedence; payouts.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { load, openTestDb } from '../support/helpers.js'
import { tempDir } from '../support/temp-dir.js'
import type { Db } from '../../src/db/index.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { percentageCommission } from '../../src/domain/commission.js'
import { parseDecimalToMinor } from '../../src/domain/money.js'
import { approveThrough, defaultApproveThrough } from '../../src/settlement/approve.js'
import { pay } from '../../src/settlement/pay.js'
import { formatMinor } from '../../src/domain/money.js'

const RATES = [1, 7, 1250, 3333, 9999, 10000]
const product = (i: number, commission: unknown, country = 'US') => ({
  id: `p${i}`,
  brand_id: 'b',
  asin: `B0ENGINE0${i}`,
  title: `P${i}`,
  status: 'active',
  country_code: country,
  commission,
})
const dataset = {
  accounts: [
    { id: 'cr_e', role: 'creator', name: 'E' },
    { id: 'cr_f', role: 'creator', name: 'F' },
  ],
  brands: [{ id: 'b', name: 'B', status: 'active' }],
  products: [
    ...RATES.map((bps, i) => product(i, { type: 'percentage', rate_bps: bps })),
    product(6, { type: 'flat', flat_cents: 175, currency_code: 'JPY' }, 'JP'),
    product(7, null),
  ],
  links: [
    {
      id: 'le',
      creator_id: 'cr_e',
      brand_id: 'b',
      product_id: 'p0',
      short_url: 'https://s.example/e',
      destination_url: 'https://www.amazon.com/dp/x',
      amazon_ad_group_id: '900',
    },
    {
      id: 'lf',
      creator_id: 'cr_f',
      brand_id: 'b',
      product_id: 'p0',
      short_url: 'https://s.example/f',
      destination_url: 'https://www.amazon.com/dp/x',
      amazon_ad_group_id: '901',
    },
  ],
  commission_terms: [
    // p7: general history only; cr_e has creator-specific terms from 03-05, which win over the later general change
    { product_id: 'p7', effective_from: '2026-03-01', type: 'percentage', rate_bps: 500 },
    { product_id: 'p7', effective_from: '2026-03-10', type: 'percentage', rate_bps: 800 },
    {
      product_id: 'p7',
      creator_id: 'cr_e',
      effective_from: '2026-03-05',
      type: 'flat',
      flat_cents: 99,
      currency_code: 'USD',
    },
  ],
}

let db: Db
let close: () => Promise<void>
const dir = tempDir('csapi-engine-')
before(async () => {
  ;({ db, close } = await openTestDb())
  await load(db, dataset)
})
after(() => close())

const day = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)
const row = (
  date: string,
  adGroupId: string,
  asin: string,
  sales: string,
  units: number,
  marketplace = 'AMAZON.COM',
) => ({
  date: date.replaceAll('-', ''),
  adGroupId,
  productAsin: asin,
  marketplace,
  productConversionType: 'Promoted',
  attributedPurchases14d: String(units),
  unitsSold14d: String(units),
  attributedSales14d: sales,
})

test(
  'property: the SQL commission equals round_half_up(sales * bps / 10000) of the exactly ' + 'parsed amount',
  async () => {
    // Decimal text as Amazon sends it: up to 9 integer digits and float-noise fractions.
    const amount = fc
      .tuple(fc.bigInt({ min: 0n, max: 999_999_999n }), fc.stringMatching(/^[0-9]{0,16}$/))
      .map(([whole, frac]) => (frac === '' ? whole.toString() : `${whole}.${frac}`))
    const samples = fc.sample(fc.tuple(amount, fc.integer({ min: 0, max: RATES.length - 1 })), {
      numRuns: 240,
      seed: 42,
    })
    // Ties (…5 exactly after the cents) are the case that matters: add them on purpose.
    samples.push(['0.005', 2], ['0.015', 3], ['12.345', 4], ['191.95999999999998', 2], ['0.00', 5])
    const rows = samples.map(([sales, r], i) => row(day(i), '900', `B0ENGINE0${r}`, sales, 1))
    const path = join(dir, 'random.ndjson')
    writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n'))
    const sum = await ingestAmazonAttribution(db, [path])
    assert.equal(sum.reportRows.inserted, samples.length)
    const got = await db.query<{ date: string; sales_cents: number; commission_cents: number; product_id: string }>(
      `select date, sales_cents, commission_cents, product_id from report_rows where link_id = ` +
        `'le' and product_id <> 'p7' order by date`,
    )
    assert.equal(got.length, samples.length)
    samples.forEach(([sales, r], i) => {
      const cents = parseDecimalToMinor(sales, 2)
      const g = got[i]!
      assert.equal(g.product_id, `p${r}`)
      assert.equal(BigInt(g.sales_cents), cents, sales)
      assert.equal(BigInt(g.commission_cents), percentageCommission(cents, RATES[r]!), `${sales} at ${RATES[r]} bps`)
    })
  },
)

test(
  'terms in force on the row date: general history, creator-specific precedence, flat per ' + 'unit in its currency',
  async () => {
    const path = join(dir, 'terms.json')
    writeFileSync(
      path,
      JSON.stringify({
        reports: [
          row('2026-02-28', '900', 'B0ENGINE07', '100.00', 2), // before any history: base terms (none) → 0
          row('2026-03-02', '900', 'B0ENGINE07', '100.00', 2), // general 5 %
          row('2026-03-06', '900', 'B0ENGINE07', '100.00', 2), // cr_e's flat 0.99 × 2
          row('2026-03-12', '900', 'B0ENGINE07', '100.00', 3), // still cr_e's flat, not the general 8 %
          row('2026-03-12', '901', 'B0ENGINE07', '100.00', 3), // cr_f: general 8 %
          row('2026-03-12', '900', 'B0ENGINE06', '1000', 3, 'AMAZON.CO.JP'), // flat ¥175 × 3, JPY row
        ],
      }),
    )
    await ingestAmazonAttribution(db, [path])
    const got = await db.query<{
      date: string
      link_id: string
      product_id: string
      currency: string
      commission_cents: number
    }>(
      `select date, link_id, product_id, currency, commission_cents from report_rows where ` +
        `product_id in ('p6', 'p7') order by date, link_id, product_id`,
    )
    assert.deepEqual(
      got.map((r) => [r.date, r.link_id, r.product_id, r.currency, r.commission_cents]),
      [
        ['2026-02-28', 'le', 'p7', 'USD', 0],
        ['2026-03-02', 'le', 'p7', 'USD', 500],
        ['2026-03-06', 'le', 'p7', 'USD', 198],
        ['2026-03-12', 'le', 'p6', 'JPY', 525],
        ['2026-03-12', 'le', 'p7', 'USD', 297],
        ['2026-03-12', 'lf', 'p7', 'USD', 800],
      ],
    )
  },
)

test("approve moves pending rows up to the date; pay moves one creator's approved rows, per currency", async () => {
  const approved = await approveThrough(db, '2026-03-06')
  assert.ok(approved.length > 0 && approved.every((t) => t.rows > 0))
  const again = await approveThrough(db, '2026-03-06')
  assert.deepEqual(again, [], 'nothing left to approve')
  const paid = await pay(db, 'cr_f', '2026-12-31')
  assert.deepEqual(paid, { payouts: [], carried: [] }, 'cr_f has no approved rows yet (its row is after the date)')
  const [expected] = await db.query<{ n: number; c: number }>(
    `select count(*)::int as n, sum(commission_cents)::bigint as c from report_rows where ` +
      `creator_id = 'cr_e' and commission_status = 'approved'`,
  )
  const { payouts } = await pay(db, 'cr_e', '2026-12-31')
  assert.equal(payouts.length, 1)
  assert.match(payouts[0]!.id, /^po_[0-9a-f]{32}$/)
  assert.deepEqual(
    { ...payouts[0]!, id: '' },
    {
      id: '',
      currency: 'USD',
      line_count: expected!.n,
      commission_cents: expected!.c,
      adjustment_cents: 0,
      amount_cents: expected!.c,
    },
  )
  const left = await db.query(`select 1 from report_rows where creator_id = 'cr_e' and commission_status = 'approved'`)
  assert.equal(left.length, 0)
})

test('formatMinor and the default approval date', () => {
  assert.equal(formatMinor(12345, 'USD'), '123.45')
  assert.equal(formatMinor(5, 'EUR'), '0.05')
  assert.equal(formatMinor(-1776, 'EUR'), '-17.76')
  assert.equal(formatMinor(500, 'JPY'), '500')
  assert.equal(formatMinor(1234n, 'KWD'), '1.234')
  fc.assert(
    fc.property(
      fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
      (v) => parseDecimalToMinor(formatMinor(v, 'USD'), 2) === v,
    ),
  )
  assert.equal(defaultApproveThrough(new Date('2026-03-29T12:00:00Z')), '2026-03-01')
})
