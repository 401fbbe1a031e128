// Hostile input on GET /api/seller/v1/products: every answer a valid 200 or a 4xx error body.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { RUNS, cursorArb, fuzzEndpoint, hostileApp } from '../support/hostile-kit.js'
import { TOKENS } from '../support/fixture.js'

let app: FastifyInstance
let close: () => Promise<void>
before(async () => {
  ;({ app, close } = await hostileApp())
})
after(() => close())

const P = '/api/seller/v1/products'

test(`products: ${RUNS} hostile requests, never a 5xx, every body as documented`, async (t) => {
  const cursors: string[] = []
  for (const [token, limit] of [
    [TOKENS.sl_a, 1],
    [TOKENS.sl_a, 4],
    [TOKENS.op_a, 2],
  ] as const) {
    const res = await app.inject({
      url: `${P}?brand_id=b_active&limit=${limit}`,
      headers: { authorization: `Bearer ${token}` },
    })
    assert.equal(res.statusCode, 200, res.body)
    cursors.push(res.json().next_cursor)
  }
  const { seen, ms } = await fuzzEndpoint(
    app,
    P,
    {
      brand_id: fc.oneof(
        fc.constantFrom('b_active', 'b_secret', 'b_hidden', 'b_noads', 'B_ACTIVE', 'b_active '),
        fc.string({ maxLength: 12 }),
      ),
      limit: fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), fc.constantFrom('1', '100', '25')),
      cursor: cursorArb(cursors),
    },
    TOKENS.sl_a,
    [['brand_id', 'b_active']],
  )
  t.diagnostic(`${RUNS} cases in ${ms} ms; statuses: ${JSON.stringify(seen)}`)
  assert.ok((seen[200] ?? 0) > RUNS / 50, 'enough requests got through to the database')
})
