// Hostile input on GET /api/creator/v1/reports/summary and /reports/freshness: every answer a
// valid 200 or a 4xx error body, never a 5xx.
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

const SUMMARY = '/api/creator/v1/reports/summary'
const DIMS = ['day', 'week', 'month', 'brand_id', 'product_id', 'link_id', 'marketplace', 'commission_status']

async function cursorsOf(url: string, queries: string[]): Promise<string[]> {
  const cursors: string[] = []
  for (const q of queries) {
    const res = await app.inject({ url: `${url}?${q}`, headers: { authorization: `Bearer ${TOKENS.cr_a}` } })
    assert.equal(res.statusCode, 200, res.body)
    if (res.json().next_cursor) cursors.push(res.json().next_cursor)
  }
  return cursors
}

test(`summary: ${RUNS} hostile requests, never a 5xx, every body as documented`, async (t) => {
  const range = `start=${day(0)}&end=${day(DAYS - 1)}`
  const cursors = await cursorsOf(SUMMARY, [
    `${range}&limit=1&group_by=day`,
    `${range}&limit=1&group_by=month,brand_id`,
    `${range}&limit=1&group_by=commission_status,week,link_id`,
  ])
  assert.ok(cursors.length > 0)
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
        fc.array(fc.oneof(fc.constantFrom(...DIMS, 'asin', 'currency', 'MONTH', ''), fc.string({ maxLength: 6 })), {
          maxLength: 5,
        }),
        fc.constantFrom(',', ', ', ';', ',,'),
      )
      .map(([g, sep]) => g.join(sep)),
  )
  const { seen, ms } = await fuzzEndpoint(
    app,
    SUMMARY,
    {
      start: date,
      end: date,
      limit: fc.oneof(fc.integer({ min: -5, max: 30 }).map(String), fc.constantFrom('1000', '1001', '100', '1e3')),
      cursor: cursorArb(cursors),
      group_by: groupBy,
      brand_id: id(['b_active', 'b_noads', 'b_secret', 'b_hidden']),
      product_id: id(['p_active_00', 'p_active_01', 'p_secret_1']),
      asin: id(['B0ACTIVE00', 'B0SECRET01']),
      link_id: id(['l_a1', 'l_b1']),
      marketplace: fc.oneof(fc.constantFrom('US', 'us', 'Uk', 'GB', 'DE', 'JP', 'XX'), fc.string({ maxLength: 3 })),
    },
    TOKENS.cr_a,
    [
      ['start', day(0)],
      ['end', day(DAYS - 1)],
    ],
  )
  t.diagnostic(`${RUNS} cases in ${ms} ms; statuses: ${JSON.stringify(seen)}`)
  assert.ok((seen[200] ?? 0) > RUNS / 50, 'enough requests got through to the database')
})

test(`freshness: ${RUNS} hostile requests, never a 5xx`, async (t) => {
  const cursors = await cursorsOf('/api/creator/v1/reports/freshness', ['limit=1'])
  const { seen, ms } = await fuzzEndpoint(
    app,
    '/api/creator/v1/reports/freshness',
    {
      limit: fc.oneof(fc.integer({ min: -5, max: 30 }).map(String), fc.constantFrom('1000', '1001')),
      cursor: cursorArb(cursors),
    },
    TOKENS.cr_a,
  )
  t.diagnostic(`${RUNS} cases in ${ms} ms; statuses: ${JSON.stringify(seen)}`)
  assert.ok((seen[200] ?? 0) > 0)
})
