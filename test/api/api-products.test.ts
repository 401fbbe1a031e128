import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startServer, walk, type TestServer } from '../support/helpers.js'
import { TOKENS, fixture } from '../support/fixture.js'

const ds = fixture()
let s: TestServer
before(async () => {
  s = await startServer(ds)
})
after(() => s.close())

const P = (q: string) => `/api/seller/v1/products?${q}`

describe('products: fields', () => {
  test('every product of the granted brand, whatever its status, ordered by id', async () => {
    const all = await walk(s, P('brand_id=b_active'), TOKENS.sl_a, 'products', 100)
    const want = ds.products
      .filter((p) => p.brand_id === 'b_active')
      .map((p) => p.id as string)
      .sort()
    assert.deepEqual(
      all.map((p) => p.id),
      want,
    )
    assert.deepEqual(new Set(all.map((p) => p.status)), new Set(['active', 'inactive', 'archived']))
  })

  test('commission objects: percentage, flat and none', async () => {
    const all = new Map((await walk(s, P('brand_id=b_active'), TOKENS.sl_a, 'products', 100)).map((p) => [p.id, p]))
    assert.deepEqual(all.get('p_active_00'), {
      id: 'p_active_00',
      brand_id: 'b_active',
      asin: 'B0ACTIVE00',
      title: 'Active product 0',
      status: 'active',
      commission: { type: 'percentage', rate: 0.125, rate_bps: 1250, flat_cents: 0, currency_code: 'USD' },
      image_url: 'https://img.example/0.jpg',
      detail_page_url: 'https://www.amazon.com/dp/B0ACTIVE00',
      marketplace_id: 'ATVPDKIKX0DER',
      country_code: 'US',
      price_cents: 1000,
      currency: 'USD',
    })
    assert.deepEqual(all.get('p_active_01').commission, {
      type: 'flat',
      rate: 0,
      rate_bps: 0,
      flat_cents: 150,
      currency_code: 'GBP',
    })
    assert.equal(all.get('p_active_02').commission, null)
    assert.ok('commission' in all.get('p_active_02'), 'commission is always present')
  })

  test(
    'optional fields without a value are omitted; a percentage without product currency has ' + 'currency_code ""',
    async () => {
      const all = new Map((await walk(s, P('brand_id=b_active'), TOKENS.sl_a, 'products', 100)).map((p) => [p.id, p]))
      assert.deepEqual(all.get('p_active_29'), {
        id: 'p_active_29',
        brand_id: 'b_active',
        asin: 'B0ACTIVE29',
        title: 'Active product 29',
        status: 'archived',
        commission: { type: 'percentage', rate: 0.08, rate_bps: 800, flat_cents: 0, currency_code: '' },
      })
      const p27 = all.get('p_active_27')
      assert.deepEqual(p27.commission, {
        type: 'percentage',
        rate: 0.125,
        rate_bps: 1250,
        flat_cents: 0,
        currency_code: 'JPY',
      })
      assert.ok(!('image_url' in p27))
    },
  )
})

describe('products: commission terms in force', () => {
  // p_active_00 (base 12.5%), p_active_01 (base flat 150), p_active_02 (no base terms)
  const terms = [
    // two past general entries: the later one is in force
    { product_id: 'p_active_00', effective_from: '2020-01-01', type: 'percentage', rate_bps: 900 },
    { product_id: 'p_active_00', effective_from: '2024-06-01', type: 'percentage', rate_bps: 1500 },
    // a future general entry and a creator's own entry change nothing on the seller's page
    { product_id: 'p_active_00', effective_from: '2100-01-01', type: 'percentage', rate_bps: 3000 },
    { product_id: 'p_active_00', creator_id: 'cr_a', effective_from: '2025-01-01', type: 'percentage', rate_bps: 2000 },
    // a general entry of another type replaces the base terms
    { product_id: 'p_active_01', effective_from: '2021-03-01', type: 'percentage', rate_bps: 333 },
    { product_id: 'p_active_02', effective_from: '2022-01-01', type: 'flat', flat_cents: 275, currency_code: 'EUR' },
    // only a future entry: the base terms stay
    { product_id: 'p_active_03', effective_from: '2100-06-01', type: 'flat', flat_cents: 1, currency_code: 'USD' },
  ]
  let t: TestServer
  before(async () => {
    t = await startServer({ ...fixture(), commission_terms: terms })
  })
  after(() => t.close())

  test('each product shows the latest general entry in force today, else its base terms', async () => {
    const all = new Map((await walk(t, P('brand_id=b_active'), TOKENS.sl_a, 'products', 100)).map((p) => [p.id, p]))
    const pct = (bps: number, currency: string) => ({
      type: 'percentage',
      rate: bps / 10000,
      rate_bps: bps,
      flat_cents: 0,
      currency_code: currency,
    })
    assert.deepEqual(all.get('p_active_00').commission, pct(1500, 'USD'))
    // a percentage's currency_code is the product's currency
    const currency = ds.products.find((p) => p.id === 'p_active_01')!.currency as string
    assert.ok(currency)
    assert.deepEqual(all.get('p_active_01').commission, pct(333, currency))
    assert.deepEqual(all.get('p_active_02').commission, {
      type: 'flat',
      rate: 0,
      rate_bps: 0,
      flat_cents: 275,
      currency_code: 'EUR',
    })
    // unchanged where no entry is in force: the same page without any terms
    const base = new Map((await walk(s, P('brand_id=b_active'), TOKENS.sl_a, 'products', 100)).map((p) => [p.id, p]))
    for (const id of all.keys()) {
      if (['p_active_00', 'p_active_01', 'p_active_02'].includes(id)) continue
      assert.deepEqual(all.get(id), base.get(id), id)
    }
    assert.equal(all.size, base.size)
  })
})

