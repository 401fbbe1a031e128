// GET /api/seller/v1/brands: the brands granted to a seller or operator account, so that an
// integrator can find the brand_id values the products endpoint takes without probing.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestDatabase, load, onPostgres, startServer, walk, type TestServer } from '../support/helpers.js'
import { TOKENS, fixture } from '../support/fixture.js'
import { openDb } from '../../src/db/index.js'
import { buildApp } from '../../src/http/app.js'

const ds = fixture()
let s: TestServer
before(async () => {
  s = await startServer(ds)
})
after(() => s.close())

const B = '/api/seller/v1/brands'
const grantedTo = (account: string) =>
  ds.brand_access
    .filter((a) => a.account_id === account)
    .map((a) => a.brand_id)
    .sort()

describe('seller brands', () => {
  test(
    'each account sees exactly its granted brands, in id order, with id, name, status and ' + 'product_count',
    async () => {
      for (const [account, token] of [
        ['sl_a', TOKENS.sl_a],
        ['sl_b', TOKENS.sl_b],
        ['op_a', TOKENS.op_a],
      ] as const) {
        const brands = await walk(s, B, token, 'brands', 1)
        assert.deepEqual(
          brands.map((b) => b.id),
          grantedTo(account),
          account,
        )
        for (const b of brands) {
          const src = ds.brands.find((x) => x.id === b.id)!
          const active = ds.products.filter((p) => p.brand_id === b.id && p.status === 'active').length
          assert.deepEqual(b, { id: src.id, name: src.name, status: src.status, product_count: active })
        }
      }
    },
  )

  test(
    "in byte order on a database whose default collation is a language's (ICU en-US), every brand once",
    { skip: !onPostgres && 'PostgreSQL only: PGlite has no other collation' },
    async () => {
      const world = fixture()
      // en-US orders these b_a_z b_ab B-1 b1 brand_a Brand_B
      const ids = ['Brand_B', 'brand_a', 'b_a_z', 'b_ab', 'B-1', 'b1']
      for (const id of ids) {
        world.brands.push({ id, name: id, status: 'active' })
        world.brand_access.push({ account_id: 'sl_b', brand_id: id })
      }
      const t = await createTestDatabase({ migrated: true, icuLocale: 'en-US' })
      const db = await openDb(t.url)
      const app = await buildApp({ db, cursorSecrets: ['x'.repeat(32)] })
      try {
        await load(db, world)
        const expected = [...ids, 'b_secret'].sort()
        for (const limit of [1, 2, 3, 25]) {
          const seen: string[] = []
          for (let cursor = '', pages = 0; pages < 20; pages++) {
            const res = await app.inject({
              url: `${B}?limit=${limit}${cursor && `&cursor=${encodeURIComponent(cursor)}`}`,
              headers: { authorization: `Bearer ${TOKENS.sl_b}` },
            })
            assert.equal(res.statusCode, 200, res.body)
            const page = res.json()
            seen.push(...page.brands.map((b: { id: string }) => b.id))
            if (page.next_cursor === null) break
            cursor = page.next_cursor
          }
          assert.deepEqual(seen, expected, `limit ${limit}`)
        }
      } finally {
        await app.close()
        await db.close()
        await t.drop()
      }
    },
  )

  test('every granted brand lists its products; the default page is 25', async () => {
    const page = await s.get(B, TOKENS.op_a)
    assert.equal(page.status, 200)
    assert.equal(page.body.next_cursor, null)
    for (const b of page.body.brands)
      assert.equal((await s.get(`/api/seller/v1/products?brand_id=${b.id}`, TOKENS.op_a)).status, 200)
  })

  test('creator tokens are 403 forbidden_resource; no token is 401', async () => {
    const res = await s.get(B, TOKENS.cr_a)
    assert.deepEqual(res.body, {
      error: {
        code: 'forbidden_resource',
        message: 'this endpoint needs a seller or operator token; this token is a creator token',
      },
    })
    assert.equal((await s.get(B)).status, 401)
  })

  test('limit and cursor rules as on the other lists; a cursor belongs to its account', async () => {
    for (const limit of ['0', '101', 'abc', '1.5']) {
      const res = await s.get(`${B}?limit=${limit}`, TOKENS.sl_a)
      assert.deepEqual(res.body, {
        error: { code: 'invalid_pagination', message: 'limit must be a whole number from 1 to 100' },
      })
    }
    const first = await s.get(`${B}?limit=1`, TOKENS.sl_a)
    assert.ok(first.body.next_cursor)
    const replay = await s.get(`${B}?limit=1&cursor=${first.body.next_cursor}`, TOKENS.op_a)
    assert.equal(replay.body.error.code, 'invalid_pagination')
    const products = await s.get(
      `/api/seller/v1/products?brand_id=b_active&cursor=${first.body.next_cursor}`,
      TOKENS.sl_a,
    )
    assert.equal(products.body.error.code, 'invalid_pagination', "another endpoint's cursor")
    assert.equal((await s.get(`${B}?brand_id=b_active`, TOKENS.sl_a)).body.error.code, 'invalid_request')
  })
})
