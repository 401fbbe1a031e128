import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { load, startServer, walk, type TestServer } from '../support/helpers.js'
import { cursorScope } from '../../src/http/cursor.js'
import { DAYS, TOKENS, day, fixture } from '../support/fixture.js'

const ds = fixture()
let s: TestServer
before(async () => {
  s = await startServer(ds)
})
after(() => s.close())

const range = `start=${day(0)}&end=${day(DAYS - 1)}`
const R = (q: string) => `/api/creator/v1/reports?${q}`
const rowsOf = (creator: string) => {
  const links = new Set(ds.links.filter((l) => l.creator_id === creator).map((l) => l.id))
  return ds.report_rows.filter((r) => links.has(r.link_id as string))
}
const keyOf = (r: { date: string; link: { id: string }; product_id: string; marketplace: string }) =>
  `${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`

describe('reports: rows and fields', () => {
  test('a row carries every field, with brand, asin and link from their sources', async () => {
    const res = await s.get(R(`${range}&limit=500`), TOKENS.cr_a)
    assert.equal(res.status, 200)
    const row = res.body.reports.find(
      (r: { link: { id: string }; marketplace: string; date: string }) =>
        r.link.id === 'l_a1' && r.marketplace === 'US' && r.date === day(1),
    )
    const src = ds.report_rows.find((r) => r.link_id === 'l_a1' && r.marketplace === 'US' && r.date === day(1))!
    assert.deepEqual(row, {
      date: day(1),
      brand_id: 'b_active',
      product_id: 'p_active_00',
      asin: 'B0ACTIVE00',
      marketplace: 'US',
      currency: 'USD',
      sales_cents: src.sales_cents,
      commission_cents: src.commission_cents,
      commission_status: src.commission_status,
      orders: src.orders,
      units_sold: src.units_sold,
      clicks: src.clicks,
      detail_page_views: src.detail_page_views,
      add_to_carts: src.add_to_carts,
      link: {
        id: 'l_a1',
        tracking_id: 'ig-post-1',
        short_url: 'https://go.example.link/l_a1',
        destination_url: 'https://www.amazon.com/dp/B0ACTIVE00',
      },
    })
    const noTracking = res.body.reports.find((r: { link: { id: string } }) => r.link.id === 'l_a2')
    assert.equal(noTracking.link.tracking_id, '')
  })

  test('text of any kind comes back exactly: quotes, backslashes, control characters, non-ASCII', async () => {
    // The rows' JSON is written by PostgreSQL and copied byte for byte into the body.
    const tracking = 'q"uote \\ back\nnew\u0001 é 日本 🎉'
    await s.db.query(`update links set tracking_id = $1 where id = 'l_a1'`, [tracking])
    try {
      const res = await s.get(R(`${range}&link_id=l_a1&limit=500`), TOKENS.cr_a)
      assert.equal(res.status, 200)
      assert.ok(res.body.reports.length > 0)
      for (const r of res.body.reports) assert.equal(r.link.tracking_id, tracking)
      assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8')
    } finally {
      await s.db.query(`update links set tracking_id = 'ig-post-1' where id = 'l_a1'`)
    }
  })

  test('default limit is 100 and rows are ordered by date', async () => {
    const res = await s.get(R(range), TOKENS.cr_a)
    assert.equal(res.body.reports.length, 100)
    const dates = res.body.reports.map((r: { date: string }) => r.date)
    assert.deepEqual(dates, [...dates].sort())
    assert.equal(typeof res.body.next_cursor, 'string')
  })

  test('a creator sees exactly the rows of the links it owns', async () => {
    for (const creator of ['cr_a', 'cr_b', 'cr_c'] as const) {
      const got = await walk(s, R(range), TOKENS[creator], 'reports', 500)
      assert.deepEqual(
        got.map(keyOf).sort(),
        rowsOf(creator)
          .map((r) => `${r.date}|${r.link_id}|${r.product_id}|${r.marketplace}`)
          .sort(),
      )
    }
  })

  test('start and end are inclusive', async () => {
    const got = await walk(s, R(`start=${day(3)}&end=${day(3)}`), TOKENS.cr_a, 'reports', 50)
    assert.equal(got.length, rowsOf('cr_a').filter((r) => r.date === day(3)).length)
    assert.ok(got.length > 0 && got.every((r) => r.date === day(3)))
  })
})