describe('products: access', () => {
  test('sellers and operators read only brands granted to their account', async () => {
    assert.equal((await s.get(P('brand_id=b_active'), TOKENS.op_a)).status, 200)
    assert.equal((await s.get(P('brand_id=b_secret'), TOKENS.sl_b)).status, 200)
    for (const [token, brand] of [
      [TOKENS.sl_a, 'b_secret'],
      [TOKENS.sl_b, 'b_active'],
      [TOKENS.op_a, 'b_secret'],
      [TOKENS.sl_a, 'no_such_brand'],
    ] as const) {
      const res = await s.get(P(`brand_id=${brand}`), token)
      assert.equal(res.status, 403, `${token} ${brand}`)
      assert.deepEqual(res.body, {
        error: { code: 'forbidden_resource', message: `brand ${brand} is not granted to this token's account` },
      })
    }
  })

  test('a brand not granted is 403 whatever the cursor: malformed, or issued for another brand', async () => {
    const c = encodeURIComponent((await s.get(P('brand_id=b_active&limit=2'), TOKENS.sl_a)).body.next_cursor)
    for (const cursor of ['not-a-cursor', c, '%01']) {
      const res = await s.get(P(`brand_id=b_secret&cursor=${cursor}`), TOKENS.sl_a)
      assert.equal(res.status, 403, cursor)
      assert.equal(res.body.error.code, 'forbidden_resource', cursor)
    }
    // granted, the same malformed cursor is the cursor's own error
    const granted = await s.get(P('brand_id=b_active&cursor=not-a-cursor'), TOKENS.sl_a)
    assert.equal(granted.body.error.code, 'invalid_pagination')
  })

  test('a grant revoked during a walk refuses the next page (the grant is read with the page)', async () => {
    const first = await s.get(P('brand_id=b_active&limit=2'), TOKENS.sl_a)
    assert.equal(first.status, 200)
    await s.db.query(`delete from brand_access where account_id = 'sl_a' and brand_id = 'b_active'`)
    try {
      const next = await s.get(
        P(`brand_id=b_active&limit=2&cursor=${encodeURIComponent(first.body.next_cursor)}`),
        TOKENS.sl_a,
      )
      assert.equal(next.status, 403)
      assert.deepEqual(next.body, {
        error: { code: 'forbidden_resource', message: "brand b_active is not granted to this token's account" },
      })
    } finally {
      await s.db.query(`insert into brand_access (account_id, brand_id) values ('sl_a', 'b_active')`)
    }
    assert.equal((await s.get(P('brand_id=b_active&limit=2'), TOKENS.sl_a)).status, 200)
  })

  test('a creator token gets 403 forbidden_resource', async () => {
    const res = await s.get(P('brand_id=b_active'), TOKENS.cr_a)
    assert.equal(res.status, 403)
    assert.equal(res.body.error.code, 'forbidden_resource')
  })

  test('brand_id is required, once, non-empty', async () => {
    assert.deepEqual((await s.get(P('limit=5'), TOKENS.sl_a)).body, {
      error: { code: 'invalid_request', message: 'brand_id is required' },
    })
    assert.deepEqual((await s.get(P('brand_id='), TOKENS.sl_a)).body.error.code, 'invalid_request')
    assert.deepEqual((await s.get(P('brand_id=b_active&brand_id=b_hidden'), TOKENS.sl_a)).body, {
      error: { code: 'invalid_request', message: 'brand_id must be given only once' },
    })
  })
})

describe('products: pagination', () => {
  for (const limit of [1, 4, 25, 100]) {
    test(`a walk at limit ${limit} sees every product once`, async () => {
      const all = await walk(s, P('brand_id=b_active'), TOKENS.op_a, 'products', limit)
      const ids = all.map((p) => p.id)
      assert.equal(new Set(ids).size, 30)
      assert.equal(ids.length, 30)
    })
  }

  test('default limit 25; limit bounds 1..100', async () => {
    assert.equal((await s.get(P('brand_id=b_active'), TOKENS.sl_a)).body.products.length, 25)
    for (const l of ['0', '101', 'x']) {
      assert.equal((await s.get(P(`brand_id=b_active&limit=${l}`), TOKENS.sl_a)).body.error.code, 'invalid_pagination')
    }
  })

  test('a cursor for another brand, or another account with the same grant, is rejected', async () => {
    const c = encodeURIComponent((await s.get(P('brand_id=b_active&limit=2'), TOKENS.sl_a)).body.next_cursor)
    const otherBrand = await s.get(P(`brand_id=b_hidden&cursor=${c}`), TOKENS.sl_a)
    assert.equal(otherBrand.body.error.code, 'invalid_pagination')
    const otherOwner = await s.get(P(`brand_id=b_active&cursor=${c}`), TOKENS.op_a)
    assert.equal(otherOwner.body.error.code, 'invalid_pagination')
  })
})
