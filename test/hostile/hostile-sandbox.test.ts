// Hostile bodies on POST /api/v1/sandbox/advance: any JSON value, broken JSON, other content
// types, oversized bodies: never a 5xx, every answer as documented, and the world's clock moved
// only by the valid ones.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { RUNS, hostileApp } from '../support/hostile-kit.js'
import { openApiAjv, responseSchemaRef } from '../support/helpers.js'
import { ERROR_CODES } from '../../src/http/errors.js'
import { createSandbox, type CreatedSandbox } from '../../src/sandbox/sandbox.js'

let app: FastifyInstance
let close: () => Promise<void>
let world: CreatedSandbox
before(async () => {
  ;({ app, close } = await hostileApp())
  world = await createSandbox(app.db, { seed: 1 })
})
after(() => close())

const ADVANCE = '/api/v1/sandbox/advance'

test(`advance: ${Math.min(RUNS, 400)} hostile bodies, never a 5xx, every answer as documented`, async (t) => {
  const doc = JSON.parse(JSON.stringify(app.swagger())) as { paths: Record<string, { post: { responses: object } }> }
  const responses = doc.paths[ADVANCE]!.post.responses as Record<string, unknown>
  const ajv = openApiAjv(doc)
  const seen: Record<number, number> = {}
  let moved = 0
  const body = fc.oneof(
    fc.json().map((text) => ({ text, type: 'application/json' })),
    fc.record({ days: fc.oneof(fc.integer(), fc.double(), fc.string(), fc.constant(null)) }).map((v) => ({
      text: JSON.stringify(v),
      type: 'application/json',
    })),
    fc.string({ maxLength: 2000 }).map((text) => ({ text, type: 'application/json' })),
    fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', '')
      .map((type) => ({ text: '{"days":1}', type })),
    fc.constant({ text: JSON.stringify({ days: 1, pad: 'x'.repeat(5000) }), type: 'application/json' }),
  )
  await fc.assert(
    fc.asyncProperty(body, async ({ text, type }) => {
      const res = await app.inject({
        method: 'POST',
        url: ADVANCE,
        headers: { authorization: `Bearer ${world.tokens.creator}`, ...(type ? { 'content-type': type } : {}) },
        payload: text,
      })
      const what = `${type} ${text.slice(0, 100)}`
      seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1
      assert.ok(res.statusCode < 500, `${what} → ${res.statusCode}: ${res.body.slice(0, 300)}`)
      assert.doesNotMatch(res.body, /\bat [^ ]+ \(|node_modules|\.ts:\d+|stack/i, `${what}: internals in the body`)
      assert.ok(responses[String(res.statusCode)], `${what}: status ${res.statusCode} is not documented`)
      const validate = ajv.compile({ $ref: responseSchemaRef(ADVANCE, res.statusCode, 'POST') })
      const parsed = JSON.parse(res.body) as { error: { code: string }; days: unknown[] }
      assert.ok(validate(parsed), `${what} → ${res.statusCode}: ${ajv.errorsText(validate.errors)}`)
      if (res.statusCode >= 400)
        assert.equal(ERROR_CODES[parsed.error.code as keyof typeof ERROR_CODES], res.statusCode)
      else moved += parsed.days.length
    }),
    { numRuns: Math.min(RUNS, 400) },
  )
  const [w] = await app.db.query<{ days: number }>(
    `select (date - date '2026-01-15')::int as days from sandboxes where id = $1`,
    [world.id],
  )
  assert.equal(w!.days, moved, 'the clock moved by exactly the days of the accepted advances')
  t.diagnostic(`statuses: ${JSON.stringify(seen)}; days moved: ${moved}`)
})

test('a string of days is no number (D5); GET /api/v1/sandbox refuses unknown and repeated parameters', async () => {
  const auth = { authorization: `Bearer ${world.tokens.creator}` }
  const before = (await app.inject({ method: 'GET', url: '/api/v1/sandbox', headers: auth })).json().date
  for (const payload of ['{"days":"1"}', '{"days":true}', '{"days":[1]}']) {
    const res = await app.inject({
      method: 'POST',
      url: ADVANCE,
      headers: { ...auth, 'content-type': 'application/json' },
      payload,
    })
    assert.equal(res.statusCode, 400, payload)
    assert.equal(res.json().error.code, 'invalid_request', payload)
  }
  for (const query of ['x=1', 'x=1&x=2', 'date=2026-01-01', 'id=sbx_1&id=sbx_2']) {
    const res = await app.inject({ method: 'GET', url: `/api/v1/sandbox?${query}`, headers: auth })
    assert.equal(res.statusCode, 400, query)
    assert.equal(res.json().error.code, 'invalid_request', query)
  }
  const now = (await app.inject({ method: 'GET', url: '/api/v1/sandbox', headers: auth })).json().date
  assert.equal(now, before, 'no refused request moved the clock')
})
