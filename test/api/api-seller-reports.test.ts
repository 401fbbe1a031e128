// GET /api/seller/v1/reports: a granted brand's rows of every creator, brand halo included, the
// creator's private link fields never shown; the set equals the union of the creators' /reports.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startServer, walk, type TestServer } from '../support/helpers.js'
import { CREATORS, DAYS, TOKENS, day, fixture } from '../support/fixture.js'

const ds = fixture()
let s: TestServer
before(async () => {
  s = await startServer(ds)
})
after(() => s.close())

const range = `start=${day(0)}&end=${day(DAYS - 1)}`
const R = (q: string) => `/api/seller/v1/reports?${q}`
const linkOf = new Map(ds.links.map((l) => [l.id, l]))
const brandRows = (brand: string) => ds.report_rows.filter((r) => linkOf.get(r.link_id as string)!.brand_id === brand)
const keyOf = (r: { date: string; link_id: string; product_id: string; marketplace: string }) =>
  `${r.date}|${r.link_id}|${r.product_id}|${r.marketplace}`
const srcKey = (r: Record<string, unknown>) => `${r.date}|${r.link_id}|${r.product_id}|${r.marketplace}`

/** A creator's report row as the seller sees it: the link's id, the creator instead of its link. */
function asSeller(r: any, creator: { id: string; name: string }) {
  const { link, ...rest } = r
  return { ...rest, creator, link_id: link.id }
}

