// Hostile input on GET /api/creator/v1/reports: every answer a valid 200 or a 4xx error body.
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

const R = '/api/creator/v1/reports'

test(`reports: ${RUNS} hostile requests, never a 5xx, every body as documented`, async (t) => {
  const range = `start=${day(0)}&end=${day(DAYS - 1)}`
  const cursors: string[] = []
  for (const q of [
    `${range}&limit=2`,
    `${range}&limit=7&marketplace=us`,
    `start=${day(3)}&end=${day(9)}&limit=1&brand_id=b_active`,
  ]) {
    const res = await app.inject({ url: `${R}?${q}`, headers: { authorization: `Bearer ${TOKENS.cr_a}` } })
    assert.equal(res.statusCode, 200, res.body)
    cursors.push(res.json().next_cursor)
  }
  const date = fc.oneof(
    fc.integer({ min: -3, max: DAYS + 3 }).map(day),
    fc
      .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
    // the whole range a client can type, year 0000 and five-digit years included
    fc
      .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  )
  const id = (ids: string[]) => fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 12 }))
  const { seen, ms } = await fuzzEndpoint(
    app,
    R,
    {
      start: date,
      end: date,
      limit: fc.oneof(fc.integer({ min: -5, max: 30 }).map(String), fc.constantFrom('500', '501', '100')),
      cursor: cursorArb(cursors),
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
