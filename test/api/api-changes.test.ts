// GET /api/creator/v1/reports/changes, black-box: a client that applies every item as an upsert
// holds exactly what /reports returns, after every kind of write; begins at the present from a
// walk's Changes-Cursor or from=now; cursors, limits and roles as on the other endpoints.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { load, startServer, type TestServer } from '../support/helpers.js'
import { DAYS, TOKENS, day, fixture } from '../support/fixture.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { pay } from '../../src/settlement/pay.js'
import { ALL_DATES, CHANGES, Mirror, assertSame, rowKey, walkAll } from '../support/changes-kit.js'

const ds = fixture()
let s: TestServer
before(async () => {
  s = await startServer(ds)
})
after(() => s.close())

const get = (path: string, token: string) => s.get(path, token)
const row = (d: number, extra: Record<string, unknown> = {}) => ({
  date: day(d),
  link_id: 'l_a2',
  product_id: 'p_active_01',
  marketplace: 'UK',
  currency: 'GBP',
  sales_cents: 5000,
  commission_cents: 500,
  commission_status: 'pending',
  orders: 2,
  units_sold: 2,
  clicks: 40,
  detail_page_views: 20,
  add_to_carts: 3,
  ...extra,
})

describe('changes feed: the guarantee', () => {
  test('a follow from the beginning returns every row once, each exactly as /reports serves it', async () => {
    for (const token of [TOKENS.cr_a, TOKENS.cr_b, TOKENS.cr_c]) {
      const m = new Mirror(get, token, 5)
      await m.poll()
      assert.equal(m.items, m.rows.size, 'without writes, each row once')
      assertSame(m.rows, await walkAll(get, token))
    }
  })

  test(
    'after every kind of write, the mirror holds exactly what /reports returns; each poll ' +
      'brings only what changed',
    async () => {
      const m = new Mirror(get, TOKENS.cr_a, 4)
      await m.poll()
      assert.equal(await m.poll(), 0, 'caught up: nothing more')
      const check = async (what: string, expectItems?: number) => {
        const n = await m.poll()
        if (expectItems !== undefined) assert.equal(n, expectItems, `${what}: items`)
        assertSame(m.rows, await walkAll(get, TOKENS.cr_a), what)
      }
      // a new row and a restated one, by import
      await load(s.db, {
        report_rows: [
          row(0, { marketplace: 'DE', currency: 'EUR' }),
          { ...ds.report_rows.find((r) => r.link_id === 'l_a1' && r.date === day(2))!, clicks: 999 },
        ],
      })
      await check('import: one new row, one restated', 2)
      // the same import again changes nothing
      await load(s.db, { report_rows: [row(0, { marketplace: 'DE', currency: 'EUR' })] })
      await check('the same import again', 0)
      // a link's tracking id corrected: every row of the link changes
      const linkRows = ds.report_rows.filter((r) => r.link_id === 'l_a4').length
      await load(s.db, { links: [{ ...ds.links.find((l) => l.id === 'l_a4')!, tracking_id: 'corrected-tag' }] })
      await check('link tracking_id corrected', linkRows)
      // a product's ASIN corrected: its rows follow (an update cascading from products)
      await load(s.db, { products: [{ ...ds.products.find((p) => p.id === 'p_hidden_1')!, asin: 'B0HIDDEN99' }] })
      await check('ASIN corrected', ds.report_rows.filter((r) => r.product_id === 'p_hidden_1').length)
      // settlement: pending → approved → paid
      await approveThrough(s.db, day(DAYS - 1))
      await check('approve')
      await pay(s.db, 'cr_a', day(DAYS - 1))
      await check('pay')
      // another creator's writes bring nothing
      await load(s.db, { report_rows: [{ ...ds.report_rows.find((r) => r.link_id === 'l_b1')!, clicks: 4242 }] })
      await check("another creator's write", 0)
    },
  )

  test('a row changed several times since the cursor comes once, in its latest state', async () => {
    const m = new Mirror(get, TOKENS.cr_c, 50)
    await m.poll()
    await load(s.db, {
      links: [
        {
          id: 'l_c1',
          creator_id: 'cr_c',
          brand_id: 'b_active',
          product_id: 'p_active_06',
          short_url: 'https://s/c1',
          destination_url: 'https://d/c1',
        },
      ],
    })
    const mk = (clicks: number) => ({
      ...row(5),
      link_id: 'l_c1',
      product_id: 'p_active_06',
      marketplace: 'US',
      currency: 'USD',
      clicks,
    })
    for (const clicks of [1, 2, 3]) await load(s.db, { report_rows: [mk(clicks)] })
    const res = await get(`${CHANGES}?cursor=${encodeURIComponent(m.cursor!)}`, TOKENS.cr_c)
    assert.equal(res.body.reports.length, 1)
    assert.equal(res.body.reports[0].clicks, 3)
  })
})

