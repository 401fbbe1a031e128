// Rows a dataset file brings in as `paid` were settled before this service: `csapi import` covers
// them with an imported payout per creator and currency (docs/payouts.md), so that a row is paid
// only when exactly one payout line covers it, and what the payouts paid equals the commissions of
// the paid rows plus the settled adjustments, on every database (migration 014 covers what an
// older release imported, and the database refuses a paid row that no line covers).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestDatabase, onPostgres, startServer, walk, type TestServer } from '../support/helpers.js'
import { TOKEN_X, TOKEN_Y, dataset, moneyIdentityBreaks, report } from '../support/payouts-kit.js'
import { importDataset } from '../../src/dataset/import.js'
import { parseDataset } from '../../src/dataset/parse.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { pay } from '../../src/settlement/pay.js'
import { Client } from '../../src/client/index.js'
import { reconcilePayouts } from '../../examples/payouts.js'
import { formatCounts } from '../../src/cli/commands/import.js'
import { openDb, type Db } from '../../src/db/index.js'
import { loadMigrations, migrate } from '../../src/db/migrate.js'
import { today } from '../../src/domain/dates.js'

const P = '/api/creator/v1/payouts'
const row = (date: string, link: string, status: string, commission: number, extra: object = {}) => {
  const [product, marketplace, currency] = link === 'l_de' ? ['p_de', 'DE', 'EUR'] : ['p_us', 'US', 'USD']
  return {
    date,
    link_id: link,
    product_id: product,
    marketplace,
    currency,
    sales_cents: commission * 10,
    commission_cents: commission,
    commission_status: status,
    orders: 1,
    units_sold: 1,
    clicks: 5,
    detail_page_views: 3,
    add_to_carts: 1,
    ...extra,
  }
}
const HISTORY = [
  row('2026-01-05', 'l_us', 'paid', 700),
  row('2026-01-04', 'l_us', 'paid', 300),
  row('2026-01-04', 'l_de', 'paid', 250),
  row('2026-01-06', 'l_us', 'approved', 100),
  row('2026-01-07', 'l_us', 'pending', 90),
  // a paid row that earned nothing: its creator's imported payout is 0, not missing
  row('2026-01-05', 'l_y', 'paid', 0, { sales_cents: 0 }),
]
const load = (rows: object[]) => importDataset(s.db, parseDataset({ ...dataset, report_rows: rows }))
const strip = ({ id: _i, created_at: _c, ...p }: Record<string, unknown>) => p

let s: TestServer
before(async () => {
  s = await startServer(dataset)
})
after(() => s.close())

