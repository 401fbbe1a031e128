// GET /api/creator/v1/links and /api/creator/v1/products: a creator's own links, and the active
// products of the brands it can see with the commission it would earn today (the commission
// engine's terms for a row dated today, compared with a row ingested today).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServer, walk, type TestServer } from '../support/helpers.js'
import { tempDir } from '../support/temp-dir.js'
import { TOKENS, fixture } from '../support/fixture.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'

const ds = fixture()
// creator-specific and general terms around today (the test runs on any day: far past and future)
const commission_terms = [
  { product_id: 'p_active_00', effective_from: '2020-01-01', type: 'percentage', rate_bps: 900 },
  { product_id: 'p_active_00', creator_id: 'cr_a', effective_from: '2021-01-01', type: 'percentage', rate_bps: 2000 },
  { product_id: 'p_active_00', creator_id: 'cr_a', effective_from: '2100-01-01', type: 'percentage', rate_bps: 4000 },
  { product_id: 'p_active_03', creator_id: 'cr_b', effective_from: '2021-01-01', type: 'percentage', rate_bps: 3100 },
  { product_id: 'p_active_03', effective_from: '2022-01-01', type: 'flat', flat_cents: 275, currency_code: 'JPY' },
  { product_id: 'p_active_06', creator_id: 'cr_a', effective_from: '2100-01-01', type: 'percentage', rate_bps: 5 },
  {
    product_id: 'p_active_09',
    creator_id: 'cr_a',
    effective_from: '2023-05-01',
    type: 'flat',
    flat_cents: 42,
    currency_code: 'GBP',
  },
]
let s: TestServer
before(async () => {
  s = await startServer({ ...ds, commission_terms })
})
after(() => s.close())

const L = (q = '') => `/api/creator/v1/links${q ? `?${q}` : ''}`
const P = (q: string) => `/api/creator/v1/products?${q}`
const ownLinks = (c: string) =>
  ds.links
    .filter((l) => l.creator_id === c)
    .map((l) => l.id)
    .sort()

