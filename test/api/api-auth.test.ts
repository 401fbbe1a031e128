import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startServer, walk, type TestServer } from '../support/helpers.js'
import { CREATORS, DAYS, SELLERS, TOKENS, day, fixture } from '../support/fixture.js'

const ds = fixture()
let s: TestServer
before(async () => {
  s = await startServer(ds)
})
after(() => s.close())

const ENDPOINTS = {
  brands: '/api/creator/v1/brands',
  reports: `/api/creator/v1/reports?start=${day(0)}&end=${day(DAYS - 1)}`,
  products: '/api/seller/v1/products?brand_id=b_active',
}

describe('authentication', () => {
  const unauthorized: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['another scheme', { authorization: `Basic ${TOKENS.cr_a}` }],
    ['Bearer without a token', { authorization: 'Bearer' }],
    ['Bearer with an empty token', { authorization: 'Bearer ' }],
    ['an unknown token', { authorization: 'Bearer csapi_not_a_real_token_at_all' }],
    ['an expired token', { authorization: `Bearer ${TOKENS.expired}` }],
    ['a revoked token', { authorization: `Bearer ${TOKENS.revoked}` }],
    ['a token with a control character', { authorization: `Bearer ${TOKENS.cr_a}\u0001` }],
    ['an overlong token', { authorization: `Bearer ${'a'.repeat(600)}` }],
  ]
  for (const [name, headers] of unauthorized) {
    test(`${name} is 401 invalid_api_token with WWW-Authenticate: Bearer on every endpoint`, async () => {
      for (const path of Object.values(ENDPOINTS)) {
        let res
        try {
          res = await s.get(path, undefined, headers)
        } catch (err) {
          // fetch itself refuses header values with control characters: nothing reached the server
          assert.match(String((err as Error).cause ?? err), /header|invalid/i)
          continue
        }
        assert.equal(res.status, 401, `${name} ${path}`)
        assert.equal(res.body.error.code, 'invalid_api_token')
        assert.equal(res.headers.get('www-authenticate'), 'Bearer')
      }
    })
  }

  test('the scheme name is case-insensitive', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const res = await s.get(ENDPOINTS.brands, undefined, { authorization: `${scheme} ${TOKENS.cr_a}` })
      assert.equal(res.status, 200, scheme)
    }
  })

  test('authentication comes before parameter checks: a bad query without a token is 401', async () => {
    const res = await s.get('/api/creator/v1/reports?limit=0&foo=1')
    assert.equal(res.status, 401)
  })
})

describe('roles', () => {
  test('creator endpoints refuse seller and operator tokens with 403 forbidden_resource', async () => {
    for (const token of [TOKENS.sl_a, TOKENS.op_a]) {
      for (const path of [ENDPOINTS.brands, ENDPOINTS.reports]) {
        const res = await s.get(path, token)
        assert.equal(res.status, 403)
        assert.equal(res.body.error.code, 'forbidden_resource')
        const role = token === TOKENS.op_a ? 'an operator' : 'a seller'
        assert.equal(res.body.error.message, `this endpoint needs a creator token; this token is ${role} token`)
      }
    }
  })
  test('the products endpoint refuses creator tokens', async () => {
    for (const creator of CREATORS) {
      const res = await s.get(ENDPOINTS.products, TOKENS[creator])
      assert.equal(res.status, 403)
      assert.equal(res.body.error.code, 'forbidden_resource')
    }
  })
})

describe('isolation: no token sees what is not its own (every pair)', () => {
  const links = (creator: string) => new Set(ds.links.filter((l) => l.creator_id === creator).map((l) => l.id))
  const visibleBrands = (creator: string) =>
    new Set(
      ds.brands
        .filter(
          (b) =>
            (b.status === 'active' && b.discoverable !== false) ||
            ds.partnerships.some((p) => p.creator_id === creator && p.brand_id === b.id),
        )
        .map((b) => b.id),
    )

  for (const creator of CREATORS) {
    test(`creator ${creator}: brands and report rows`, async () => {
      const brands = await walk(s, ENDPOINTS.brands, TOKENS[creator], 'brands', 100)
      assert.deepEqual(new Set(brands.map((b) => b.id)), visibleBrands(creator))
      for (const b of brands) {
        const own = ds.partnerships.find((p) => p.creator_id === creator && p.brand_id === b.id)
        assert.equal(b.partnership_status, own?.status ?? null, `${creator} sees its own partnership status of ${b.id}`)
      }
      const rows = await walk(s, ENDPOINTS.reports, TOKENS[creator], 'reports', 500)
      const mine = links(creator)
      assert.ok(rows.every((r) => mine.has(r.link.id)))
      assert.equal(rows.length, ds.report_rows.filter((r) => mine.has(r.link_id as string)).length)
      // Naming another creator's link, product or brand only narrows: nothing leaks.
      for (const other of CREATORS.filter((c) => c !== creator)) {
        for (const l of links(other)) {
          const res = await s.get(`${ENDPOINTS.reports}&link_id=${l}`, TOKENS[creator])
          assert.deepEqual(res.body.reports, [], `${creator} must not see ${other}'s link ${l}`)
        }
      }
    })
  }

  for (const seller of SELLERS) {
    test(`${seller}: products of every brand, allowed exactly when granted`, async () => {
      for (const brand of ds.brands) {
        const granted = ds.brand_access.some((a) => a.account_id === seller && a.brand_id === brand.id)
        const res = await s.get(`/api/seller/v1/products?brand_id=${brand.id}&limit=100`, TOKENS[seller])
        assert.equal(res.status, granted ? 200 : 403, `${seller} → ${brand.id}`)
        if (granted) assert.ok(res.body.products.every((p: { brand_id: string }) => p.brand_id === brand.id))
      }
    })
  }
})
