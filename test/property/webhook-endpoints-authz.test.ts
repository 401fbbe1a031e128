// Isolation of webhook endpoints (OWASP API1), as a property: whatever a creator asks of another
// account's endpoint, on every method, the answer is the 404 an unknown id gets, word for word
// but the id, and nothing of that endpoint changes: not its row (secret, URL, state), not its
// deliveries, not the events recorded. Each creator's list holds its own endpoints, all of them.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/http/app.js'
import { CURSOR_SECRET, load, openTestDb } from '../support/helpers.js'

const RUNS = Number(process.env.CSAPI_AUTHZ_RUNS ?? (process.env.CI === 'true' ? 40 : 12))
const CREATORS = ['cr_1', 'cr_2', 'cr_3'] as const
const tokenOf = (c: string) => `test_token_hooks_${c}_write`
const BASE = '/api/creator/v1/webhook-endpoints'

let app: FastifyInstance
let close: () => Promise<void>
before(async () => {
  const t = await openTestDb()
  await load(t.db, {
    accounts: CREATORS.map((id) => ({ id, role: 'creator', name: id })),
    api_tokens: CREATORS.map((c) => ({ account_id: c, token: tokenOf(c), scopes: ['read', 'webhooks:write'] })),
  })
  app = await buildApp({ db: t.db, cursorSecrets: [CURSOR_SECRET], webhooks: { maxEndpoints: 100 } })
  close = async () => {
    await app.close()
    await t.close()
  }
})
after(() => close())

async function call(method: string, url: string, creator: string, body?: unknown, key?: string) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: {
      authorization: `Bearer ${tokenOf(creator)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as any) : undefined }
}

/** Every request a creator can make of one endpoint id (with an event of its log for replay). */
const OPS: ((id: string, eventId: string) => [string, string, unknown?])[] = [
  (id) => ['GET', `${BASE}/${id}`],
  (id) => ['PATCH', `${BASE}/${id}`, { url: 'https://attacker.example/steal' }],
  (id) => ['PATCH', `${BASE}/${id}`, { enabled: false }],
  (id) => ['PATCH', `${BASE}/${id}`, { enabled: true }],
  (id) => ['PATCH', `${BASE}/${id}`, { events: ['payout.created'], description: 'mine now' }],
  (id) => ['DELETE', `${BASE}/${id}`],
  (id) => ['POST', `${BASE}/${id}/rotate-secret`, { overlap_seconds: 0 }],
  (id) => ['POST', `${BASE}/${id}/rotate-secret`],
  (id) => ['POST', `${BASE}/${id}/test`],
  (id) => ['GET', `${BASE}/${id}/deliveries`],
  (id) => ['GET', `${BASE}/${id}/deliveries?limit=1`],
  (id, ev) => ['POST', `${BASE}/${id}/deliveries/${ev}/replay`],
]

const state = async () => ({
  endpoints: await app.db.query('select * from webhook_endpoints order by id'),
  deliveries: await app.db.query(
    `select id, endpoint_id, event_seq, status, attempts, retries_from, next_attempt_at
       from webhook_deliveries order by id`,
  ),
  events: await app.db.query('select id from webhook_events order by seq'),
  keys: await app.db.query('select account_id, key from idempotency_keys order by account_id, key'),
})

test('another account’s endpoint is an unknown one, on every method; nothing of it changes', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
      fc.array(
        fc.record({
          actor: fc.nat({ max: 2 }),
          target: fc.nat(),
          op: fc.nat({ max: OPS.length - 1 }),
          key: fc.option(fc.stringMatching(/^[a-z0-9-]{1,12}$/), { nil: undefined }),
        }),
        { minLength: 1, maxLength: 12 },
      ),
      async (counts, ops) => {
        await app.db.query('delete from webhook_endpoints')
        await app.db.query('delete from idempotency_keys')
        const owned: { id: string; owner: string; eventId: string }[] = []
        for (const [i, creator] of CREATORS.entries()) {
          for (let k = 0; k < counts[i]!; k++) {
            const made = await call('POST', BASE, creator, { url: `https://hooks.example/${creator}/${k}` })
            assert.equal(made.status, 201)
            const queued = await call('POST', `${BASE}/${made.body.id}/test`, creator)
            // some disabled, with a delivery queued: enabling another's must not make it due
            if (k % 2 === 1) await call('PATCH', `${BASE}/${made.body.id}`, creator, { enabled: false })
            owned.push({ id: made.body.id, owner: creator, eventId: queued.body.event_id })
          }
        }
        // each list holds the creator's own endpoints, all of them
        for (const creator of CREATORS) {
          const list = await call('GET', `${BASE}?limit=100`, creator)
          assert.deepEqual(
            list.body.webhook_endpoints.map((e: { id: string }) => e.id),
            owned
              .filter((e) => e.owner === creator)
              .map((e) => e.id)
              .sort(),
          )
        }
        const foreign = ops.filter(
          (o) => owned.length > 0 && owned[o.target % owned.length]!.owner !== CREATORS[o.actor],
        )
        const before = await state()
        for (const o of foreign) {
          const target = owned[o.target % owned.length]!
          const actor = CREATORS[o.actor]!
          const [method, url, body] = OPS[o.op]!(target.id, target.eventId)
          const answer = await call(method, url, actor, body, o.key)
          const unknown = `we_${randomBytes(12).toString('hex')}`
          const [m2, url2, body2] = OPS[o.op]!(unknown, target.eventId)
          const control = await call(m2, url2, actor, body2, o.key === undefined ? undefined : `${o.key}-u`)
          assert.equal(answer.status, 404, `${actor} ${method} ${url}: ${JSON.stringify(answer.body)}`)
          assert.deepEqual(
            JSON.parse(JSON.stringify(answer.body).replaceAll(target.id, '{id}')),
            JSON.parse(JSON.stringify(control.body).replaceAll(unknown, '{id}')),
            'the same answer as an unknown id',
          )
        }
        assert.deepEqual(await state(), before, 'nothing changed')
      },
    ),
    { numRuns: RUNS },
  )
})