describe('reports: filters', () => {
  const cases: [string, (r: Record<string, unknown>) => boolean][] = [
    ['brand_id=b_hidden', (r) => r.link_id === 'l_a4'],
    ['product_id=p_active_05', (r) => r.product_id === 'p_active_05'],
    ['asin=B0ACTIVE00', (r) => r.product_id === 'p_active_00'],
    ['link_id=l_a2', (r) => r.link_id === 'l_a2'],
    ['marketplace=UK', (r) => r.marketplace === 'UK'],
    ['marketplace=uk', (r) => r.marketplace === 'UK'],
    ['marketplace=DE&brand_id=b_active', (r) => r.marketplace === 'DE'],
  ]
  for (const [q, keep] of cases) {
    test(`${q} narrows to the matching rows`, async () => {
      const got = await walk(s, R(`${range}&${q}`), TOKENS.cr_a, 'reports', 7)
      const want = rowsOf('cr_a').filter(keep)
      assert.ok(want.length > 0)
      assert.equal(got.length, want.length)
    })
  }

  test("a filter that matches nothing, or names another creator's link, gives an empty page", async () => {
    for (const q of [
      'link_id=l_b1',
      'product_id=p_secret_1',
      'brand_id=b_secret',
      'asin=B0ZZZZZZZZ',
      'marketplace=JP',
      'brand_id=nope',
    ]) {
      const res = await s.get(R(`${range}&${q}`), TOKENS.cr_a)
      assert.equal(res.status, 200, q)
      assert.deepEqual(res.body, { reports: [], next_cursor: null }, q)
    }
  })

  test(
    'brand_id of a visible brand whose Ads account is not connected, without rows of this ' +
      'creator, is 403 ads_not_connected',
    async () => {
      assert.equal(rowsOf('cr_b').filter((r) => r.link_id === 'l_a5').length, 0)
      const res = await s.get(R(`${range}&brand_id=b_noads`), TOKENS.cr_b)
      assert.equal(res.status, 403)
      assert.equal(res.body.error.code, 'ads_not_connected')
    },
  )

  test(
    'a brand disconnected after rows were reported: the filter returns exactly the rows the ' + 'unfiltered list shows',
    async () => {
      const all = await walk(s, R(range), TOKENS.cr_a, 'reports', 500)
      const expected = all.filter((r) => r.brand_id === 'b_noads')
      assert.ok(expected.length > 0, 'the fixture has rows of b_noads for cr_a')
      const filtered = await walk(s, R(`${range}&brand_id=b_noads`), TOKENS.cr_a, 'reports', 3)
      assert.deepEqual(filtered, expected)
    },
  )
})

