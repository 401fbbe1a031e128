// Hostile input on GET /api/creator/v1/brands: every answer a valid 200 or a 4xx error body.
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

test(`brands: ${RUNS} hostile requests, never a 5xx, every body as documented`, async (t) => {
  const cursors: string[] = []
  for (const limit of [1, 3, 10]) {
    const res = await app.inject({
      url: `/api/creator/v1/brands?limit=${limit}`,
      headers: { authorization: `Bearer ${TOKENS.cr_a}` },
    })
    cursors.push(res.json().next_cursor)
  }
  const other = await app.inject({
    url: '/api/creator/v1/brands?limit=1',
    headers: { authorization: `Bearer ${TOKENS.cr_b}` },
  })
  cursors.push(other.json().next_cursor)
  const { seen, ms } = await fuzzEndpoint(
    app,
    '/api/creator/v1/brands',
    {
      limit: fc.oneof(fc.integer({ min: -5, max: 120 }).map(String), fc.constantFrom('1', '100', '25')),
      cursor: cursorArb(cursors),
    },
    TOKENS.cr_a,
  )
  t.diagnostic(`${RUNS} cases in ${ms} ms; statuses: ${JSON.stringify(seen)}`)
  assert.ok((seen[200] ?? 0) > RUNS / 50, 'enough requests got through to the database')
})
