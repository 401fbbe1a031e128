// Hostile input on GET /api/seller/v1/reports/summary: every answer a valid 200 or a documented 4xx
// error body, never a 5xx; and the documented 400s for group_by, limit, dates and cursors.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { RUNS, cursorArb, fuzzEndpoint, hostileApp } from '../support/hostile-kit.js'
import { DAYS, TOKENS, day } from '../support/fixture.js'

let app: FastifyInstance
let close: () => Promise<void>
before(async () => {
  ;({ app, close } = await hostileApp())
})
after(() => close())

const S = '/api/seller/v1/reports/summary'
const DIMS = [
  'day',
  'week',
  'month',
  'brand_id',
  'product_id',
  'link_id',
  'marketplace',
  'commission_status',
  'creator_id',
]
const RANGE = `brand_id=b_active&start=${day(0)}&end=${day(DAYS - 1)}`

async function call(url: string, token: string = TOKENS.sl_a) {
  const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } })
  return { status: res.statusCode, body: res.json() }
}

async function cursorsOf(queries: [string, string][]): Promise<string[]> {
  const out: string[] = []
  for (const [q, token] of queries) {
    const res = await call(`${S}?${q}`, token)
    assert.equal(res.status, 200, JSON.stringify(res.body))
    if (res.body.next_cursor) out.push(res.body.next_cursor)
  }
  return out
}

test(`seller summary: ${RUNS} hostile requests, never a 5xx, every body as documented`, async (t) => {
  const real = await cursorsOf([
    [`${RANGE}&limit=1&group_by=day`, TOKENS.sl_a],
    [`${RANGE}&limit=1&group_by=month,creator_id`, TOKENS.sl_a],
    [`${RANGE}&limit=1&group_by=creator_id,commission_status,link_id`, TOKENS.op_a],
  ])
  assert.ok(real.length > 0)
  const date = fc.oneof(
    fc.integer({ min: -40, max: DAYS + 40 }).map(day),
    fc.constantFrom('0001-01-01', '9999-12-31', '0001-01-31', '9999-12-01', '2024-02-29', '2023-02-29'),
    fc
      .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  )
  const id = (ids: string[]) => fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 12 }))
  const groupBy = fc.oneof(
    fc.uniqueArray(fc.constantFrom(...DIMS), { maxLength: 4 }).map((g) => g.join(',')),
    fc
      .tuple(
        fc.array(
          fc.oneof(fc.constantFrom(...DIMS, 'asin', 'currency', 'CREATOR_ID', ''), fc.string({ maxLength: 6 })),
          {
            maxLength: 5,
          },
        ),
        fc.constantFrom(',', ', ', ';', ',,'),
      )
      .map(([g, sep]) => g.join(sep)),
  )
  const { seen, ms } = await fuzzEndpoint(
    app,
    S,
    {
      brand_id: id(['b_active', 'b_secret', 'b_hidden', 'b_noads', 'B_ACTIVE']),
      start: date,
      end: date,
      limit: fc.oneof(fc.integer({ min: -5, max: 30 }).map(String), fc.constantFrom('1000', '1001', '100', '1e3')),
      cursor: cursorArb(real),
      group_by: groupBy,
      product_id: id(['p_active_00', 'p_active_05', 'p_secret_1']),
      asin: id(['B0ACTIVE00', 'B0SECRET01']),
      creator_id: id(['cr_a', 'cr_b', 'sl_a']),
      marketplace: fc.oneof(fc.constantFrom('US', 'us', 'Uk', 'GB', 'DE', 'XX'), fc.string({ maxLength: 3 })),
    },
    TOKENS.sl_a,
    [
      ['brand_id', 'b_active'],
      ['start', day(0)],
      ['end', day(DAYS - 1)],
    ],
  )
  t.diagnostic(`${RUNS} cases in ${ms} ms; statuses: ${JSON.stringify(seen)}`)
  assert.ok((seen[200] ?? 0) > RUNS / 50, 'enough requests got through to the database')
})

test('seller summary: the documented 400s', async () => {
  for (const g of [
    'asin',
    'link',
    'day,month',
    'week,day',
    'creator_id,creator_id',
    'creator_id,brand_id,marketplace,month',
    'creator_id,',
    '',
    'CREATOR_ID',
  ]) {
    const res = await call(`${S}?${RANGE}&group_by=${encodeURIComponent(g)}`)
    assert.equal(res.status, 400, `group_by=${g}`)
    assert.equal(res.body.error.code, 'invalid_request', `group_by=${g}`)
  }
  for (const limit of ['0', '1001', '-1', '1.5', 'x']) {
    const res = await call(`${S}?${RANGE}&limit=${limit}`)
    assert.equal(res.status, 400, `limit=${limit}`)
    assert.equal(res.body.error.code, 'invalid_pagination', `limit=${limit}`)
  }
  // dates: refused exactly as the seller's /reports refuses them
  for (const dates of [
    `start=${day(5)}&end=${day(1)}`,
    'start=2026-02-30&end=2026-03-01',
    'start=2026-1-01&end=2026-02-01',
    `end=${day(1)}`,
    `start=${day(1)}`,
  ]) {
    const summary = await call(`${S}?brand_id=b_active&${dates}`)
    const reports = await call(`/api/seller/v1/reports?brand_id=b_active&${dates}`)
    assert.equal(summary.status, 400, dates)
    assert.deepEqual(summary.body, reports.body, dates)
  }
  const missing = await call(`${S}?start=${day(0)}&end=${day(1)}`)
  assert.equal(missing.status, 400)
  // a cursor is bound to group_by, the filters and the brand
  const [cursor] = await cursorsOf([[`${RANGE}&limit=1&group_by=creator_id`, TOKENS.sl_a]])
  for (const q of [
    `${RANGE}&limit=1&group_by=month`,
    `${RANGE}&limit=1&group_by=creator_id&creator_id=cr_a`,
    `brand_id=b_hidden&start=${day(0)}&end=${day(DAYS - 1)}&limit=1&group_by=creator_id`,
  ]) {
    const res = await call(`${S}?${q}&cursor=${encodeURIComponent(cursor!)}`)
    assert.equal(res.status, 400, q)
    assert.equal(res.body.error.code, 'invalid_pagination', q)
  }
  // the grant before the cursor: an ungranted brand is 403 whatever the cursor
  const secret = `brand_id=b_secret&start=${day(0)}&end=${day(DAYS - 1)}&limit=1&group_by=creator_id`
  const other = await call(`${S}?${secret}&cursor=${encodeURIComponent(cursor!)}`)
  assert.equal(other.status, 403)
  assert.equal(other.body.error.code, 'forbidden_resource')
})
