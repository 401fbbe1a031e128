// Webhook endpoints through the API (docs/webhooks.md), against a real receiver, on both
// databases: an endpoint's whole life driven by the client (create → the test event arrives,
// verified with the standardwebhooks package → a write to the creator's rows → reports.changed →
// rotate → both signatures during the overlap → disable → events queue → enable → delivered →
// replay → delete → nothing more); /me; scopes on every write; idempotency keys; the bound on
// endpoints per account; and the operator's side seeing the same endpoints.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { startServer, type TestServer } from '../support/helpers.js'
import { TOKEN_X, TOKEN_Y, TOKEN_S, dataset, report } from '../support/payouts-kit.js'
import { Receiver, verify } from '../support/webhook-kit.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { Deliverer } from '../../src/webhooks/deliver.js'
import { renderer } from '../../src/http/webhooks/render.js'
import { listEndpoints } from '../../src/webhooks/endpoints.js'
import { Client, ConflictError, NotFoundError, PermissionError } from '../../src/client/index.js'

const WRITE_X = 'test_token_selfservice_x_write'
const WRITE_Y = 'test_token_selfservice_y_write'
const world = {
  ...dataset,
  api_tokens: [
    ...dataset.api_tokens,
    { account_id: 'cr_x', token: WRITE_X, name: 'hooks', scopes: ['read', 'webhooks:write'] },
    { account_id: 'cr_y', token: WRITE_Y, scopes: ['webhooks:write'] },
  ],
}
const BASE = '/api/creator/v1/webhook-endpoints'
const quiet = { info: () => {}, warn: () => {} }

