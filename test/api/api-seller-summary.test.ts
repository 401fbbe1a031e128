// GET /api/seller/v1/reports/summary: a granted brand's rows of every creator added up per group
// and currency; who may ask; the cursor; every body checked against the OpenAPI document.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startServer, walk, type TestServer } from '../support/helpers.js'
import { DAYS, TOKENS, day, fixture } from '../support/fixture.js'
import { SELLER_SUMMARY, summarize, walkList } from '../support/summary-kit.js'

const ds = fixture()
let s: TestServer
before(async () => {
  s = await startServer(ds)
})
after(() => s.close())

const range = `start=${day(0)}&end=${day(DAYS - 1)}`
const S = (q: string) => `${SELLER_SUMMARY}?${q}`
const rowsOf = (q: string, token: string = TOKENS.sl_a) => walk(s, `/api/seller/v1/reports?${q}`, token, 'reports', 500)

describe('seller summary: the sums', () => {
  test('by creator: what each creator sold of the brand, per currency, equal to its rows', async () => {
    const q = `brand_id=b_active&${range}`
    const res = await s.get(S(`${q}&group_by=creator_id&limit=1000`), TOKENS.sl_a)
    assert.equal(res.status, 200)
    assert.deepEqual(res.body.summary, summarize(await rowsOf(q), ['creator_id']))
    assert.deepEqual(new Set(res.body.summary.map((i: any) => i.group.creator_id)), new Set(['cr_a', 'cr_b']))
    assert.equal(res.body.next_cursor, null)
  })

  test('without group_by: one item per currency; filters narrow as on /reports', async () => {
    for (const f of ['', '&creator_id=cr_b', '&marketplace=de', '&product_id=p_active_05', '&asin=B0ACTIVE00']) {
      const q = `brand_id=b_active&${range}${f}`
      const res = await s.get(S(q), TOKENS.sl_a)
      assert.equal(res.status, 200, f)
      assert.deepEqual(res.body.summary, summarize(await rowsOf(q), []), f)
    }
    const none = await s.get(S(`brand_id=b_active&${range}&creator_id=cr_c`), TOKENS.sl_a)
    assert.deepEqual(none.body, { summary: [], next_cursor: null })
  })

  test('pages: a cursor walk gives the one-page answer, item by item', async () => {
    const q = `brand_id=b_active&${range}&group_by=day,creator_id,commission_status`
    const all = (await s.get(S(`${q}&limit=1000`), TOKENS.sl_a)).body.summary
    assert.ok(all.length > 3)
    const pages = await walkList((p, t) => s.get(p, t), S(q), TOKENS.sl_a, 'summary', 2)
    assert.deepEqual(pages.items, all)
  })

  test('an operator with the grant sees the same sums', async () => {
    const q = `brand_id=b_active&${range}&group_by=month,creator_id`
    const seller = await s.get(S(q), TOKENS.sl_a)
    const operator = await s.get(S(q), TOKENS.op_a)
    assert.equal(operator.status, 200)
    assert.deepEqual(operator.body, seller.body)
  })
})

describe('seller summary: who may ask', () => {
  test('creators 403, ungranted and unknown brands 403 alike, no token 401', async () => {
    for (const token of [TOKENS.cr_a, TOKENS.cr_b]) {
      const res = await s.get(S(`brand_id=b_active&${range}`), token)
      assert.equal(res.status, 403)
      assert.equal(res.body.error.code, 'forbidden_resource')
    }
    const bodies = []
    for (const [brand, token] of [
      ['b_secret', TOKENS.sl_a],
      ['b_nope', TOKENS.sl_a],
      ['b_active', TOKENS.sl_b],
    ] as const) {
      const res = await s.get(S(`brand_id=${brand}&${range}&group_by=creator_id`), token)
      assert.equal(res.status, 403, brand)
      assert.equal(res.body.error.code, 'forbidden_resource')
      bodies.push(res.body.error.message.replace(brand, 'B'))
    }
    assert.equal(new Set(bodies).size, 1, 'unknown and ungranted answer alike')
    assert.equal((await s.get(S(`brand_id=b_active&${range}`))).status, 401)
  })
})