describe('reports: parameter errors', () => {
  const bad: [string, string, string][] = [
    [`end=${day(1)}`, 'invalid_request', 'start is required'],
    [`start=${day(1)}`, 'invalid_request', 'end is required'],
    [
      'start=2026-02-30&end=2026-03-02',
      'invalid_request',
      'start must be a real calendar date in the form YYYY-MM-DD from 0001-01-01 to 9999-12-31',
    ],
    [
      'start=2026-3-1&end=2026-03-02',
      'invalid_request',
      'start must be a real calendar date in the form YYYY-MM-DD from 0001-01-01 to 9999-12-31',
    ],
    [
      'start=2026-03-01&end=tomorrow',
      'invalid_request',
      'end must be a real calendar date in the form YYYY-MM-DD from 0001-01-01 to 9999-12-31',
    ],
    [
      'start=2026-03-05&end=2026-03-04',
      'invalid_request',
      'end must not be before start (start 2026-03-05, end 2026-03-04)',
    ],
    [`${range}&limit=0`, 'invalid_pagination', 'limit must be a whole number from 1 to 500'],
    [`${range}&limit=501`, 'invalid_pagination', 'limit must be a whole number from 1 to 500'],
    [`${range}&limit=-1`, 'invalid_pagination', 'limit must be a whole number from 1 to 500'],
    [`${range}&limit=1.5`, 'invalid_pagination', 'limit must be a whole number from 1 to 500'],
    [`${range}&limit=abc`, 'invalid_pagination', 'limit must be a whole number from 1 to 500'],
    [`${range}&limit=`, 'invalid_pagination', 'limit must be a whole number from 1 to 500'],
    [`${range}&limit=%205`, 'invalid_pagination', 'limit must be a whole number from 1 to 500'],
    [`${range}&limit=1e2`, 'invalid_pagination', 'limit must be a whole number from 1 to 500'],
    [`${range}&limit=5&limit=6`, 'invalid_pagination', 'limit must be given only once'],
    [
      `${range}&cursor=abc`,
      'invalid_pagination',
      'cursor is not valid here: send next_cursor exactly as received, with the same endpoint, token owner and filters',
    ],
    [`${range}&cursor=`, 'invalid_pagination', 'cursor is not valid: send next_cursor exactly as received'],
    [
      `${range}&marketplace=GB`,
      'invalid_request',
      'marketplace must be one of US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, PL, BE, IE, JP, ' +
        'AU, IN, AE, SA, SG, TR, EG, ZA (got "GB")',
    ],
    // a letter that upper-cases to ASCII is not the code: ıT (dotless i), ſE (long s)
    [
      `${range}&marketplace=%C4%B1T`,
      'invalid_request',
      'marketplace must be one of US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, PL, BE, IE, JP, ' +
        'AU, IN, AE, SA, SG, TR, EG, ZA (got "ıT")',
    ],
    [
      `${range}&marketplace=%C5%BFE`,
      'invalid_request',
      'marketplace must be one of US, CA, MX, BR, UK, DE, FR, IT, ES, NL, SE, PL, BE, IE, JP, ' +
        'AU, IN, AE, SA, SG, TR, EG, ZA (got "ſE")',
    ],
    [`${range}&brand_id=`, 'invalid_request', 'brand_id must not be empty'],
    [`${range}&brand_id=${'x'.repeat(257)}`, 'invalid_request', 'brand_id must be at most 256 characters'],
    [`${range}&brand_id=a&brand_id=b`, 'invalid_request', 'brand_id must be given only once'],
    [`${range}&start=${day(0)}`, 'invalid_request', 'start must be given only once'],
    [`${range}&foo=1`, 'invalid_request', 'unknown query parameter "foo"'],
    [`${range}&Limit=5`, 'invalid_request', 'unknown query parameter "Limit"'],
  ]
  for (const [q, code, message] of bad) {
    test(`${q.slice(0, 80)} → ${code}`, async () => {
      const res = await s.get(R(q), TOKENS.cr_a)
      assert.equal(res.status, 400)
      assert.deepEqual(res.body, { error: { code, message } })
    })
  }

  test('a 256-character filter value is accepted', async () => {
    const res = await s.get(R(`${range}&brand_id=${'x'.repeat(256)}`), TOKENS.cr_a)
    assert.equal(res.status, 200)
  })

  test('limit bounds 1 and 500 are accepted', async () => {
    assert.equal((await s.get(R(`${range}&limit=1`), TOKENS.cr_a)).body.reports.length, 1)
    assert.equal((await s.get(R(`${range}&limit=500`), TOKENS.cr_a)).status, 200)
  })
})