describe('links', () => {
  test("exactly the creator's own links, in id order, with their fields", async () => {
    for (const c of ['cr_a', 'cr_b', 'cr_c'] as const) {
      const links = await walk(s, L(), TOKENS[c], 'links' as never, 2)
      assert.deepEqual(
        links.map((l) => l.id),
        ownLinks(c),
        c,
      )
    }
    const [a1, , a3] = await walk(s, L(), TOKENS.cr_a, 'links' as never, 100)
    const { created_at, ...rest } = a1
    assert.deepEqual(rest, {
      id: 'l_a1',
      brand_id: 'b_active',
      product_id: 'p_active_00',
      asin: 'B0ACTIVE00',
      tracking_id: 'ig-post-1',
      short_url: 'https://go.example.link/l_a1',
      destination_url: 'https://www.amazon.com/dp/B0ACTIVE00',
    })
    assert.match(created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    // a brand-level link: product_id null, no asin
    assert.equal(a3.id, 'l_a3')
    assert.equal(a3.product_id, null)
    assert.ok(!('asin' in a3))
  })

  test("the ids are the link ids of the creator's report rows", async () => {
    const ids = new Set((await walk(s, L(), TOKENS.cr_a, 'links' as never, 100)).map((l) => l.id))
    const rows = await walk(s, '/api/creator/v1/reports?start=2026-03-01&end=2026-03-30', TOKENS.cr_a, 'reports', 500)
    for (const r of rows) assert.ok(ids.has(r.link.id), r.link.id)
  })

  test("filters narrow: brand_id, product_id; another creator's brand or product gives nothing", async () => {
    const by = async (q: string) => (await walk(s, L(q), TOKENS.cr_a, 'links' as never, 1)).map((l) => l.id)
    assert.deepEqual(await by('brand_id=b_active'), ['l_a1', 'l_a2', 'l_a3'])
    assert.deepEqual(await by('brand_id=b_hidden'), ['l_a4'])
    assert.deepEqual(await by('product_id=p_active_01'), ['l_a2'])
    assert.deepEqual(await by('brand_id=b_active&product_id=p_hidden_1'), [])
    assert.deepEqual(await by('brand_id=b_secret'), [])
    assert.deepEqual(await by('product_id=p_active_02'), [], "cr_b's product")
    assert.deepEqual(await by('brand_id=b_nope'), [])
  })

  test('default limit 25; a cursor belongs to its creator and filters; a seller token is 403', async () => {
    const first = await s.get(L('limit=1'), TOKENS.cr_a)
    assert.equal(first.status, 200)
    const cursor = encodeURIComponent(first.body.next_cursor)
    for (const [q, token] of [
      [`limit=1&cursor=${cursor}`, TOKENS.cr_b],
      [`limit=1&brand_id=b_active&cursor=${cursor}`, TOKENS.cr_a],
    ] as const) {
      const res = await s.get(L(q), token)
      assert.equal(res.status, 400)
      assert.equal(res.body.error.code, 'invalid_pagination')
    }
    for (const token of [TOKENS.sl_a, TOKENS.op_a]) {
      const res = await s.get(L(), token)
      assert.equal(res.status, 403)
      assert.equal(res.body.error.code, 'forbidden_resource')
    }
  })

  const bad: [string, string][] = [
    ['limit=0', 'invalid_pagination'],
    ['limit=101', 'invalid_pagination'],
    ['limit=x', 'invalid_pagination'],
    ['cursor=nope', 'invalid_pagination'],
    ['brand_id=', 'invalid_request'],
    ['brand_id=a&brand_id=b', 'invalid_request'],
    [`product_id=${'p'.repeat(257)}`, 'invalid_request'],
    ['link_id=l_a1', 'invalid_request'],
  ]
  for (const [q, code] of bad)
    test(`links: ${q.slice(0, 40)} → 400 ${code}`, async () => {
      const res = await s.get(L(q), TOKENS.cr_a)
      assert.equal(res.status, 400)
      assert.equal(res.body.error.code, code)
    })
})

describe('products', () => {
  test('the brands a creator can see, and only those; unknown and invisible brands alike 403', async () => {
    // cr_a: active discoverable brands, and its partnered ones whatever their status
    for (const brand of ['b_active', 'b_hidden', 'b_inactive', 'b_archived', 'b_noads', 'b_gen_00']) {
      const res = await s.get(P(`brand_id=${brand}`), TOKENS.cr_a)
      assert.equal(res.status, 200, `${brand}: ${JSON.stringify(res.body)}`)
    }
    const secret = await s.get(P('brand_id=b_secret'), TOKENS.cr_a)
    const unknown = await s.get(P('brand_id=b_nope'), TOKENS.cr_a)
    for (const res of [secret, unknown]) {
      assert.equal(res.status, 403)
      assert.equal(res.body.error.code, 'forbidden_resource')
    }
    assert.equal(secret.body.error.message.replace('b_secret', 'X'), unknown.body.error.message.replace('b_nope', 'X'))
    assert.equal((await s.get(P('brand_id=b_secret'), TOKENS.cr_b)).status, 200, 'cr_b is partnered')
    assert.equal((await s.get(P('brand_id=b_active'), TOKENS.sl_a)).status, 403, 'a seller token')
  })

  test('only active products, in id order, at any page size', async () => {
    const want = ds.products
      .filter((p) => p.brand_id === 'b_active' && p.status === 'active')
      .map((p) => p.id as string)
      .sort()
    for (const limit of [1, 4, 100]) {
      const got = await walk(s, P('brand_id=b_active'), TOKENS.cr_a, 'products', limit)
      assert.deepEqual(
        got.map((p) => p.id),
        want,
      )
      for (const p of got) assert.ok(!('status' in p))
    }
    const res = await s.get(P('brand_id=b_inactive'), TOKENS.cr_a)
    assert.deepEqual(
      res.body.products.map((p: { id: string }) => p.id),
      ['p_inactive_1'],
    )
  })

  test("the commission: the creator's own terms in force, else the general ones, else the base terms", async () => {
    const of = async (token: string) =>
      new Map((await walk(s, P('brand_id=b_active'), token, 'products', 100)).map((p) => [p.id, p.commission]))
    const pct = (bps: number, currency: string) => ({
      type: 'percentage',
      rate: bps / 10000,
      rate_bps: bps,
      flat_cents: 0,
      currency_code: currency,
    })
    const flat = (cents: number, currency: string) => ({
      type: 'flat',
      rate: 0,
      rate_bps: 0,
      flat_cents: cents,
      currency_code: currency,
    })
    const a = await of(TOKENS.cr_a)
    const b = await of(TOKENS.cr_b)
    const c = await of(TOKENS.cr_c)
    // p_active_00: cr_a's own 20 % (its future 40 % not yet); the others the general 9 %
    assert.deepEqual(a.get('p_active_00'), pct(2000, 'USD'))
    assert.deepEqual(b.get('p_active_00'), pct(900, 'USD'))
    assert.deepEqual(c.get('p_active_00'), pct(900, 'USD'))
    // p_active_03: cr_b's own 31 % beats a later general flat amount, which the others get
    assert.deepEqual(b.get('p_active_03'), pct(3100, 'JPY'))
    assert.deepEqual(a.get('p_active_03'), flat(275, 'JPY'))
    // p_active_06: only a future entry of cr_a's: the base terms (12.5 %)
    assert.deepEqual(a.get('p_active_06'), pct(1250, 'EUR'))
    // p_active_09: cr_a's own flat amount; cr_c has the base terms
    assert.deepEqual(a.get('p_active_09'), flat(42, 'GBP'))
    assert.deepEqual(c.get('p_active_09'), pct(1250, 'GBP'))
    // a product without any terms
    const hidden = await s.get(P('brand_id=b_hidden'), TOKENS.cr_a)
    assert.equal(hidden.body.products[0].commission, null)
  })

  test('the commission shown is the one the engine applies to a row ingested today', async () => {
    const [{ today } = { today: '' }] = await s.db.query<{ today: string }>(`select current_date::text as today`)
    // a link with an Amazon ad group per creator, for the products whose terms differ by creator
    await s.db.query(`update links set amazon_ad_group_id = '7001' where id = 'l_a1'`)
    await s.db.query(`update links set amazon_ad_group_id = '7002' where id = 'l_b1'`)
    const cases = [
      { group: '7001', token: TOKENS.cr_a, product: 'p_active_00', asin: 'B0ACTIVE00', site: 'AMAZON.COM' },
      { group: '7001', token: TOKENS.cr_a, product: 'p_active_03', asin: 'B0ACTIVE03', site: 'AMAZON.CO.JP' },
      { group: '7002', token: TOKENS.cr_b, product: 'p_active_03', asin: 'B0ACTIVE03', site: 'AMAZON.CO.JP' },
      { group: '7002', token: TOKENS.cr_b, product: 'p_active_00', asin: 'B0ACTIVE00', site: 'AMAZON.COM' },
    ]
    const dir = tempDir('csapi-catalogue-')
    const path = join(dir, 'today.ndjson')
    const rows = cases.map((c) => ({
      date: today.replaceAll('-', ''),
      adGroupId: c.group,
      productAsin: c.asin,
      marketplace: c.site,
      productConversionType: 'Brand Halo',
      attributedPurchases14d: '3',
      unitsSold14d: '3',
      attributedSales14d: '123.45',
    }))
    writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n'))
    const sum = await ingestAmazonAttribution(s.db, [path])
    assert.equal(sum.reportRows.inserted, cases.length, JSON.stringify(sum))
    for (const c of cases) {
      const shown = (await walk(s, P('brand_id=b_active'), c.token, 'products', 100)).find((p) => p.id === c.product)
      const [row] = await walk(
        s,
        `/api/creator/v1/reports?start=${today}&end=${today}&product_id=${c.product}`,
        c.token,
        'reports',
        10,
      )
      assert.ok(row, `no row of ${c.product} today`)
      const k = shown.commission
      const expected =
        k.type === 'percentage'
          ? Math.floor((row.sales_cents * k.rate_bps + 5000) / 10000)
          : k.flat_cents * row.units_sold
      assert.equal(row.commission_cents, expected, `${c.product}: ${JSON.stringify(k)} on ${JSON.stringify(row)}`)
    }
  })

  const bad: [string, string][] = [
    ['', 'invalid_request'],
    ['brand_id=', 'invalid_request'],
    ['brand_id=b_active&brand_id=b_hidden', 'invalid_request'],
    ['brand_id=b_active&status=active', 'invalid_request'],
    ['brand_id=b_active&limit=0', 'invalid_pagination'],
    ['brand_id=b_active&limit=101', 'invalid_pagination'],
    ['brand_id=b_active&cursor=zzz', 'invalid_pagination'],
  ]
  for (const [q, code] of bad)
    test(`products: "${q}" → 400 ${code}`, async () => {
      const res = await s.get(P(q), TOKENS.cr_a)
      assert.equal(res.status, 400)
      assert.equal(res.body.error.code, code)
    })

  test('a cursor belongs to its brand and creator', async () => {
    const first = await s.get(P('brand_id=b_active&limit=1'), TOKENS.cr_a)
    const cursor = encodeURIComponent(first.body.next_cursor)
    const other = await s.get(P(`brand_id=b_active&limit=1&cursor=${cursor}`), TOKENS.cr_b)
    assert.equal(other.body.error.code, 'invalid_pagination')
    const brand = await s.get(P(`brand_id=b_hidden&limit=1&cursor=${cursor}`), TOKENS.cr_a)
    assert.equal(brand.body.error.code, 'invalid_pagination')
    const invisible = await s.get(P(`brand_id=b_secret&limit=1&cursor=${cursor}`), TOKENS.cr_a)
    assert.equal(invisible.status, 403, 'an invisible brand is 403 whatever the cursor')
  })
})