describe('webhook endpoints through the API', () => {
  let s: TestServer
  let rx: Receiver
  let deliver: (retrySeconds?: number[]) => Promise<number>
  const client = (token: string) => new Client({ token, baseUrl: s.base, maxRetries: 0 })
  /** A request with a JSON body (or none) and the token. */
  const call = async (method: string, path: string, token: string, body?: unknown, headers = {}) => {
    const res = await fetch(s.base + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined }
  }
  const count = async (sql: string, params: unknown[] = []) =>
    (await s.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n

  before(async () => {
    s = await startServer(world, { app: { webhooks: { allowHosts: ['127.0.0.1'], maxEndpoints: 3 } } })
    rx = await new Receiver().start()
    deliver = async (retrySeconds = [0.05]) => {
      const d = new Deliverer({
        db: s.db,
        config: { deliver: true, retrySeconds, timeoutMs: 2000, allowHosts: ['127.0.0.1'], maxEndpoints: 3 },
        render: renderer(s.db, s.app.cursors),
        log: quiet,
      })
      let n = 0
      for (let k; (k = await d.pass()) > 0;) n += k
      return n
    }
  })
  after(async () => {
    rx.close()
    await s.close()
  })
  const ingest = (rows: Parameters<typeof report>[0]) => ingestAmazonAttribution(s.db, [report(rows)], {})

  test('GET /api/v1/me: the account, the token with its scopes, never the token itself', async () => {
    const me = await s.get('/api/v1/me', WRITE_X)
    assert.equal(me.status, 200)
    assert.deepEqual(me.body.account, { id: 'cr_x', role: 'creator', name: 'X', sandbox: false })
    assert.deepEqual(Object.keys(me.body.token), ['id', 'name', 'prefix', 'created_at', 'expires_at', 'scopes'])
    assert.deepEqual([me.body.token.name, me.body.token.expires_at], ['hooks', null])
    assert.deepEqual(me.body.token.scopes, ['read', 'webhooks:write'])
    assert.match(me.body.token.id, /^tok_[0-9a-f]{16}$/)
    assert.ok(WRITE_X.startsWith(me.body.token.prefix) && me.body.token.prefix.length < WRITE_X.length)
    assert.equal(JSON.stringify(me.body).includes(WRITE_X), false, 'never the token')
    assert.equal(me.body.rate_limit, null, 'this test instance applies no rate limit')
    assert.deepEqual((await s.get('/api/v1/me', TOKEN_X)).body.token.scopes, ['read'], 'tokens default to read')
    assert.equal((await s.get('/api/v1/me', TOKEN_S)).body.account.role, 'seller', 'any role')
    assert.equal((await s.get('/api/v1/me')).status, 401)
    assert.equal((await s.get('/api/v1/me?x=1', TOKEN_X)).status, 400)
    assert.deepEqual(await client(WRITE_Y).me(), (await s.get('/api/v1/me', WRITE_Y)).body, 'client.me()')
  })

  test('a read token cannot write: 403 insufficient_scope on every write route, nothing changed', async () => {
    const { id } = await client(WRITE_Y).creator.webhookEndpoints.create({ url: `${rx.url}/y` })
    const before = await s.db.query('select * from webhook_endpoints order by id')
    const writes: [string, string, unknown][] = [
      ['POST', BASE, { url: `${rx.url}/r` }],
      ['PATCH', `${BASE}/${id}`, { enabled: false }],
      ['DELETE', `${BASE}/${id}`, undefined],
      ['POST', `${BASE}/${id}/rotate-secret`, {}],
      ['POST', `${BASE}/${id}/test`, undefined],
      ['POST', `${BASE}/${id}/deliveries/evt_00000000000000000000000000000000/replay`, undefined],
    ]
    for (const [method, path, body] of writes) {
      const r = await call(method, path, TOKEN_Y, body)
      assert.equal(r.status, 403, `${method} ${path}`)
      assert.equal(r.body.error.code, 'insufficient_scope', `${method} ${path}`)
      assert.match(r.body.error.message, /webhooks:write/)
    }
    assert.deepEqual(await s.db.query('select * from webhook_endpoints order by id'), before)
    assert.equal(await count('webhook_events'), 0)
    // reads take any creator token
    assert.equal((await s.get(`${BASE}/${id}`, TOKEN_Y)).status, 200)
    assert.equal((await s.get(BASE, TOKEN_Y)).body.webhook_endpoints.length, 1)
    // another role: forbidden_resource, as on every creator endpoint
    assert.equal((await call('POST', BASE, TOKEN_S, { url: `${rx.url}/s` })).body.error.code, 'forbidden_resource')
    await assert.rejects(client(TOKEN_Y).creator.webhookEndpoints.delete(id), PermissionError)
    await client(WRITE_Y).creator.webhookEndpoints.delete(id)
  })

  test('the life of an endpoint, through the client, against a real receiver', async () => {
    const hooks = client(WRITE_X).creator.webhookEndpoints
    const made = await hooks.create({ url: `${rx.url}/x`, description: 'my receiver' })
    assert.match(made.id, /^we_[0-9a-f]{24}$/)
    assert.match(made.secret, /^whsec_/)
    assert.deepEqual(
      [made.url, made.events, made.description, made.enabled, made.disabled],
      [`${rx.url}/x`, [], 'my receiver', true, undefined],
    )
    const shown = await hooks.get(made.id)
    assert.equal('secret' in shown, false, 'the secret is shown once')
    assert.deepEqual({ ...shown }, (({ secret: _, ...rest }) => rest)(made))
    const operator = (await listEndpoints(s.db)).find((e) => e.id === made.id)
    assert.equal(operator?.account_id, 'cr_x', 'csapi webhooks list shows it')

    // the test event arrives, signed with the secret
    const queued = await hooks.test(made.id)
    assert.match(queued.event_id, /^evt_[0-9a-f]{32}$/)
    assert.equal(await deliver(), 1)
    const [first] = rx.take()
    const testEvent = verify(made.secret, first!)
    assert.deepEqual(
      [testEvent.id, testEvent.type, first!.headers['webhook-id']],
      [queued.event_id, 'webhook.test', queued.event_id],
    )

    // a write to the creator's rows: reports.changed
    await ingest([['20260305', '111', 'B0PAYUS001', 'AMAZON.COM', '10.00']])
    assert.equal(await deliver(), 1)
    const changed = verify(made.secret, rx.take()[0]!)
    assert.equal(changed.type, 'reports.changed')
    assert.equal(changed.data.rows_changed, 1)

    // rotate: both signatures while they overlap
    const rotated = await hooks.rotateSecret(made.id, { overlap_seconds: 3600 })
    assert.notEqual(rotated.secret, made.secret)
    assert.ok(Date.parse(rotated.previous_secret_expires_at!) > Date.now() + 3500_000)
    await ingest([['20260306', '111', 'B0PAYUS001', 'AMAZON.COM', '10.00']])
    assert.equal(await deliver(), 1)
    const [both] = rx.take()
    assert.equal(String(both!.headers['webhook-signature']).split(' ').length, 2)
    assert.equal(verify(made.secret, both!).id, verify(rotated.secret, both!).id)

    // disabled: events queue, nothing goes out
    const off = await hooks.update(made.id, { enabled: false })
    assert.equal(off.enabled, false)
    assert.equal(off.disabled?.by, 'account')
    await ingest([['20260307', '111', 'B0PAYUS001', 'AMAZON.COM', '10.00']])
    assert.equal(await deliver(), 0)
    assert.equal(rx.take().length, 0)
    const [waiting] = (await hooks.deliveries(made.id)).deliveries
    assert.deepEqual([waiting!.event_type, waiting!.status, waiting!.attempts], ['reports.changed', 'pending', []])

    // enabled: what queued goes out
    const on = await hooks.update(made.id, { enabled: true, description: 'mine' })
    assert.deepEqual([on.enabled, on.disabled, on.description], [true, undefined, 'mine'])
    assert.equal(await deliver(), 1)
    assert.equal(verify(rotated.secret, rx.take()[0]!).id, (await hooks.deliveries(made.id)).deliveries[0]!.event_id)

    // the delivery log: each attempt with its time, status and duration, newest first, a page at a time
    const log = []
    for await (const d of hooks.deliveries(made.id, { limit: 1 })) log.push(d)
    assert.equal(log.length, 4)
    assert.deepEqual(
      log.map((d) => d.event_type),
      ['reports.changed', 'reports.changed', 'reports.changed', 'webhook.test'],
    )
    for (const d of log) {
      assert.equal(d.status, 'delivered')
      assert.equal(d.attempts.length, 1)
      const [a] = d.attempts
      assert.deepEqual([a!.state, a!.http_status, a!.error], ['succeeded', 200, null])
      assert.equal(typeof a!.duration_ms, 'number')
      assert.ok(Date.parse(a!.started_at) > 0)
    }

    // replay: the same event, the same webhook-id and body
    const again = await hooks.replay(made.id, queued.event_id)
    assert.equal(again.event_id, queued.event_id)
    assert.equal(await deliver(), 1)
    const [replayed] = rx.take()
    assert.equal(replayed!.headers['webhook-id'], queued.event_id)
    assert.equal(replayed!.body, first!.body)
    await assert.rejects(hooks.replay(made.id, 'evt_00000000000000000000000000000000'), NotFoundError)

    // deleted: nothing more arrives
    await hooks.delete(made.id)
    await assert.rejects(hooks.get(made.id), NotFoundError)
    await assert.rejects(hooks.get(made.id), { message: `no webhook endpoint ${made.id} for this account` })
    // a path without the id (a trailing slash) says so
    const bare = await s.get('/api/creator/v1/webhook-endpoints/', WRITE_X)
    assert.deepEqual([bare.status, bare.body.error.message], [404, 'the path names no webhook endpoint'])
    assert.equal(
      (await listEndpoints(s.db)).some((e) => e.id === made.id),
      false,
    )
    await ingest([['20260308', '111', 'B0PAYUS001', 'AMAZON.COM', '10.00']])
    assert.equal(await deliver(), 0)
    assert.equal(rx.take().length, 0)
  })

  test('disabled after the retry schedule: the state says so and why; enabling sends the event', async () => {
    const hooks = client(WRITE_X).creator.webhookEndpoints
    const e = await hooks.create({ url: `${rx.url}/failing`, events: ['reports.changed'] })
    rx.plan = [500, 500]
    await ingest([['20260309', '111', 'B0PAYUS001', 'AMAZON.COM', '10.00']])
    assert.equal(await deliver([0]), 2)
    const state = await hooks.get(e.id)
    assert.equal(state.enabled, false)
    assert.equal(state.disabled?.by, 'retries')
    assert.match(state.disabled!.reason, /failed 2 attempts; last: HTTP 500/)
    const [failed] = (await hooks.deliveries(e.id)).deliveries
    assert.deepEqual(
      failed!.attempts.map((a) => [a.state, a.http_status]),
      [
        ['failed', 500],
        ['failed', 500],
      ],
    )
    assert.equal(failed!.status, 'failed')
    rx.take()
    await hooks.update(e.id, { enabled: true })
    await hooks.replay(e.id, failed!.event_id)
    assert.equal(await deliver(), 1)
    assert.equal(verify(e.secret, rx.take()[0]!).id, failed!.event_id)
    await hooks.delete(e.id)
  })

  test('enabling sends what queued at once, each delivery with the whole retry schedule again', async () => {
    const hooks = client(WRITE_X).creator.webhookEndpoints
    const e = await hooks.create({ url: `${rx.url}/resumed`, events: ['reports.changed'] })
    const schedule = [0, 3600]
    const lastDelivery = `(select max(id) from webhook_deliveries where endpoint_id = $1)`
    rx.plan = [500, 500, 500, 500, 500]
    // A fails twice: its last attempt waits an hour
    await ingest([['20260310', '111', 'B0PAYUS001', 'AMAZON.COM', '10.00']])
    assert.equal(await deliver(schedule), 2)
    // an endpoint already enabled: enabling it changes nothing
    await hooks.update(e.id, { enabled: true })
    assert.equal(await deliver(schedule), 0)
    // B fails three times (its hour passes at once here): the schedule disables the endpoint
    await ingest([['20260311', '111', 'B0PAYUS001', 'AMAZON.COM', '10.00']])
    assert.equal(await deliver(schedule), 2)
    await s.db.query(`update webhook_deliveries set next_attempt_at = now() where id = ${lastDelivery}`, [e.id])
    assert.equal(await deliver(schedule), 1)
    assert.equal((await hooks.get(e.id)).disabled?.by, 'retries')
    assert.equal(rx.take().length, 5)

    // the receiver mended, but for one more failure
    rx.plan = [500]
    await hooks.update(e.id, { enabled: true })
    assert.equal(await deliver(schedule), 2, 'A goes out at once, not in an hour; its failure is retried')
    assert.equal((await hooks.get(e.id)).enabled, true, 'one failure after enabling does not disable it again')
    const got = rx.take()
    assert.equal(verify(e.secret, got[1]!).data.first_date, '2026-03-10')
    const [b, a] = (await hooks.deliveries(e.id)).deliveries
    assert.deepEqual(
      [b!.status, a!.status, a!.attempts.map((t) => [t.attempt, t.state])],
      [
        'failed',
        'delivered',
        [
          [1, 'failed'],
          [2, 'failed'],
          [3, 'failed'],
          [4, 'succeeded'],
        ],
      ],
    )
    await hooks.delete(e.id)
  })

  test('Idempotency-Key: the same request answers the same, another request with it is 409', async () => {
    const body = { url: `${rx.url}/idem`, events: ['payout.created'] }
    const one = await call('POST', BASE, WRITE_X, body, { 'idempotency-key': 'key-1' })
    const two = await call(
      'POST',
      BASE,
      WRITE_X,
      { events: ['payout.created'], url: `${rx.url}/idem` },
      {
        'idempotency-key': 'key-1',
      },
    )
    assert.equal(one.status, 201)
    assert.deepEqual([two.status, two.body], [201, one.body], 'the first answer, secret included')
    assert.equal(two.headers.get('idempotent-replayed'), 'true')
    // and the document declares it, so that generated clients see it
    const doc = await (await fetch(`${s.base}/openapi.json`)).json()
    for (const [path, method, status] of [
      [BASE, 'post', '201'],
      [`${BASE}/{endpoint_id}`, 'delete', '204'],
    ] as const)
      assert.ok(doc.paths[path][method].responses[status].headers['Idempotent-Replayed'], `${method} ${path}`)
    assert.equal(await count(`webhook_endpoints where url = $1`, [body.url]), 1, 'created once')
    const other = await call('POST', BASE, WRITE_X, { ...body, description: 'x' }, { 'idempotency-key': 'key-1' })
    assert.deepEqual([other.status, other.body.error.code], [409, 'idempotency_conflict'])
    // another path with the key is another request too
    const patch = await call('PATCH', `${BASE}/${one.body.id}`, WRITE_X, body, { 'idempotency-key': 'key-1' })
    assert.equal(patch.status, 409)
    // keys are the account's: another account's same key is its own
    const y = await call('POST', BASE, WRITE_Y, { url: `${rx.url}/idem-y` }, { 'idempotency-key': 'key-1' })
    assert.equal(y.status, 201)
    // the client sends a new key per call, or the one given
    const hooks = client(WRITE_X).creator.webhookEndpoints
    const a = await hooks.update(one.body.id, { description: 'once' }, { idempotencyKey: 'key-2' })
    const b = await hooks.update(one.body.id, { description: 'once' }, { idempotencyKey: 'key-2' })
    assert.deepEqual(a, b)
    await assert.rejects(
      hooks.update(one.body.id, { description: 'twice' }, { idempotencyKey: 'key-2' }),
      ConflictError,
    )
    // a malformed key is refused before anything is done
    const bad = await call('POST', BASE, WRITE_X, body, { 'idempotency-key': 'has space' })
    assert.equal(bad.status, 400)
    // after 24 hours a key is free again
    await s.db.query(
      `update idempotency_keys set created_at = now() - interval '25 hours' where account_id = 'cr_x' and key = $1`,
      ['key-1'],
    )
    const later = await call('POST', BASE, WRITE_X, { ...body, description: 'x' }, { 'idempotency-key': 'key-1' })
    assert.equal(later.status, 201)
    assert.notEqual(later.body.id, one.body.id)
    await hooks.delete(later.body.id)
    await hooks.delete(one.body.id)
    await client(WRITE_Y).creator.webhookEndpoints.delete(y.body.id)
  })

  test('Idempotency-Key: concurrent requests with one key make one endpoint and the same answer', async () => {
    const body = { url: `${rx.url}/concurrent` }
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', BASE, WRITE_X, body, { 'idempotency-key': 'key-concurrent' })),
    )
    assert.deepEqual(
      answers.map((a) => a.status),
      Array(6).fill(201),
    )
    assert.equal(new Set(answers.map((a) => JSON.stringify(a.body))).size, 1)
    assert.equal(await count(`webhook_endpoints where url = $1`, [body.url]), 1)
    await client(WRITE_X).creator.webhookEndpoints.delete(answers[0]!.body.id)
  })

  test('an account holds at most the operator’s bound of endpoints (3 here): 400 beyond it', async () => {
    const hooks = client(WRITE_Y).creator.webhookEndpoints
    const made = []
    for (let i = 0; i < 3; i++) made.push(await hooks.create({ url: `${rx.url}/bound-${i}` }))
    const over = await call('POST', BASE, WRITE_Y, { url: `${rx.url}/bound-3` })
    assert.deepEqual([over.status, over.body.error.code], [400, 'invalid_request'])
    assert.match(over.body.error.message, /at most 3 webhook endpoints/)
    const page = await s.get(`${BASE}?limit=2`, WRITE_Y)
    assert.equal(page.body.webhook_endpoints.length, 2)
    const rest = await s.get(`${BASE}?limit=2&cursor=${encodeURIComponent(page.body.next_cursor)}`, WRITE_Y)
    assert.deepEqual(
      [...page.body.webhook_endpoints, ...rest.body.webhook_endpoints].map((e: { id: string }) => e.id),
      made.map((e) => e.id).sort(),
    )
    assert.equal(rest.body.next_cursor, null)
    for (const e of made) await hooks.delete(e.id)
  })

  test('the bound holds against creations sent at once without keys (PostgreSQL: one connection each)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call('POST', BASE, WRITE_Y, { url: `${rx.url}/at-once-${i}` })),
    )
    const made = answers.filter((a) => a.status === 201)
    assert.equal(made.length, 3, JSON.stringify(answers.map((a) => a.status)))
    for (const a of answers.filter((x) => x.status !== 201))
      assert.deepEqual([a.status, a.body.error.code], [400, 'invalid_request'])
    assert.equal(await count(`webhook_endpoints where account_id = 'cr_y'`), 3)
    for (const a of made) await client(WRITE_Y).creator.webhookEndpoints.delete(a.body.id)
  })

  test('other methods on the paths: 405 with Allow', async () => {
    const r = await call('PUT', BASE, WRITE_X, { url: 'x' })
    assert.deepEqual([r.status, r.headers.get('allow')], [405, 'GET, HEAD, POST'])
    const t = await call('GET', `${BASE}/we_000000000000000000000000/test`, WRITE_X)
    assert.deepEqual([t.status, t.headers.get('allow')], [405, 'POST'])
    assert.equal(t.body.error.message, `method GET is not allowed on ${BASE}/{endpoint_id}/test; use POST`)
  })
})

describe('rate limits and /me under them', () => {
  let s: TestServer
  before(async () => {
    s = await startServer(world, {
      app: {
        rateLimit: {
          perMinute: 4,
          burst: 4,
          accountPerMinute: 100,
          accountBurst: 100,
          authFailuresPerMinute: 100,
          authFailuresBurst: 100,
        },
      },
    })
  })
  after(() => s.close())

  test('the writes take from the token’s bucket like every request; /me shows the bucket', async () => {
    const me = await s.get('/api/v1/me', WRITE_X)
    assert.deepEqual(me.body.rate_limit, { limit: 4, window_seconds: 60 })
    assert.match(me.headers.get('ratelimit')!, /^"default";r=3;/)
    const post = () =>
      fetch(`${s.base}${BASE}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${WRITE_X}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://hooks.example/limited' }),
      })
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await post()).status)
    assert.deepEqual(statuses, [201, 201, 201, 429])
  })
})