describe('seller reports: rows and fields', () => {
  test("every row of the brand's products, of every creator, brand halo included", async () => {
    const rows = await walk(s, R(`brand_id=b_active&${range}`), TOKENS.sl_a, 'reports', 500)
    assert.deepEqual(rows.map(keyOf).sort(), brandRows('b_active').map(srcKey).sort())
    assert.deepEqual(new Set(rows.map((r) => r.creator.id)), new Set(['cr_a', 'cr_b']))
    // l_a3 is a brand-level link that earned on p_active_05
    assert.ok(rows.some((r) => r.link_id === 'l_a3' && r.product_id === 'p_active_05'))
  })

  test('a row: the creator by id and name, the link by id only', async () => {
    const res = await s.get(R(`brand_id=b_active&start=${day(1)}&end=${day(1)}&creator_id=cr_a&limit=500`), TOKENS.sl_a)
    assert.equal(res.status, 200)
    const row = res.body.reports.find((r: any) => r.link_id === 'l_a1' && r.marketplace === 'US')
    const src = ds.report_rows.find((r) => r.link_id === 'l_a1' && r.marketplace === 'US' && r.date === day(1))!
    assert.deepEqual(row, {
      date: day(1),
      brand_id: 'b_active',
      product_id: 'p_active_00',
      asin: 'B0ACTIVE00',
      marketplace: 'US',
      currency: 'USD',
      creator: { id: 'cr_a', name: 'Creator A' },
      link_id: 'l_a1',
      sales_cents: src.sales_cents,
      commission_cents: src.commission_cents,
      commission_status: src.commission_status,
      orders: src.orders,
      units_sold: src.units_sold,
      clicks: src.clicks,
      detail_page_views: src.detail_page_views,
      add_to_carts: src.add_to_carts,
    })
  })

  test("never a creator's tracking id, short URL or destination URL", async () => {
    const text = JSON.stringify(await walk(s, R(`brand_id=b_active&${range}`), TOKENS.op_a, 'reports', 500))
    for (const l of ds.links) {
      assert.ok(!text.includes(l.short_url), l.short_url)
      if (l.tracking_id) assert.ok(!text.includes(`"${l.tracking_id}"`), l.tracking_id)
    }
    assert.doesNotMatch(text, /tracking_id|short_url|destination_url|amazon\.com\/dp/)
  })

  test("the set equals the union over creators of each creator's /reports for the brand", async () => {
    for (const brand of ['b_active', 'b_hidden']) {
      const seller = await walk(s, R(`brand_id=${brand}&${range}`), TOKENS.sl_a, 'reports', 7)
      const union: any[] = []
      for (const c of CREATORS) {
        const name = ds.accounts.find((a) => a.id === c)!.name
        const own = await walk(s, `/api/creator/v1/reports?${range}&brand_id=${brand}`, TOKENS[c], 'reports', 500)
        union.push(...own.map((r) => asSeller(r, { id: c, name })))
      }
      const byKey = (xs: any[]) => [...xs].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))
      assert.deepEqual(byKey(seller), byKey(union), brand)
    }
  })

  test('ordered by date, then a stable unique key; pages of any size walk the same rows', async () => {
    const all = await walk(s, R(`brand_id=b_active&${range}`), TOKENS.sl_a, 'reports', 500)
    const dates = all.map((r) => r.date)
    assert.deepEqual(dates, [...dates].sort())
    for (const limit of [1, 3, 100]) {
      const paged = await walk(s, R(`brand_id=b_active&${range}`), TOKENS.sl_a, 'reports', limit)
      assert.deepEqual(paged, all, `limit ${limit}`)
    }
    const res = await s.get(R(`brand_id=b_active&${range}`), TOKENS.sl_a)
    assert.equal(res.body.reports.length, Math.min(100, all.length), 'default limit 100')
  })

  test('filters narrow: product_id, asin, creator_id, marketplace (any case), together', async () => {
    const all = await walk(s, R(`brand_id=b_active&${range}`), TOKENS.sl_a, 'reports', 500)
    const cases: [string, (r: any) => boolean][] = [
      ['product_id=p_active_05', (r) => r.product_id === 'p_active_05'],
      ['asin=B0ACTIVE01', (r) => r.asin === 'B0ACTIVE01'],
      ['creator_id=cr_b', (r) => r.creator.id === 'cr_b'],
      ['marketplace=uk', (r) => r.marketplace === 'UK'],
      ['marketplace=UK&creator_id=cr_a&product_id=p_active_00', (r) => r.marketplace === 'UK' && r.link_id === 'l_a1'],
      ['creator_id=cr_c', () => false],
      ['product_id=p_secret_1', () => false],
    ]
    for (const [q, keep] of cases) {
      const got = await walk(s, R(`brand_id=b_active&${range}&${q}`), TOKENS.sl_a, 'reports', 4)
      const want = all.filter(keep)
      assert.deepEqual(got, want, q)
    }
    const narrow = await walk(s, R(`brand_id=b_active&start=${day(3)}&end=${day(4)}`), TOKENS.sl_a, 'reports', 500)
    assert.deepEqual(
      narrow,
      all.filter((r) => r.date >= day(3) && r.date <= day(4)),
    )
  })
})