describe('changes feed: beginning at the present', () => {
  test(
    'the first page of a /reports walk carries Changes-Cursor; later pages do not; following ' +
      'from it after the walk brings what changed since',
    async () => {
      const first = await get(`/api/creator/v1/reports?${ALL_DATES}&limit=3`, TOKENS.cr_b)
      const position = first.headers.get('changes-cursor')
      assert.ok(position && /^[A-Za-z0-9_.-]+$/.test(position))
      const second = await get(
        `/api/creator/v1/reports?${ALL_DATES}&limit=3&cursor=${encodeURIComponent(first.body.next_cursor)}`,
        TOKENS.cr_b,
      )
      assert.equal(second.headers.get('changes-cursor'), null)
      const mirror = await walkAll(get, TOKENS.cr_b) // the rest of the walk
      // a change committed after the walk began
      const changed = { ...ds.report_rows.find((r) => r.link_id === 'l_b1' && r.date === day(3))!, orders: 7 }
      await load(s.db, { report_rows: [changed] })
      const m = new Mirror(get, TOKENS.cr_b)
      m.cursor = position
      for (const [k, r] of mirror) m.rows.set(k, r)
      await m.poll()
      assert.ok(m.items >= 1 && m.items < mirror.size, `only what changed since the walk began (${m.items})`)
      assertSame(m.rows, await walkAll(get, TOKENS.cr_b))
    },
  )

  test('from=now: an empty page whose cursor skips the history; later changes come', async () => {
    const now = await get(`${CHANGES}?from=now`, TOKENS.cr_a)
    assert.equal(now.status, 200)
    assert.deepEqual([now.body.reports, now.body.has_more], [[], false])
    await load(s.db, { report_rows: [row(9, { clicks: 31337 })] })
    const next = await get(`${CHANGES}?cursor=${encodeURIComponent(now.body.next_cursor)}`, TOKENS.cr_a)
    assert.deepEqual(next.body.reports.map(rowKey), [`${day(9)}|l_a2|p_active_01|UK`])
    assert.equal(next.body.reports[0].clicks, 31337)
    assert.equal(
      (await get(`${CHANGES}?from=now&cursor=${encodeURIComponent(now.body.next_cursor)}`, TOKENS.cr_a)).body.error
        .code,
      'invalid_request',
    )
    assert.deepEqual((await get(`${CHANGES}?from=then`, TOKENS.cr_a)).body.error, {
      code: 'invalid_request',
      message: 'from must be now',
    })
  })

  test(
    'next_cursor is never null and never moves backwards; polling while caught up returns it ' + 'unchanged or later',
    async () => {
      const m = new Mirror(get, TOKENS.cr_a)
      await m.poll()
      const a = m.cursor!
      const again = await get(`${CHANGES}?cursor=${encodeURIComponent(a)}`, TOKENS.cr_a)
      assert.deepEqual([again.body.reports, again.body.has_more], [[], false])
      const b = again.body.next_cursor
      const third = await get(`${CHANGES}?cursor=${encodeURIComponent(b)}`, TOKENS.cr_a)
      assert.deepEqual(third.body.reports, [])
    },
  )
})

describe('changes feed: parameters, cursors and roles', () => {
  test('limit: 1 to 500, default 100; anything else is invalid_pagination', async () => {
    const all = await get(CHANGES, TOKENS.cr_a)
    assert.equal(all.body.reports.length, 100)
    assert.equal(all.body.has_more, true)
    for (const limit of ['0', '501', 'abc', '1.5', '-1', '', '1e2']) {
      const res = await get(`${CHANGES}?limit=${limit}`, TOKENS.cr_a)
      assert.deepEqual(
        res.body,
        { error: { code: 'invalid_pagination', message: 'limit must be a whole number from 1 to 500' } },
        limit,
      )
    }
    assert.equal((await get(`${CHANGES}?limit=500`, TOKENS.cr_a)).status, 200)
  })

  test(
    "cursors: tampered, another account's, and the reports cursor here or a feed cursor there " +
      'are invalid_pagination',
    async () => {
      const mine = (await get(`${CHANGES}?limit=2`, TOKENS.cr_a)).body.next_cursor as string
      const reportsCursor = (await get(`/api/creator/v1/reports?${ALL_DATES}&limit=2`, TOKENS.cr_a)).body
        .next_cursor as string
      const tampered = mine.slice(0, -2) + (mine.endsWith('AA') ? 'BB' : 'AA')
      for (const [cursor, token, path] of [
        [tampered, TOKENS.cr_a, CHANGES],
        [mine, TOKENS.cr_b, CHANGES],
        [reportsCursor, TOKENS.cr_a, CHANGES],
        ['%00', TOKENS.cr_a, CHANGES],
        [mine, TOKENS.cr_a, `/api/creator/v1/reports?${ALL_DATES}`],
      ] as const) {
        const sep = path.includes('?') ? '&' : '?'
        const res = await get(`${path}${sep}cursor=${encodeURIComponent(cursor)}`, token)
        assert.equal(res.status, 400, `${path} ${cursor.slice(0, 20)}`)
        assert.equal(res.body.error.code, 'invalid_pagination')
      }
    },
  )

  test('other parameters are invalid_request; seller and operator tokens are 403; no token 401', async () => {
    assert.equal((await get(`${CHANGES}?start=2026-01-01`, TOKENS.cr_a)).body.error.code, 'invalid_request')
    assert.equal((await get(`${CHANGES}?from=yesterday`, TOKENS.cr_a)).body.error.code, 'invalid_request')
    for (const token of [TOKENS.sl_a, TOKENS.op_a]) {
      assert.equal((await get(CHANGES, token)).body.error.code, 'forbidden_resource')
    }
    assert.equal((await s.get(CHANGES)).status, 401)
  })
})
