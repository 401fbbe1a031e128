import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { load, startServer, walk, type TestServer } from '../support/helpers.js'
import { TOKENS, fixture } from '../support/fixture.js'

const ds = fixture()
let s: TestServer
before(async () => {
  s = await startServer(ds)
})
after(() => s.close())

const B = '/api/creator/v1/brands'
const byId = (list: any[]) => new Map<string, any>(list.map((b) => [b.id, b]))

describe('brands: visibility and fields', () => {
  test('a creator sees active discoverable brands plus every brand it has a partnership with', async () => {
    const a = await walk(s, B, TOKENS.cr_a, 'brands', 100)
    const ids = a.map((b) => b.id)
    const gen = ds.brands.filter((b) => String(b.id).startsWith('b_gen_')).map((b) => b.id)
    assert.deepEqual(ids.sort(), ['b_active', 'b_archived', 'b_hidden', 'b_inactive', 'b_noads', ...gen].sort())
    const c = await walk(s, B, TOKENS.cr_c, 'brands', 100)
    assert.deepEqual(
      c.map((b) => b.id).sort(),
      ['b_active', 'b_noads', ...gen].sort(),
      'no partnership: only active discoverable brands',
    )
  })

  test("partnership_status is this creator's status or null, independent of the brand status", async () => {
    const a = byId(await walk(s, B, TOKENS.cr_a, 'brands', 100))
    assert.equal(a.get('b_active').partnership_status, 'suspended')
    assert.equal(a.get('b_hidden').partnership_status, 'approved')
    assert.equal(a.get('b_inactive').partnership_status, 'pending')
    assert.equal(a.get('b_inactive').status, 'inactive')
    assert.equal(a.get('b_archived').partnership_status, 'rejected')
    assert.equal(a.get('b_archived').status, 'archived')
    assert.equal(a.get('b_gen_00').partnership_status, null)
    const b = byId(await walk(s, B, TOKENS.cr_b, 'brands', 100))
    assert.equal(b.get('b_active').partnership_status, 'approved')
    assert.equal(b.get('b_secret').partnership_status, 'approved')
  })

  test('a full brand has every field; optional fields without a value are omitted, never null', async () => {
    const a = byId(await walk(s, B, TOKENS.cr_a, 'brands', 100))
    const active = ds.products.filter((p) => p.brand_id === 'b_active' && p.status === 'active')
    const regions = ['US', 'UK', 'DE', 'JP'].filter((code) => active.some((p) => p.country_code === code))
    const domains: Record<string, string> = {
      US: 'amazon.com',
      UK: 'amazon.co.uk',
      DE: 'amazon.de',
      JP: 'amazon.co.jp',
    }
    assert.deepEqual(a.get('b_active'), {
      id: 'b_active',
      name: 'Active Brand',
      status: 'active',
      description: 'Visible to all',
      logo_url: 'https://a.example/logo.png',
      website: 'https://a.example',
      product_count: active.length,
      amazon_regions: regions,
      amazon_marketplaces: regions.map((r) => domains[r]),
      partnership_status: 'suspended',
    })
    assert.deepEqual(a.get('b_gen_00'), {
      id: 'b_gen_00',
      name: 'Generated 0',
      status: 'active',
      product_count: 0,
      amazon_regions: [],
      amazon_marketplaces: [],
      partnership_status: null,
    })
    for (const brand of a.values()) {
      for (const [k, v] of Object.entries(brand))
        if (k !== 'partnership_status') assert.notEqual(v, null, `${brand.id}.${k}`)
      assert.ok(!('discoverable' in brand) && !('ads_connected' in brand), 'internal fields never leave the server')
    }
  })

  test('aggregates follow product changes', async () => {
    await load(s.db, {
      products: [
        { id: 'p_gen_1', brand_id: 'b_gen_01', asin: 'B0GEN00001', title: 'New', status: 'active', country_code: 'FR' },
      ],
    })
    let g = byId(await walk(s, B, TOKENS.cr_c, 'brands', 100)).get('b_gen_01')
    assert.equal(g.product_count, 1)
    assert.deepEqual(g.amazon_marketplaces, ['amazon.fr'])
    await load(s.db, {
      products: [
        {
          id: 'p_gen_1',
          brand_id: 'b_gen_01',
          asin: 'B0GEN00001',
          title: 'New',
          status: 'archived',
          country_code: 'FR',
        },
      ],
    })
    g = byId(await walk(s, B, TOKENS.cr_c, 'brands', 100)).get('b_gen_01')
    assert.equal(g.product_count, 0)
    assert.deepEqual(g.amazon_regions, [])
  })
})

describe('brands: pagination', () => {
  for (const limit of [1, 3, 25, 100]) {
    test(`a walk at limit ${limit} sees every brand once, ordered by id`, async () => {
      const all = await walk(s, B, TOKENS.cr_a, 'brands', limit)
      const ids = all.map((b) => b.id)
      assert.equal(new Set(ids).size, ids.length)
      assert.deepEqual(
        ids,
        [...ids].sort((x, y) => (Buffer.from(x) < Buffer.from(y) ? -1 : 1)),
      )
      assert.equal(ids.length, 45)
    })
  }

  test('default limit is 25', async () => {
    const res = await s.get(B, TOKENS.cr_a)
    assert.equal(res.body.brands.length, 25)
    assert.notEqual(res.body.next_cursor, null)
  })

  test('limit errors are invalid_pagination, bounds 1..100', async () => {
    for (const l of ['0', '101', '-1', '1.5', 'abc', '']) {
      const res = await s.get(`${B}?limit=${l}`, TOKENS.cr_a)
      assert.deepEqual(
        res.body,
        { error: { code: 'invalid_pagination', message: 'limit must be a whole number from 1 to 100' } },
        l,
      )
    }
    assert.equal((await s.get(`${B}?limit=100`, TOKENS.cr_a)).status, 200)
  })

  test('a cursor of another creator or of the products endpoint is rejected', async () => {
    const c = (await s.get(`${B}?limit=2`, TOKENS.cr_a)).body.next_cursor
    const other = await s.get(`${B}?limit=2&cursor=${encodeURIComponent(c)}`, TOKENS.cr_b)
    assert.equal(other.body.error.code, 'invalid_pagination')
    const p = (await s.get('/api/seller/v1/products?brand_id=b_active&limit=2', TOKENS.sl_a)).body.next_cursor
    const foreign = await s.get(`${B}?cursor=${encodeURIComponent(p)}`, TOKENS.cr_a)
    assert.equal(foreign.status, 400)
    assert.equal(foreign.body.error.code, 'invalid_pagination')
  })

  test('unknown and repeated parameters are invalid_request', async () => {
    assert.deepEqual((await s.get(`${B}?status=active`, TOKENS.cr_a)).body, {
      error: { code: 'invalid_request', message: 'unknown query parameter "status"' },
    })
    assert.deepEqual((await s.get(`${B}?limit=2&limit=2`, TOKENS.cr_a)).body.error.code, 'invalid_pagination')
  })
})
