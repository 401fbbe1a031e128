// Hostile input on GET /api/creator/v1/reports/changes: every answer a valid 200 or a 4xx error body.
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

const C = '/api/creator/v1/reports/changes'

test(`changes: ${RUNS} hostile requests, never a 5xx, every body as documented`, async (t) => {
  const cursors: string[] = []
  for (const q of ['limit=2', 'limit=7', 'from=now']) {
    const res = await app.inject({ url: `${C}?${q}`, headers: { authorization: `Bearer ${TOKENS.cr_a}` } })
    assert.equal(res.statusCode, 200, res.body)
    cursors.push(res.json().next_cursor)
  }
  const { seen, ms } = await fuzzEndpoint(
    app,
    C,
    {
      limit: fc.oneof(fc.integer({ min: -5, max: 30 }).map(String), fc.constantFrom('500', '501', '100')),
      cursor: cursorArb(cursors),
      from: fc.constantFrom('now', 'NOW', 'then', ''),
    },
    TOKENS.cr_a,
  )
  t.diagnostic(`${RUNS} cases in ${ms} ms; statuses: ${JSON.stringify(seen)}`)
  assert.ok((seen[200] ?? 0) > RUNS / 50, 'enough requests got through to the database')
})