describe('reports: pagination', () => {
  for (const limit of [1, 7, 50, 500]) {
    test(`a walk at limit ${limit} sees every row once, in order`, async () => {
      const got = await walk(s, R(range), TOKENS.cr_a, 'reports', limit)
      const keys = got.map(keyOf)
      assert.equal(new Set(keys).size, keys.length, 'no row repeated')
      assert.equal(keys.length, rowsOf('cr_a').length, 'no row skipped')
      const dates = got.map((r) => r.date)
      assert.deepEqual(dates, [...dates].sort())
    })
  }

  test('a full last page hands out no cursor', async () => {
    const total = rowsOf('cr_a').length
    const res = await s.get(R(`${range}&limit=${total}`), TOKENS.cr_a)
    assert.equal(res.body.reports.length, total)
    assert.equal(res.body.next_cursor, null)
  })

  test('the page size may change between pages', async () => {
    const first = await s.get(R(`${range}&limit=10`), TOKENS.cr_a)
    const second = await s.get(R(`${range}&limit=25&cursor=${encodeURIComponent(first.body.next_cursor)}`), TOKENS.cr_a)
    assert.equal(second.status, 200)
    assert.equal(second.body.reports.length, 25)
    const all = await s.get(R(`${range}&limit=35`), TOKENS.cr_a)
    assert.deepEqual([...first.body.reports, ...second.body.reports], all.body.reports)
  })

  test('rows imported between pages are never repeated and no earlier row is skipped', async () => {
    const before = rowsOf('cr_a').map((r) => `${r.date}|${r.link_id}|${r.product_id}|${r.marketplace}`)
    let extra = 0
    const got = await walk(s, R(range), TOKENS.cr_a, 'reports', 13, async (page) => {
      // New rows on days both behind and ahead of the walk, and restated metrics of existing rows.
      const rows = [0, 15, 29].map((d) => ({
        date: day(d),
        link_id: 'l_a2',
        product_id: 'p_active_04',
        marketplace: 'US',
        currency: 'USD',
        sales_cents: page,
        commission_cents: 0,
        commission_status: 'pending',
        orders: 0,
        units_sold: 0,
        clicks: page,
        detail_page_views: 0,
        add_to_carts: 0,
      }))
      const restated = { ...ds.report_rows[0]!, clicks: 1000 + page }
      extra += 3
      await load(s.db, { report_rows: [...rows, restated] })
    })
    const keys = got.map(keyOf)
    assert.equal(new Set(keys).size, keys.length, 'no row repeated')
    for (const k of before) assert.ok(keys.includes(k), `row ${k} was skipped`)
    assert.ok(extra > 0)
  })
})