describe('importing paid rows', () => {
  test('one imported payout per creator and currency covers them; the creator reads it and its lines', async () => {
    const counts = await load(HISTORY)
    assert.deepEqual(counts.report_rows.covered, { rows: 4, payouts: 3 })
    const x = await walk(s, P, TOKEN_X, 'payouts', 1)
    assert.deepEqual(x.map(strip), [
      {
        currency: 'USD',
        amount_cents: 1000,
        commission_cents: 1000,
        adjustment_cents: 0,
        line_count: 2,
        through: '2026-01-05',
        source: 'import',
      },
      {
        currency: 'EUR',
        amount_cents: 250,
        commission_cents: 250,
        adjustment_cents: 0,
        line_count: 1,
        through: '2026-01-04',
        source: 'import',
      },
    ])
    for (const p of x) assert.equal(p.created_at.slice(0, 10), today(), 'dated the day it was imported')
    const lines = await walk(s, `${P}/${x[0].id}/lines`, TOKEN_X, 'lines', 1)
    assert.deepEqual(
      lines.map((l) => [l.line_no, l.type, l.date, l.link_id, l.amount_cents]),
      [
        [1, 'commission', '2026-01-04', 'l_us', 300],
        [2, 'commission', '2026-01-05', 'l_us', 700],
      ],
    )
    const [y] = (await s.get(P, TOKEN_Y)).body.payouts
    assert.deepEqual(strip(y), {
      currency: 'USD',
      amount_cents: 0,
      commission_cents: 0,
      adjustment_cents: 0,
      line_count: 1,
      through: '2026-01-05',
      source: 'import',
    })
    assert.deepEqual(await moneyIdentityBreaks(s.db), [])
    assert.match(
      formatCounts(counts),
      new RegExp(
        /\(4 report rows came paid, settled before this service: 3 imported payouts cover them, /.source +
          /one per creator and currency/.source,
      ),
    )
  })

  test('the same file again covers nothing twice; a row the file now says is paid gets its own payout', async () => {
    const again = await load(HISTORY)
    assert.equal(again.report_rows.covered, undefined)
    assert.equal((await walk(s, P, TOKEN_X, 'payouts', 100)).length, 2)

    const settledElsewhere = HISTORY.map((r) => (r.date === '2026-01-06' ? { ...r, commission_status: 'paid' } : r))
    assert.deepEqual((await load(settledElsewhere)).report_rows.covered, { rows: 1, payouts: 1 })
    const [newest] = (await s.get(`${P}?limit=1`, TOKEN_X)).body.payouts
    assert.deepEqual(
      [newest.source, newest.amount_cents, newest.line_count, newest.through],
      ['import', 100, 1, '2026-01-06'],
    )
    // an imported paid row is held like any paid row: the file cannot set it back
    const back = await load(HISTORY)
    assert.equal(back.report_rows.kept, 1)
    assert.deepEqual(await moneyIdentityBreaks(s.db), [])
  })

  test('Amazon restates an imported paid row: the next payout (source pay) settles the difference', async () => {
    // l_us is ad group 111; 2026-01-05 was imported paid with 700 cents, Amazon now says 90.00 → 900
    await ingestAmazonAttribution(s.db, [report([['20260105', '111', 'B0PAYUS001', 'AMAZON.COM', '90.00']])], {})
    await approveThrough(s.db, '2026-01-31')
    const { payouts } = await pay(s.db, 'cr_x', '2026-01-31')
    assert.deepEqual(
      payouts.map((p) => [p.currency, p.amount_cents, p.commission_cents, p.adjustment_cents]),
      [['USD', 290, 90, 200]],
      'the pending row (90) approved and paid, and the +200 restatement settled',
    )
    const [newest] = (await s.get(`${P}?limit=1`, TOKEN_X)).body.payouts
    assert.equal(newest.source, 'pay')
    assert.deepEqual(await moneyIdentityBreaks(s.db), [])
    const reconciled = await reconcilePayouts(new Client({ token: TOKEN_X, baseUrl: s.base }))
    assert.deepEqual(reconciled.differences, [])
    assert.deepEqual(
      reconciled.totals.map((t) => [
        t.currency,
        t.payouts,
        t.imported,
        t.paid_cents,
        t.paid_rows_cents,
        t.settled_adjustments_cents,
      ]),
      [
        ['EUR', 1, 1, 250, 250, 0],
        ['USD', 3, 2, 1390, 1190, 200],
      ],
    )
  })

  test('the database refuses a paid row that no payout line covers, from any writer', async () => {
    await load([row('2026-01-20', 'l_us', 'approved', 40)])
    await assert.rejects(
      s.db.query(`update report_rows set commission_status = 'paid' where date = '2026-01-20' and link_id = 'l_us'`),
      /report row \d+ \(2026-01-20, link l_us, product p_us, US\) is paid but no payout line pays it/,
    )
    const [r] = await s.db.query<{ status: string }>(
      `select commission_status as status from report_rows where date = '2026-01-20' and link_id = 'l_us'`,
    )
    assert.equal(r!.status, 'approved')
  })

  test('the example names a paid row no payout paid, and the currency whose sums disagree', async () => {
    // a proxy that shows the creator one more paid row than any payout holds
    const extra = {
      date: '2026-01-21',
      link: { id: 'l_us' },
      product_id: 'p_us',
      marketplace: 'US',
      currency: 'USD',
      commission_cents: 5,
      commission_status: 'paid',
    }
    const forging = async (input: string | URL | Request, init?: RequestInit) => {
      const res = await fetch(input, init)
      if (!String(input).includes('/reports?')) return res
      const body = await res.json()
      body.reports.push({ ...body.reports[0], ...extra })
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers })
    }
    const { differences } = await reconcilePayouts(new Client({ token: TOKEN_X, baseUrl: s.base, fetch: forging }))
    assert.deepEqual(differences, [
      "row 2026-01-21|l_us|p_us|US is paid (5 USD) but no payout's line paid it",
      "USD: the payouts paid 1390, the paid rows' commissions 1195 + the settled adjustments 200 = 1395",
    ])
  })
})

