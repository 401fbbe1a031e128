// Payouts, their lines and adjustments over HTTP (docs/payouts.md), driven the way the operator
// makes them: ingest → approve → restate → pay → restate again → pay. Every answer is checked
// against /openapi.json by the test server; the totals are checked to the cent against the report
import { cursorScope } from '../../src/http/cursor.js'
// rows the creator reads from /reports.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startServer, walk, type TestServer } from '../support/helpers.js'
import { TOKEN_S, TOKEN_X, TOKEN_Y, dataset, report } from '../support/payouts-kit.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { pay } from '../../src/settlement/pay.js'
import { importDataset } from '../../src/dataset/import.js'
import { parseDataset } from '../../src/dataset/parse.js'
import { Client, NotFoundError } from '../../src/client/index.js'
import { reconcilePayouts } from '../../examples/payouts.js'
import { main } from '../../src/cli/main.js'
import { PassThrough } from 'node:stream'

let s: TestServer
before(async () => {
  s = await startServer(dataset)
})
after(() => s.close())

const ingest = (rows: Parameters<typeof report>[0]) => ingestAmazonAttribution(s.db, [report(rows)], {})
const P = '/api/creator/v1/payouts'
const A = '/api/creator/v1/adjustments'
const lines = (id: string) => `${P}/${id}/lines`
const sum = (xs: { amount_cents: number }[]) => xs.reduce((t, x) => t + x.amount_cents, 0)

async function rowsOf(token: string) {
  const res = await s.get('/api/creator/v1/reports?start=2026-03-01&end=2026-03-31&limit=100', token)
  assert.equal(res.status, 200)
  return res.body.reports as Record<string, any>[]
}

