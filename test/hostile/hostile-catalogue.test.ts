// Hostile input on GET /api/seller/v1/reports, /api/creator/v1/links and /api/creator/v1/products:
// every answer a valid 200 or a documented 4xx error body, never a 5xx.
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

/** The next_cursor of each of these first pages, for the fuzzer to send back (altered or not). */
async function cursors(urls: [string, string][]): Promise<string[]> {
  const out: string[] = []
  for (const [url, token] of urls) {
    const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } })
    assert.equal(res.statusCode, 200, res.body)
    out.push(res.json().next_cursor)
  }
  return out
}

const id = (ids: string[]) => fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 12 }))
const limit = (max: number) =>
  fc.oneof(fc.integer({ min: -5, max: 30 }).map(String), fc.constantFrom(String(max), String(max + 1), '1.5', 'x'))
const date = fc.oneof(
  fc.integer({ min: -3, max: DAYS + 3 }).map(day),
  fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
)

test(`seller reports: ${RUNS} hostile requests, never a 5xx, every body as documented`, async (t) => {
  const R = '/api/seller/v1/reports'
  const range = `start=${day(0)}&end=${day(DAYS - 1)}`
  const real = await cursors([
    [`${R}?brand_id=b_active&${range}&limit=2`, TOKENS.sl_a],
    [`${R}?brand_id=b_active&${range}&limit=3&marketplace=de`, TOKENS.sl_a],
    [`${R}?brand_id=b_noads&start=${day(0)}&end=${day(20)}&limit=1`, TOKENS.op_a],
  ])
  const { seen, ms } = await fuzzEndpoint(
    app,
    R,
    {
      brand_id: id(['b_active', 'b_secret', 'b_hidden', 'b_noads', 'B_ACTIVE']),
      start: date,
      end: date,
      limit: limit(500),
      cursor: cursorArb(real),
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

test(`creator links: ${RUNS} hostile requests, never a 5xx, every body as documented`, async (t) => {
  const L = '/api/creator/v1/links'
  const real = await cursors([
    [`${L}?limit=1`, TOKENS.cr_a],
    [`${L}?limit=2&brand_id=b_active`, TOKENS.cr_a],
  ])
  const { seen, ms } = await fuzzEndpoint(
    app,
    L,
    {
      brand_id: id(['b_active', 'b_secret', 'b_hidden']),
      product_id: id(['p_active_00', 'p_secret_1']),
      limit: limit(100),
      cursor: cursorArb(real),
    },
    TOKENS.cr_a,
  )
  t.diagnostic(`${RUNS} cases in ${ms} ms; statuses: ${JSON.stringify(seen)}`)
  assert.ok((seen[200] ?? 0) > RUNS / 50, 'enough requests got through to the database')
})

test(`creator products: ${RUNS} hostile requests, never a 5xx, every body as documented`, async (t) => {
  const P = '/api/creator/v1/products'
  const real = await cursors([
    [`${P}?brand_id=b_active&limit=1`, TOKENS.cr_a],
    [`${P}?brand_id=b_active&limit=3`, TOKENS.cr_b],
  ])
  const { seen, ms } = await fuzzEndpoint(
    app,
    P,
    {
      brand_id: id(['b_active', 'b_secret', 'b_hidden', 'b_inactive', 'b_gen_01']),
      limit: limit(100),
      cursor: cursorArb(real),
    },
    TOKENS.cr_a,
    [['brand_id', 'b_active']],
  )
  t.diagnostic(`${RUNS} cases in ${ms} ms; statuses: ${JSON.stringify(seen)}`)
  assert.ok((seen[200] ?? 0) > RUNS / 50, 'enough requests got through to the database')
})