describe('reports: cursors', () => {
  const firstCursor = async (q = range, token: string = TOKENS.cr_a) =>
    (await s.get(R(`${q}&limit=5`), token)).body.next_cursor as string

  test('an altered cursor is 400 invalid_pagination', async () => {
    const c = await firstCursor()
    const [payload, sig] = c.split('.')
    const flip = (t: string, i: number) => t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1)
    const forged = Buffer.from(JSON.stringify([1, day(20), 1])).toString('base64url')
    for (const bad of [
      flip(c, 3),
      `${payload}.${flip(sig!, 2)}`,
      `${forged}.${sig}`,
      `${payload}`,
      `${c}x`,
      c.slice(0, -1),
      'x'.repeat(513),
    ]) {
      const res = await s.get(R(`${range}&cursor=${encodeURIComponent(bad)}`), TOKENS.cr_a)
      assert.equal(res.status, 400, bad)
      assert.equal(res.body.error.code, 'invalid_pagination')
    }
  })

  test("a key signed with the service's own secret is still checked field by field: 400, never 500", async () => {
    const [start, end] = [day(0), day(DAYS - 1)]
    const filters = { start, end, brand_id: undefined, product_id: undefined, asin: undefined, link_id: undefined }
    const scope = cursorScope('creator.reports', 'cr_a', { ...filters, marketplace: undefined })
    const bad = [
      ['2026-99-99', 1],
      ['2026-02-30', 1],
      ['0000-01-01', 1],
      ['2026-01-01', -1],
      ['2026-01-01', 1.5],
      ['2026-01-01', 2 ** 53],
      ['2026-01-01', '1'],
      [1, 1],
      ['2026-01-01'],
      ['2026-01-01', 1, 2],
    ]
    for (const key of bad) {
      const res = await s.get(R(`${range}&cursor=${encodeURIComponent(s.app.cursors.encode(scope, key))}`), TOKENS.cr_a)
      assert.equal(res.status, 400, JSON.stringify(key))
      assert.equal(res.body.error.code, 'invalid_pagination')
    }
    const ok = s.app.cursors.encode(scope, ['9999-12-31', 1])
    assert.deepEqual((await s.get(R(`${range}&cursor=${encodeURIComponent(ok)}`), TOKENS.cr_a)).body, {
      reports: [],
      next_cursor: null,
    })
  })

  test('a cursor replayed by another owner, on another endpoint or with other filters is rejected', async () => {
    const c = encodeURIComponent(await firstCursor())
    const cases: [string, string][] = [
      [R(`${range}&cursor=${c}`), TOKENS.cr_b],
      [`/api/creator/v1/brands?cursor=${c}`, TOKENS.cr_a],
      [R(`start=${day(1)}&end=${day(DAYS - 1)}&cursor=${c}`), TOKENS.cr_a],
      [R(`start=${day(0)}&end=${day(DAYS - 2)}&cursor=${c}`), TOKENS.cr_a],
      [R(`${range}&marketplace=US&cursor=${c}`), TOKENS.cr_a],
      [R(`${range}&brand_id=b_active&cursor=${c}`), TOKENS.cr_a],
      [R(`${range}&product_id=p_active_00&cursor=${c}`), TOKENS.cr_a],
      [R(`${range}&asin=B0ACTIVE00&cursor=${c}`), TOKENS.cr_a],
      [R(`${range}&link_id=l_a1&cursor=${c}`), TOKENS.cr_a],
    ]
    for (const [path, token] of cases) {
      const res = await s.get(path, token)
      assert.equal(res.status, 400, path)
      assert.equal(res.body.error.code, 'invalid_pagination', path)
    }
  })

  test('marketplace case does not change the cursor scope', async () => {
    const c = encodeURIComponent(await firstCursor(`${range}&marketplace=uk`))
    const res = await s.get(R(`${range}&marketplace=UK&cursor=${c}`), TOKENS.cr_a)
    assert.equal(res.status, 200)
  })

  test('a cursor survives a server restart with the same secret, and rotation keeps old cursors valid', async () => {
    const c = encodeURIComponent(await firstCursor())
    const { buildApp } = await import('../../src/http/app.js')
    const rotated = await buildApp({
      db: s.db,
      cursorSecrets: ['new-secret-0123456789abcdef0123456789abcdef', 'test-cursor-secret-0123456789abcdef0123456789'],
    })
    const ok = await rotated.inject({
      url: R(`${range}&limit=5&cursor=${c}`),
      headers: { authorization: `Bearer ${TOKENS.cr_a}` },
    })
    assert.equal(ok.statusCode, 200)
    const next = ok.json().next_cursor
    const unrotated = await buildApp({ db: s.db, cursorSecrets: ['other-secret-0123456789abcdef0123456789abcd'] })
    const bad = await unrotated.inject({
      url: R(`${range}&limit=5&cursor=${encodeURIComponent(next)}`),
      headers: { authorization: `Bearer ${TOKENS.cr_a}` },
    })
    assert.equal(bad.statusCode, 400)
    await rotated.close()
    await unrotated.close()
  })
})