describe('importing rows this service approved', () => {
  // cr_y's link l_y is ad group 333; February is no other test's
  const stateOf = async (date: string) =>
    (
      await s.db.query<{ status: string; commission: number; currency: string }>(
        `select commission_status as status, commission_cents::int as commission, currency
           from report_rows where date = $1 and link_id = 'l_y'`,
        [date],
      )
    )[0]
  const payY = async () =>
    (await pay(s.db, 'cr_y', '2026-02-28')).payouts.map((p) => [
      p.currency,
      p.amount_cents,
      p.commission_cents,
      p.adjustment_cents,
    ])

  test('an older export re-imported, then the same Amazon files again: the restatement is paid once', async () => {
    const first = report([['20260210', '333', 'B0PAYUS001', 'AMAZON.COM', '100.00']])
    const restated = report([['20260210', '333', 'B0PAYUS001', 'AMAZON.COM', '120.00']])
    await ingestAmazonAttribution(s.db, [first], {})
    await approveThrough(s.db, '2026-02-28')
    assert.equal((await ingestAmazonAttribution(s.db, [restated], {})).adjustments.count, 1, '1000 → 1200')
    // the export taken before the approval, where the row is pending with its first commission
    const counts = await load([row('2026-02-10', 'l_y', 'pending', 1000)])
    // Amazon's files again (the same files ingested twice change nothing), then settle
    assert.equal((await ingestAmazonAttribution(s.db, [first, restated], {})).adjustments.count, 0)
    await approveThrough(s.db, '2026-02-28')
    assert.deepEqual(await payY(), [['USD', 1200, 1000, 200]], 'Amazon says the row earned 1200: paid once')
    assert.deepEqual(await stateOf('2026-02-10'), { status: 'paid', commission: 1000, currency: 'USD' })
    assert.equal(counts.report_rows.kept, 1)
    assert.match(formatCounts(counts), /\(1 approved or paid report row kept the commission and currency they were /)
    assert.deepEqual(await moneyIdentityBreaks(s.db), [])
  })

  test('a file cannot change an approved row its adjustments start from, and may say it was paid', async () => {
    await ingestAmazonAttribution(s.db, [report([['20260211', '333', 'B0PAYUS001', 'AMAZON.COM', '50.00']])], {})
    await approveThrough(s.db, '2026-02-28')
    await ingestAmazonAttribution(s.db, [report([['20260211', '333', 'B0PAYUS001', 'AMAZON.COM', '60.00']])], {})
    for (const change of [{ commission_cents: 600 }, { currency: 'EUR' }, { commission_status: 'reversed' }]) {
      const counts = await load([{ ...row('2026-02-11', 'l_y', 'approved', 500), ...change }])
      assert.equal(counts.report_rows.kept, 1, JSON.stringify(change))
      assert.deepEqual(await stateOf('2026-02-11'), { status: 'approved', commission: 500, currency: 'USD' })
    }
    // settled before this service: an imported payout covers it, and the next payout the +100
    const paid = await load([row('2026-02-11', 'l_y', 'paid', 500)])
    assert.deepEqual([paid.report_rows.covered, paid.report_rows.kept], [{ rows: 1, payouts: 1 }, undefined])
    assert.deepEqual(await stateOf('2026-02-11'), { status: 'paid', commission: 500, currency: 'USD' })
    assert.deepEqual(await payY(), [['USD', 100, 0, 100]])
    assert.deepEqual(await moneyIdentityBreaks(s.db), [])
  })
})

test('migration 014 covers paid rows an older release imported without a payout', async () => {
  const t = onPostgres ? await createTestDatabase() : null
  const db: Db = await openDb(t ? t.url : 'memory:')
  try {
    const all = loadMigrations()
    assert.equal(all[13]?.name, 'imported_payouts')
    await migrate(db, all.slice(0, 13))
    await db.exec(`
      insert into accounts (id, role, name) values ('cr_a', 'creator', 'A'), ('cr_b', 'creator', 'B');
      insert into brands (id, name, status) values ('b1', 'One', 'active');
      insert into products (id, brand_id, asin, title, status, country_code) values
        ('p1', 'b1', 'B000000001', 'US', 'active', 'US'), ('p2', 'b1', 'B000000002', 'DE', 'active', 'DE');
      insert into links (id, creator_id, brand_id, product_id, short_url, destination_url) values
        ('la', 'cr_a', 'b1', 'p1', 'https://s.example/a', 'https://www.amazon.com/dp/B000000001'),
        ('lb', 'cr_b', 'b1', 'p1', 'https://s.example/b', 'https://www.amazon.com/dp/B000000001');
      insert into report_rows (date, link_id, product_id, creator_id, brand_id, asin, marketplace, currency,
                               sales_cents, commission_cents, commission_status, orders, units_sold, clicks,
                               detail_page_views, add_to_carts) values
        ('2026-01-02', 'la', 'p1', 'cr_a', 'b1', 'B000000001', 'US', 'USD', 1000, 100, 'paid', 1, 1, 1, 1, 1),
        ('2026-01-01', 'la', 'p1', 'cr_a', 'b1', 'B000000001', 'US', 'USD', 2000, 200, 'paid', 1, 1, 1, 1, 1),
        ('2026-01-01', 'la', 'p2', 'cr_a', 'b1', 'B000000002', 'DE', 'EUR', 3000, 300, 'paid', 1, 1, 1, 1, 1),
        ('2026-01-03', 'la', 'p1', 'cr_a', 'b1', 'B000000001', 'US', 'USD', 4000, 400, 'approved', 1, 1, 1, 1, 1),
        ('2026-01-01', 'lb', 'p1', 'cr_b', 'b1', 'B000000001', 'US', 'USD', 500, 50, 'pending', 1, 1, 1, 1, 1);
    `)
    // a row a payout paid the usual way stays its line alone
    await db.exec(`update report_rows set commission_status = 'approved' where commission_cents = 100`)
    await pay(db, 'cr_a', '2026-01-02')
    assert.notDeepEqual(await moneyIdentityBreaks(db), [], 'before: paid rows that no payout paid')

    await migrate(db, all)
    assert.deepEqual(await moneyIdentityBreaks(db), [])
    assert.deepEqual(
      await db.query(
        `select source, creator_id, currency, amount_cents::int, line_count, to_char(through, 'YYYY-MM-DD') as through
           from payouts order by seq`,
      ),
      [
        { source: 'pay', creator_id: 'cr_a', currency: 'USD', amount_cents: 100, line_count: 1, through: '2026-01-02' },
        {
          source: 'import',
          creator_id: 'cr_a',
          currency: 'EUR',
          amount_cents: 300,
          line_count: 1,
          through: '2026-01-01',
        },
        {
          source: 'import',
          creator_id: 'cr_a',
          currency: 'USD',
          amount_cents: 200,
          line_count: 1,
          through: '2026-01-01',
        },
      ],
    )
  } finally {
    await db.close()
    await t?.drop()
  }
})