describe('payouts, lines and adjustments', () => {
  let usd = ''
  let eur = ''

  test('before any payout: empty lists, not errors', async () => {
    await ingest([
      ['20260305', '111', 'B0PAYUS001', 'AMAZON.COM', '100.00'],
      ['20260306', '111', 'B0PAYUS001', 'AMAZON.COM', '50.00'],
      ['20260305', '222', 'B0PAYDE001', 'AMAZON.DE', '20.00'],
      ['20260305', '333', 'B0PAYUS001', 'AMAZON.COM', '10.00'],
    ])
    assert.deepEqual((await s.get(P, TOKEN_X)).body, { payouts: [], next_cursor: null })
    assert.deepEqual((await s.get(A, TOKEN_X)).body, { adjustments: [], next_cursor: null })
  })

  test('a restatement of an approved row is an unsettled adjustment with before, after and difference', async () => {
    await approveThrough(s.db, '2026-03-31')
    await ingest([['20260305', '111', 'B0PAYUS001', 'AMAZON.COM', '80.00']])
    const { adjustments } = (await s.get(`${A}?status=unsettled`, TOKEN_X)).body
    assert.equal(adjustments.length, 1)
    const { id, found_at, ...rest } = adjustments[0]
    assert.match(id, /^adj_/)
    assert.ok(!Number.isNaN(Date.parse(found_at)))
    assert.deepEqual(rest, {
      status: 'unsettled',
      date: '2026-03-05',
      link_id: 'l_us',
      product_id: 'p_us',
      asin: 'B0PAYUS001',
      marketplace: 'US',
      currency: 'USD',
      commission_status: 'approved',
      amount_before_cents: 1000,
      amount_after_cents: 800,
      difference_cents: -200,
    })
    assert.deepEqual((await s.get(`${A}?status=settled`, TOKEN_X)).body.adjustments, [])
    assert.deepEqual((await s.get(A, TOKEN_Y)).body.adjustments, [], 'another creator sees none of it')
    const row = (await rowsOf(TOKEN_X)).find((r) => r.date === '2026-03-05' && r.marketplace === 'US')!
    assert.equal(row.commission_cents, 1000, 'the row stays as it was approved')
  })

  test('pay: one payout per currency, whose lines add up to it and name the rows the creator reads', async () => {
    await pay(s.db, 'cr_x', '2026-03-31')
    const payouts = await walk(s, P, TOKEN_X, 'payouts', 1)
    assert.deepEqual(
      payouts.map(({ id: _i, created_at: _c, ...p }) => p),
      [
        {
          currency: 'USD',
          amount_cents: 1300,
          commission_cents: 1500,
          adjustment_cents: -200,
          line_count: 3,
          through: '2026-03-31',
          source: 'pay',
        },
        {
          currency: 'EUR',
          amount_cents: 200,
          commission_cents: 200,
          adjustment_cents: 0,
          line_count: 1,
          through: '2026-03-31',
          source: 'pay',
        },
      ],
      'newest first: one transaction makes them in currency order, EUR then USD',
    )
    usd = payouts.find((p) => p.currency === 'USD')!.id
    eur = payouts.find((p) => p.currency === 'EUR')!.id
    assert.match(usd, /^po_[0-9a-f]{32}$/)

    const rows = await rowsOf(TOKEN_X)
    for (const p of payouts) {
      for (const limit of [1, 2, 500]) {
        const ls = await walk(s, lines(p.id), TOKEN_X, 'lines', limit)
        assert.equal(ls.length, p.line_count)
        assert.equal(sum(ls), p.amount_cents, 'the lines add up to the payout to the cent')
        assert.equal(sum(ls.filter((l) => l.type === 'commission')), p.commission_cents)
        assert.equal(sum(ls.filter((l) => l.type === 'adjustment')), p.adjustment_cents)
        assert.deepEqual(
          ls.map((l) => l.line_no),
          ls.map((_, i) => i + 1),
        )
        for (const l of ls.filter((x) => x.type === 'commission')) {
          const row = rows.find(
            (r) =>
              r.date === l.date &&
              r.link.id === l.link_id &&
              r.product_id === l.product_id &&
              r.marketplace === l.marketplace,
          )!
          assert.equal(row.commission_status, 'paid')
          assert.equal(row.commission_cents, l.amount_cents)
          assert.equal(row.currency, p.currency)
        }
      }
    }
    const usdLines = await walk(s, lines(usd), TOKEN_X, 'lines', 500)
    assert.deepEqual(
      usdLines.map((l) => [l.type, l.date, l.amount_cents]),
      [
        ['commission', '2026-03-05', 1000],
        ['commission', '2026-03-06', 500],
        ['adjustment', '2026-03-05', -200],
      ],
    )
    const [adjustment] = (await s.get(`${A}?status=settled`, TOKEN_X)).body.adjustments
    assert.equal(adjustment.payout_id, usd)
    assert.deepEqual(
      {
        id: usdLines[2].adjustment_id,
        before: usdLines[2].amount_before_cents,
        after: usdLines[2].amount_after_cents,
        found_at: usdLines[2].found_at,
      },
      { id: adjustment.id, before: 1000, after: 800, found_at: adjustment.found_at },
    )
    assert.deepEqual((await s.get(`${A}?status=unsettled`, TOKEN_X)).body.adjustments, [])
    assert.deepEqual((await s.get(P, TOKEN_Y)).body.payouts, [], 'cr_y was not paid')
  })

  test(
    'a row a payout paid keeps its status, commission and currency: an import keeps them, ' +
      'other writers are refused; no double pay',
    async () => {
      const paidRow = (await rowsOf(TOKEN_X)).find((r) => r.date === '2026-03-06' && r.marketplace === 'US')!
      assert.equal(paidRow.commission_status, 'paid')
      const row = {
        date: '2026-03-06',
        link_id: 'l_us',
        product_id: 'p_us',
        marketplace: 'US',
        currency: 'USD',
        sales_cents: 5000,
        commission_cents: 500,
        commission_status: 'approved',
        orders: 1,
        units_sold: 1,
        clicks: 0,
        detail_page_views: 1,
        add_to_carts: 1,
      }
      // an import keeps what was paid (an older export re-imported, the demo run again), and says so
      for (const change of [{}, { commission_status: 'paid', commission_cents: 9999 }, { currency: 'EUR' }]) {
        const counts = await importDataset(s.db, parseDataset({ ...dataset, report_rows: [{ ...row, ...change }] }))
        assert.equal(counts.report_rows.kept, 1, JSON.stringify(change))
        assert.equal(counts.report_rows.updated, 0)
      }
      await assert.rejects(
        s.db.query(
          `update report_rows set commission_status = 'approved' where link_id = 'l_us' and date = '2026-03-06'`,
        ),
        /is paid by payout/,
      )
      await assert.rejects(
        s.db.query(`update report_rows set commission_cents = 1 where link_id = 'l_us' and date = '2026-03-06'`),
        /is paid by payout po_[0-9a-f]{32}/,
      )
      const after = (await rowsOf(TOKEN_X)).find((r) => r.date === '2026-03-06' && r.marketplace === 'US')!
      assert.deepEqual(after, paidRow, 'the row is as it was paid')
      assert.deepEqual((await pay(s.db, 'cr_x', '2026-03-31')).payouts, [], 'nothing to pay a second time')
      // a paid row's other fields (the file's clicks) still import; its status and commission stay
      const counts = await importDataset(
        s.db,
        parseDataset({ ...dataset, report_rows: [{ ...row, commission_status: 'paid', clicks: 3 }] }),
      )
      assert.equal(counts.report_rows.updated, 1)
      assert.equal(counts.report_rows.kept, undefined, 'the file said paid, with the same commission: nothing kept')
      const clicked = (await rowsOf(TOKEN_X)).find((r) => r.date === '2026-03-06' && r.marketplace === 'US')!
      assert.deepEqual([clicked.clicks, clicked.commission_status, clicked.commission], [3, 'paid', paidRow.commission])
    },
  )

  test('restating paid rows: the next payout takes only the differences, chained before → after', async () => {
    await ingest([
      ['20260305', '111', 'B0PAYUS001', 'AMAZON.COM', '90.00'],
      ['20260306', '111', 'B0PAYUS001', 'AMAZON.COM', '70.00'],
    ])
    // found in one run: "the order found" is the run's order, so compare them by date
    const unsettled = (await s.get(`${A}?status=unsettled`, TOKEN_X)).body.adjustments.sort((a: any, b: any) =>
      a.date.localeCompare(b.date),
    )
    assert.deepEqual(
      unsettled.map((a: any) => [
        a.date,
        a.commission_status,
        a.amount_before_cents,
        a.amount_after_cents,
        a.difference_cents,
      ]),
      [
        ['2026-03-05', 'paid', 800, 900, 100],
        ['2026-03-06', 'paid', 500, 700, 200],
      ],
    )
    const again = await pay(s.db, 'cr_x', '2026-03-31')
    assert.deepEqual(
      again.payouts.map((p) => [p.currency, p.amount_cents, p.commission_cents, p.adjustment_cents, p.line_count]),
      [['USD', 300, 0, 300, 2]],
    )
    const newest = (await s.get(`${P}?limit=1`, TOKEN_X)).body.payouts[0]
    assert.equal(newest.id, again.payouts[0]!.id, 'newest first')
    assert.equal(sum(await walk(s, lines(newest.id), TOKEN_X, 'lines', 1)), 300)
    const all = await walk(s, P, TOKEN_X, 'payouts', 1)
    assert.equal(all.length, 3)
    assert.equal(new Set(all.map((p) => p.id)).size, 3, 'no payout twice across pages')
    // every cent: what the payouts paid is what the rows' commissions now are
    const rows = await rowsOf(TOKEN_X)
    const owed = (cur: string) =>
      sum(rows.filter((r) => r.currency === cur).map((r) => ({ amount_cents: r.commission_cents })))
    const paid = (cur: string) => sum(all.filter((p) => p.currency === cur))
    assert.equal(paid('EUR'), owed('EUR'))
    assert.equal(paid('USD'), 900 + 700, 'paid: what Amazon says now, 1500 - 200 + 100 + 200')
    assert.equal(
      owed('USD'),
      1500,
      'the rows keep the commission they were paid with; adjustments carry the restatements',
    )
    const adjustments = await walk(s, A, TOKEN_X, 'adjustments', 1)
    assert.equal(paid('USD'), owed('USD') + adjustments.reduce((t, a) => t + a.difference_cents, 0))
  })

  test('a clawback larger than what is owed makes no payout; it stays unsettled and carries forward', async () => {
    await ingest([['20260306', '111', 'B0PAYUS001', 'AMAZON.COM', '0.00']])
    const r = await pay(s.db, 'cr_x', '2026-03-31')
    assert.deepEqual(r.payouts, [])
    assert.deepEqual(
      r.carried.map((c) => [c.currency, c.balance_cents, c.line_count]),
      [['USD', -700, 1]],
    )
    const [a] = (await s.get(`${A}?status=unsettled`, TOKEN_X)).body.adjustments
    assert.deepEqual(
      [a.amount_before_cents, a.amount_after_cents, a.difference_cents, a.payout_id],
      [700, 0, -700, undefined],
    )
    assert.equal((await walk(s, P, TOKEN_X, 'payouts', 100)).length, 3)
  })

  test("another creator's payout, an unknown one and a malformed id are the same 404", async () => {
    for (const [id, token] of [
      [usd, TOKEN_Y],
      ['po_' + '0'.repeat(32), TOKEN_X],
      ['nope', TOKEN_X],
      ['po_' + 'x'.repeat(300), TOKEN_X],
    ] as const) {
      const res = await s.get(lines(id), token)
      assert.equal(res.status, 404, id)
      assert.equal(res.body.error.code, 'not_found')
      assert.ok(res.body.error.message.length < 120, 'the message does not echo a long id')
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff')
      assert.ok(res.headers.get('x-request-id'))
    }
  })

  test('limits, cursors and filters follow the list rules; a cursor belongs to its payout', async () => {
    for (const [path, max] of [
      [P, 100],
      [lines(usd), 500],
      [A, 500],
    ] as const) {
      for (const limit of ['0', String(max + 1), 'abc']) {
        const res = await s.get(`${path}?limit=${limit}`, TOKEN_X)
        assert.deepEqual(
          res.body,
          { error: { code: 'invalid_pagination', message: `limit must be a whole number from 1 to ${max}` } },
          `${path} ${limit}`,
        )
      }
      assert.equal((await s.get(`${path}?cursor=garbage`, TOKEN_X)).body.error.code, 'invalid_pagination')
      assert.equal((await s.get(`${path}?brand_id=b_one`, TOKEN_X)).body.error.code, 'invalid_request')
    }
    const first = await s.get(`${lines(usd)}?limit=1`, TOKEN_X)
    assert.ok(first.body.next_cursor)
    assert.equal(
      (await s.get(`${lines(eur)}?limit=1&cursor=${first.body.next_cursor}`, TOKEN_X)).body.error.code,
      'invalid_pagination',
    )
    assert.equal(
      (await s.get(`${P}?limit=1&cursor=${first.body.next_cursor}`, TOKEN_X)).body.error.code,
      'invalid_pagination',
    )
    const firstP = await s.get(`${P}?limit=1`, TOKEN_X)
    assert.equal(
      (await s.get(`${P}?limit=1&cursor=${firstP.body.next_cursor}`, TOKEN_Y)).body.error.code,
      'invalid_pagination',
      "another creator's cursor",
    )
    assert.deepEqual((await s.get(`${A}?status=paid`, TOKEN_X)).body.error, {
      code: 'invalid_request',
      message: 'status must be one of unsettled, settled',
    })
    // keys signed with the service's own secret that the SQL's types cannot take: 400, never 500
    const scope = cursorScope('creator.payout-lines', 'cr_x', { payout_id: usd })
    for (const key of [[2 ** 31], [-1], [1.5], ['1'], [1, 2]]) {
      const forged = encodeURIComponent(s.app.cursors.encode(scope, key))
      const res = await s.get(`${lines(usd)}?cursor=${forged}`, TOKEN_X)
      assert.equal(res.body.error?.code, 'invalid_pagination', JSON.stringify(key))
    }
    const ok = encodeURIComponent(s.app.cursors.encode(scope, [2 ** 31 - 1]))
    assert.deepEqual((await s.get(`${lines(usd)}?cursor=${ok}`, TOKEN_X)).body, { lines: [], next_cursor: null })
  })

  test('seller tokens are 403 forbidden_resource; no token is 401', async () => {
    for (const path of [P, lines(usd), A]) {
      assert.equal((await s.get(path, TOKEN_S)).body.error.code, 'forbidden_resource', path)
      assert.equal((await s.get(path)).status, 401, path)
    }
  })
  test(
    'the client: payouts, their lines and adjustments as async iterators; an unknown payout ' + 'is NotFoundError',
    async () => {
      const client = new Client({ token: TOKEN_X, baseUrl: s.base })
      let paid = 0
      for await (const payout of client.creator.payouts.list({ limit: 1 })) {
        let total = 0
        for await (const line of client.creator.payouts.lines(payout.id, { limit: 2 })) total += line.amount_cents
        assert.equal(total, payout.amount_cents, payout.id)
        paid += payout.amount_cents
      }
      assert.equal(paid, 200 + 1300 + 300)
      const page = await client.creator.adjustments.list({ status: 'settled' })
      assert.deepEqual(
        page.adjustments.map((a) => a.payout_id?.startsWith('po_')),
        [true, true, true],
      )
      await assert.rejects(
        Promise.resolve(client.creator.payouts.lines('po_nope')),
        (e: Error) => e instanceof NotFoundError && (e as NotFoundError).code === 'not_found',
      )
    },
  )
  test(
    'examples/payouts.ts reconciles every payout to the cent, and names a line that was ' + 'altered in transit',
    async () => {
      const honest = await reconcilePayouts(new Client({ token: TOKEN_X, baseUrl: s.base }))
      assert.deepEqual(honest, {
        totals: [
          {
            currency: 'EUR',
            payouts: 1,
            imported: 0,
            paid_cents: 200,
            commission_cents: 200,
            adjustment_cents: 0,
            paid_rows_cents: 200,
            settled_adjustments_cents: 0,
          },
          {
            currency: 'USD',
            payouts: 2,
            imported: 0,
            paid_cents: 1600,
            commission_cents: 1500,
            adjustment_cents: 100,
            paid_rows_cents: 1500,
            settled_adjustments_cents: 100,
          },
        ],
        differences: [],
      })
      // a proxy that adds a cent to the first line of the USD payout
      const tampering = async (input: string | URL | Request, init?: RequestInit) => {
        const res = await fetch(input, init)
        if (!String(input).includes(`/payouts/${usd}/lines`)) return res
        const body = await res.json()
        body.lines[0].amount_cents += 1
        return new Response(JSON.stringify(body), { status: res.status, headers: res.headers })
      }
      const caught = await reconcilePayouts(new Client({ token: TOKEN_X, baseUrl: s.base, fetch: tampering }))
      assert.deepEqual(caught.differences, [
        `${usd}: commission lines sum to 1501, the payout says 1500`,
        `${usd}: lines sum to 1301, the payout says 1300`,
        `${usd}: row 2026-03-05|l_us|p_us|US is paid 1000 USD, the line paid 1001 USD`,
      ])
    },
  )
  test('csapi export payouts: CSV and NDJSON, every payout once, as the API lists them', async () => {
    const expected = await walk(s, P, TOKEN_X, 'payouts', 100)
    for (const format of ['csv', 'ndjson']) {
      const stdout = new PassThrough()
      let out = ''
      stdout.on('data', (c: Buffer) => (out += c.toString()))
      const stderr = new PassThrough()
      const env = { CSAPI_TOKEN: TOKEN_X, CSAPI_BASE_URL: s.base }
      assert.equal(
        await main(['export', 'payouts', '--format', format, '--limit', '1'], {
          env,
          stdout,
          stderr,
          signal: new AbortController().signal,
        }),
        0,
      )
      const lines = out.trim().split('\n')
      if (format === 'ndjson')
        assert.deepEqual(
          lines.map((l) => JSON.parse(l)),
          expected,
        )
      else {
        assert.equal(
          lines[0],
          'id,currency,amount_cents,commission_cents,adjustment_cents,line_count,through,created_at,source',
        )
        assert.deepEqual(
          lines.slice(1),
          expected.map((p) =>
            [
              p.id,
              p.currency,
              p.amount_cents,
              p.commission_cents,
              p.adjustment_cents,
              p.line_count,
              p.through,
              p.created_at,
              p.source,
            ].join(','),
          ),
        )
      }
    }
  })
})