describe('seller reports: who may read', () => {
  test('an ungranted and an unknown brand answer alike, 403 forbidden_resource', async () => {
    const a = await s.get(R(`brand_id=b_secret&${range}`), TOKENS.sl_a)
    const b = await s.get(R(`brand_id=b_nope&${range}`), TOKENS.sl_a)
    for (const res of [a, b]) {
      assert.equal(res.status, 403)
      assert.equal(res.body.error.code, 'forbidden_resource')
    }
    assert.equal(a.body.error.message.replace('b_secret', 'X'), b.body.error.message.replace('b_nope', 'X'))
  })

  test('each seller sees exactly its granted brands; an operator too; a creator token is 403', async () => {
    const ok = await s.get(R(`brand_id=b_secret&${range}`), TOKENS.sl_b)
    assert.equal(ok.status, 200)
    assert.ok(ok.body.reports.every((r: any) => r.brand_id === 'b_secret'))
    assert.equal(ok.body.reports.length, brandRows('b_secret').length)
    const op = await walk(s, R(`brand_id=b_noads&${range}`), TOKENS.op_a, 'reports', 500)
    assert.deepEqual(op.map(keyOf).sort(), brandRows('b_noads').map(srcKey).sort())
    const creator = await s.get(R(`brand_id=b_active&${range}`), TOKENS.cr_a)
    assert.equal(creator.status, 403)
    assert.equal(creator.body.error.code, 'forbidden_resource')
  })

  test('a cursor is bound to its endpoint, brand, filters and account; an ungranted brand is 403 first', async () => {
    const first = await s.get(R(`brand_id=b_active&${range}&limit=2`), TOKENS.sl_a)
    const cursor = encodeURIComponent(first.body.next_cursor)
    for (const [q, token] of [
      [`brand_id=b_hidden&${range}&limit=2&cursor=${cursor}`, TOKENS.sl_a],
      [`brand_id=b_active&${range}&limit=2&marketplace=US&cursor=${cursor}`, TOKENS.sl_a],
      [`brand_id=b_active&start=${day(1)}&end=${day(DAYS - 1)}&limit=2&cursor=${cursor}`, TOKENS.sl_a],
      [`brand_id=b_active&${range}&limit=2&cursor=${cursor}`, TOKENS.op_a],
    ] as const) {
      const res = await s.get(R(q), token)
      assert.equal(res.status, 400, q)
      assert.equal(res.body.error.code, 'invalid_pagination')
    }
    const ungranted = await s.get(R(`brand_id=b_secret&${range}&cursor=${cursor}`), TOKENS.sl_a)
    assert.equal(ungranted.status, 403)
    const creatorCursor = (await s.get(`/api/creator/v1/reports?${range}&limit=1`, TOKENS.cr_a)).body.next_cursor
    const other = await s.get(R(`brand_id=b_active&${range}&cursor=${encodeURIComponent(creatorCursor)}`), TOKENS.sl_a)
    assert.equal(other.body.error.code, 'invalid_pagination', "a creator's cursor is not the seller's")
  })
})

describe('seller reports: bad parameters are the documented 400s', () => {
  const cases: [string, string, RegExp][] = [
    [range, 'invalid_request', /brand_id/],
    [`brand_id=b_active&end=${day(1)}`, 'invalid_request', /start/],
    [`brand_id=b_active&start=${day(1)}`, 'invalid_request', /end/],
    [`brand_id=b_active&start=${day(5)}&end=${day(1)}`, 'invalid_request', /end must not be before start/],
    [`brand_id=b_active&start=2026-02-30&end=${day(1)}`, 'invalid_request', /start/],
    [`brand_id=b_active&${range}&marketplace=GB`, 'invalid_request', /marketplace/],
    [`brand_id=b_active&${range}&link_id=l_a1`, 'invalid_request', /link_id/],
    [`brand_id=b_active&brand_id=b_hidden&${range}`, 'invalid_request', /brand_id/],
    [`brand_id=${'x'.repeat(257)}&${range}`, 'invalid_request', /brand_id/],
    [`brand_id=b_active&${range}&creator_id=`, 'invalid_request', /creator_id/],
    [`brand_id=b_active&${range}&limit=0`, 'invalid_pagination', /limit/],
    [`brand_id=b_active&${range}&limit=501`, 'invalid_pagination', /limit/],
    [`brand_id=b_active&${range}&limit=1.5`, 'invalid_pagination', /limit/],
    [`brand_id=b_active&${range}&cursor=abc`, 'invalid_pagination', /cursor/],
  ]
  for (const [q, code, message] of cases) {
    test(q.slice(0, 90), async () => {
      const res = await s.get(R(q), TOKENS.sl_a)
      assert.equal(res.status, 400, JSON.stringify(res.body))
      assert.equal(res.body.error.code, code)
      assert.match(res.body.error.message, message)
    })
  }
  test('limit 500 is accepted', async () => {
    assert.equal((await s.get(R(`brand_id=b_active&${range}&limit=500`), TOKENS.sl_a)).status, 200)
  })
})
