// Webhooks end to end against a real receiver on 127.0.0.1 (docs/webhooks.md): events recorded by
// the writes that cause them, one per creator per write; bodies signed per Standard Webhooks and
// verified with the `standardwebhooks` package; retries, disabling after the schedule, replay,
// secret rotation, the address rules; and, on PostgreSQL, a real `csapi serve` killed with SIGKILL
// between attempts that still delivers after a restart, driven by the `csapi webhooks` commands.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { once } from 'node:events'
import { Webhook } from 'standardwebhooks'
import { Value } from 'typebox/value'
import {
  cliProcess,
  createTestDatabase,
  load,
  onPostgres,
  sample,
  startServer,
  type TestServer,
} from '../support/helpers.js'
import { TOKEN_X, dataset, report } from '../support/payouts-kit.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { pay } from '../../src/settlement/pay.js'
import { recordTestEvent } from '../../src/events/record.js'
import { Deliverer, type Outcome } from '../../src/webhooks/deliver.js'
import { renderer } from '../../src/http/webhooks/render.js'
import { EVENT_SCHEMAS } from '../../src/http/webhooks/schema.js'
import {
  addEndpoint,
  deliveries,
  enableEndpoint,
  listEndpoints,
  removeEndpoint,
  replay,
  rotateSecret,
  updateEndpoint,
} from '../../src/webhooks/endpoints.js'
import { AddressRefused, checkUrl } from '../../src/webhooks/address.js'
import { send } from '../../src/webhooks/send.js'
import type { WebhookConfig } from '../../src/config.js'
import { verifyWebhook } from '../../examples/webhook-receiver.js'

interface Received {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** A receiver: answers each request with the next planned status (then 200), and keeps what came. */
class Receiver {
  readonly got: Received[] = []
  plan: number[] = []
  server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      this.got.push({ path: req.url ?? '', headers: req.headers, body })
      const status = this.plan.shift() ?? 200
      if (status === 302) res.writeHead(302, { location: `${this.url}/elsewhere` }).end()
      else res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'not now')
    })
  })
  url = ''
  async start() {
    this.server.listen(0, '127.0.0.1')
    await once(this.server, 'listening')
    const a = this.server.address()
    this.url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`
    return this
  }
  take(): Received[] {
    return this.got.splice(0)
  }
}

const config = (retrySeconds: number[]): WebhookConfig => ({
  deliver: true,
  retrySeconds,
  timeoutMs: 2000,
  allowHosts: ['127.0.0.1'],
  maxEndpoints: 10,
})
const quiet = { info: () => {}, warn: () => {} }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function verified(secret: string, r: Received): { id: string; type: string; created_at: string; data: any } {
  const event = new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as any
  const schema = EVENT_SCHEMAS[event.type as keyof typeof EVENT_SCHEMAS]
  assert.ok(schema, `a known type: ${event.type}`)
  assert.ok(Value.Check(schema, event), `${event.type} matches its schema: ${r.body}`)
  assert.equal(r.headers['webhook-id'], event.id)
  // the ten lines of node:crypto docs/webhooks.md shows agree with the package, and refuse a change
  assert.deepEqual(verifyWebhook(secret, r.headers, r.body), event)
  assert.equal(verifyWebhook(secret, r.headers, r.body.replace('{', '{ ')), null)
  assert.equal(verifyWebhook(`whsec_${Buffer.alloc(32).toString('base64')}`, r.headers, r.body), null)
  return event
}

describe('webhooks', () => {
  let s: TestServer
  let rx: Receiver
  const outcomes: Outcome[] = []
  let deliverer: (retrySeconds?: number[]) => Deliverer
  before(async () => {
    s = await startServer(dataset)
    rx = await new Receiver().start()
    deliverer = (retrySeconds = [0.05, 0.05]) =>
      new Deliverer({
        db: s.db,
        config: config(retrySeconds),
        render: renderer(s.db, s.app.cursors),
        log: quiet,
        onOutcome: (o) => outcomes.push(o),
      })
  })
  after(async () => {
    rx.server.close()
    await s.close()
  })
  const ingest = (rows: Parameters<typeof report>[0]) => ingestAmazonAttribution(s.db, [report(rows)], {})
  let x = { id: '', secret: '' }

  test('no endpoint: writes record no event', async () => {
    await ingest([['20260301', '111', 'B0PAYUS001', 'AMAZON.COM', '10.00']])
    const [n] = await s.db.query<{ n: number }>('select count(*)::int as n from webhook_events')
    assert.equal(n!.n, 0)
  })

  test(
    'reports.changed: one signed event per creator per write, none for others; its cursor ' + 'pulls the rows',
    async () => {
      x = await addEndpoint(s.db, 'cr_x', `${rx.url}/x`, [])
      const y = await addEndpoint(s.db, 'cr_y', `${rx.url}/y`, ['reports.changed'])
      await ingest([
        ['20260305', '111', 'B0PAYUS001', 'AMAZON.COM', '100.00'],
        ['20260306', '111', 'B0PAYUS001', 'AMAZON.COM', '50.00'],
        ['20260307', '222', 'B0PAYDE001', 'AMAZON.DE', '20.00'],
      ])
      assert.equal(await deliverer().pass(), 1, 'one delivery: cr_y had no change')
      const [r] = rx.take()
      assert.equal(r!.path, '/x')
      assert.throws(
        () => new Webhook(y.secret).verify(r!.body, r!.headers as Record<string, string>),
        'not the other secret',
      )
      const event = verified(x.secret, r!)
      assert.match(event.id, /^evt_[0-9a-f]{32}$/)
      assert.deepEqual(
        { type: event.type, rows: event.data.rows_changed, first: event.data.first_date, last: event.data.last_date },
        { type: 'reports.changed', rows: 3, first: '2026-03-05', last: '2026-03-07' },
      )
      const feed = await s.get(
        `/api/creator/v1/reports/changes?cursor=${encodeURIComponent(event.data.cursor)}`,
        TOKEN_X,
      )
      assert.equal(feed.status, 200)
      assert.deepEqual(feed.body.reports.map((row: any) => row.date).sort(), ['2026-03-05', '2026-03-06', '2026-03-07'])
      assert.equal(await deliverer().pass(), 0, 'nothing else due')
    },
  )

  test(
    'approve, restate, pay: reports.changed, adjustment.created and payout.created as the API ' + 'returns them',
    async () => {
      await approveThrough(s.db, '2026-03-31')
      await ingest([['20260305', '111', 'B0PAYUS001', 'AMAZON.COM', '80.00']])
      await pay(s.db, 'cr_x', '2026-03-31')
      while ((await deliverer().pass()) > 0);
      // attempts run side by side: compare what arrived with the order the writes recorded
      const events = rx.take().map((r) => verified(x.secret, r))
      const recorded = await s.db.query<{ id: string; type: string }>(
        `select id, type from webhook_events where seq > (select min(seq) from webhook_events) order by seq`,
      )
      assert.deepEqual(
        recorded.map((e) => e.type),
        ['reports.changed', 'adjustment.created', 'reports.changed', 'payout.created', 'payout.created'],
        'approve; the restatement (an adjustment, no row change); pay: its rows, then a payout per currency',
      )
      assert.deepEqual(events.map((e) => e.id).sort(), recorded.map((e) => e.id).sort(), 'each delivered once')
      events.sort((a, b) => recorded.findIndex((e) => e.id === a.id) - recorded.findIndex((e) => e.id === b.id))
      const payouts = (await s.get('/api/creator/v1/payouts', TOKEN_X)).body.payouts
      assert.deepEqual(
        events.filter((e) => e.type === 'payout.created').map((e) => e.data),
        [...payouts].reverse(),
        'data is the payout as GET /payouts returns it',
      )
      const [adjustment] = (await s.get('/api/creator/v1/adjustments', TOKEN_X)).body.adjustments
      assert.deepEqual({ ...events[1]!.data, status: 'settled', payout_id: adjustment.payout_id }, adjustment)
      assert.equal(new Set(events.map((e) => e.id)).size, events.length)
    },
  )

  test('a failing receiver gets the event after the retries; every attempt is logged', async () => {
    rx.plan = [500, 503]
    await ingest([['20260310', '111', 'B0PAYUS001', 'AMAZON.COM', '5.00']])
    const d = deliverer([0.05, 0.05])
    for (let i = 0; i < 3; i++) {
      assert.equal(await d.pass(), 1)
      await sleep(80)
    }
    const got = rx.take()
    assert.equal(got.length, 3)
    assert.equal(new Set(got.map((r) => r.headers['webhook-id'])).size, 1, 'the same id on every retry')
    assert.equal(new Set(got.map((r) => r.body)).size, 1, 'the same body')
    verified(x.secret, got[2]!)
    const [log] = await deliveries(s.db, x.id, true, 1)
    assert.equal(log!.status, 'delivered')
    assert.deepEqual(
      log!.attempts.map((a) => [a.attempt, a.http_status, a.error?.slice(0, 8) ?? null]),
      [
        [1, 500, 'HTTP 500'],
        [2, 503, 'HTTP 503'],
        [3, 200, null],
      ],
    )
  })

  test(
    'failing the whole schedule disables the endpoint; events queue meanwhile; enable and ' + 'replay deliver them',
    async () => {
      rx.plan = [500, 500]
      outcomes.length = 0
      await ingest([['20260311', '111', 'B0PAYUS001', 'AMAZON.COM', '5.00']])
      const d = deliverer([0.05])
      assert.equal(await d.pass(), 1)
      await sleep(80)
      assert.equal(await d.pass(), 1)
      assert.deepEqual(outcomes, ['retry', 'failed'])
      const endpoint = (await listEndpoints(s.db)).find((e) => e.id === x.id)!
      assert.ok(endpoint.disabled_at, 'disabled')
      assert.match(endpoint.disabled_reason!, /failed 2 attempts; last: HTTP 500/)
      const failedEvent = verified(x.secret, rx.take()[1]!)
      // while disabled, new events queue for it, and nothing is claimed
      await ingest([['20260312', '111', 'B0PAYUS001', 'AMAZON.COM', '5.00']])
      await sleep(80)
      assert.equal(await d.pass(), 0)
      assert.equal(rx.take().length, 0)
      // enabled: what queued goes out; the failed one by replay, as the same event
      await enableEndpoint(s.db, x.id)
      assert.equal(await replay(s.db, { eventId: failedEvent.id }, null), 1)
      assert.equal(await d.pass(), 2)
      const got = rx.take().map((r) => verified(x.secret, r))
      const again = got.find((e) => e.id === failedEvent.id)
      assert.ok(again, 'a replay is the same event: same id')
      assert.deepEqual(again, failedEvent, 'and the same body')
      const queued = got.find((e) => e.id !== failedEvent.id)!
      assert.equal(queued.type, 'reports.changed')
      assert.deepEqual([queued.data.first_date, queued.data.last_date], ['2026-03-12', '2026-03-12'])
    },
  )

  test('enabling sends what queued at once, each delivery with the whole retry schedule again', async () => {
    const d = deliverer([0.05, 3600])
    const endpoint = async () => (await listEndpoints(s.db)).find((e) => e.id === x.id)!
    outcomes.length = 0
    rx.plan = [500, 500, 500, 500, 500]
    // A fails twice: its last attempt waits an hour
    await ingest([['20260314', '111', 'B0PAYUS001', 'AMAZON.COM', '5.00']])
    assert.equal(await d.pass(), 1)
    await sleep(80)
    assert.equal(await d.pass(), 1)
    // B fails three times (its hour passes at once here): the schedule disables the endpoint
    await ingest([['20260315', '111', 'B0PAYUS001', 'AMAZON.COM', '5.00']])
    assert.equal(await d.pass(), 1)
    await sleep(80)
    assert.equal(await d.pass(), 1)
    await s.db.query(
      `update webhook_deliveries set next_attempt_at = now()
        where id = (select max(id) from webhook_deliveries where endpoint_id = $1)`,
      [x.id],
    )
    assert.equal(await d.pass(), 1)
    assert.deepEqual(outcomes, ['retry', 'retry', 'retry', 'retry', 'failed'])
    assert.ok((await endpoint()).disabled_at)
    rx.take()

    // the receiver mended, but for one more failure
    rx.plan = [500]
    outcomes.length = 0
    await enableEndpoint(s.db, x.id)
    assert.equal(await d.pass(), 1, 'A goes out at once, not in an hour')
    assert.deepEqual(outcomes, ['retry'], 'its failure starts the schedule over: retried, not failed')
    assert.equal((await endpoint()).disabled_at, null, 'still enabled')
    await sleep(80)
    assert.equal(await d.pass(), 1, 'retried after the first delay of the schedule')
    assert.deepEqual(outcomes, ['retry', 'delivered'])
    const [, a] = await deliveries(s.db, x.id, false, 2)
    assert.deepEqual(
      [a!.status, a!.attempts.map((t) => [t.attempt, t.state, t.http_status])],
      [
        'delivered',
        [
          [1, 'failed', 500],
          [2, 'failed', 500],
          [3, 'failed', 500],
          [4, 'succeeded', 200],
        ],
      ],
    )
    assert.equal(verified(x.secret, rx.take().at(-1)!).data.first_date, '2026-03-14')
  })

  test('an attempt in flight at enabling keeps its lease and is the first of the new schedule', async () => {
    let answer: ((status: number) => void) | undefined
    let requests = 0
    // fails the first attempt at once, holds the second until told, takes the others
    const held = createServer((req, res) => {
      req.resume()
      req.on('end', () => {
        const end = (status: number) => void (res.headersSent || res.writeHead(status).end('-'))
        if (++requests === 2) answer = end
        else end(requests === 1 ? 500 : 200)
      })
    })
    held.listen(0, '127.0.0.1')
    await once(held, 'listening')
    const e = await addEndpoint(s.db, 'cr_y', `http://127.0.0.1:${(held.address() as { port: number }).port}/`, [])
    outcomes.length = 0
    try {
      await s.db.transaction((tx) => recordTestEvent(tx, e.id))
      const d = deliverer([0.05])
      assert.equal(await d.pass(), 1)
      await sleep(80)
      // the last attempt of the schedule, held by the receiver while its account disables and enables it
      const passing = d.pass()
      for (let i = 0; i < 400 && !answer; i++) await sleep(10)
      assert.ok(answer, 'the second attempt arrived')
      await s.db.transaction((tx) => updateEndpoint(tx, null, e.id, { enabled: false }, { allowHosts: [] }))
      await enableEndpoint(s.db, e.id)
      assert.equal(await deliverer([0.05]).pass(), 0, 'not claimed again while its attempt is in flight')
      answer!(500)
      assert.equal(await passing, 1)
      assert.deepEqual(outcomes, ['retry', 'retry'], 'its failure is the first of the new schedule: retried')
      assert.equal((await listEndpoints(s.db)).find((f) => f.id === e.id)!.disabled_at, null)
      await sleep(80)
      assert.equal(await d.pass(), 1)
      assert.deepEqual(outcomes, ['retry', 'retry', 'delivered'])
    } finally {
      answer?.(200)
      held.close()
      await removeEndpoint(s.db, e.id)
    }
  })

  test('a rotated secret: both signatures while they overlap, each verifies', async () => {
    const fresh = await rotateSecret(s.db, x.id, 3600)
    await ingest([['20260313', '111', 'B0PAYUS001', 'AMAZON.COM', '5.00']])
    assert.equal(await deliverer().pass(), 1)
    const [r] = rx.take()
    assert.equal(String(r!.headers['webhook-signature']).split(' ').length, 2)
    verified(x.secret, r!)
    verified(fresh, r!)
    x.secret = fresh
  })

  test('an attempt is logged as sending before its request goes out, then completed with its outcome', async () => {
    let answer: (() => void) | undefined
    const held = createServer((req, res) => {
      req.resume()
      req.on('end', () => (answer = () => res.end('ok')))
    })
    held.listen(0, '127.0.0.1')
    await once(held, 'listening')
    const e = await addEndpoint(s.db, 'cr_y', `http://127.0.0.1:${(held.address() as { port: number }).port}/`, [])
    try {
      await s.db.transaction((tx) => recordTestEvent(tx, e.id))
      const passing = deliverer().pass()
      for (let i = 0; i < 400 && !answer; i++) await sleep(10)
      assert.ok(answer, 'the request arrived')
      const attempts = async () => (await deliveries(s.db, e.id, false, 1))[0]!.attempts
      assert.deepEqual(await attempts(), [
        {
          attempt: 1,
          state: 'sending',
          started_at: (await attempts())[0]!.started_at,
          duration_ms: null,
          http_status: null,
          error: null,
        },
      ])
      answer!()
      assert.equal(await passing, 1)
      const [done] = await attempts()
      assert.deepEqual([done!.state, done!.http_status, done!.error], ['succeeded', 200, null])
      assert.equal(typeof done!.duration_ms, 'number')
    } finally {
      held.close()
      await removeEndpoint(s.db, e.id)
    }
  })

  test('address rules: https only, no private address before or after DNS, no redirect followed', async () => {
    const allow: string[] = []
    for (const url of [
      'http://example.com/hook',
      'https://10.1.2.3/hook',
      'https://169.254.169.254/latest',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://user:pw@example.com/',
    ])
      assert.throws(() => checkUrl(url, allow), AddressRefused, url)
    assert.equal(checkUrl('https://example.com/hook', allow).host, 'example.com')
    assert.equal(checkUrl(`${rx.url}/x`, ['127.0.0.1']).protocol, 'http:')
    const event = { id: 'evt_00000000000000000000000000000000', body: '{}' }
    const port = new URL(rx.url).port
    const local = await send(`https://localhost:${port}/`, [x.secret], event, { timeoutMs: 2000, allowHosts: [] })
    assert.equal(local.ok, false)
    assert.match(local.error!, /localhost resolves to (127\.0\.0\.1|::1), a private address/)
    rx.plan = [302]
    const moved = await send(`${rx.url}/x`, [x.secret], event, { timeoutMs: 2000, allowHosts: ['127.0.0.1'] })
    assert.deepEqual([moved.ok, moved.status], [false, 302])
    assert.match(moved.error!, /redirect to .*\/elsewhere not followed/)
    await sleep(50)
    assert.deepEqual(
      rx.take().map((r) => r.path),
      ['/x'],
      'the redirect target was never called',
    )
  })
})

describe(
  'csapi serve delivers; SIGKILL between attempts loses nothing',
  { skip: !onPostgres && 'needs TEST_DATABASE_URL: the CLI and the server share a database' },
  () => {
    test(
      'add, test, a failed attempt, SIGKILL, restart: delivered once more with the same id; ' + 'deliveries and replay',
      async () => {
        const database = await createTestDatabase()
        const rx = await new Receiver().start()
        const env = {
          CSAPI_WEBHOOK_RETRY_SCHEDULE: '2s,2s,2s',
          CSAPI_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
          CSAPI_CURSOR_SECRETS: 'test-cursor-secret-0123456789abcdef0123456789',
          CSAPI_METRICS_PORT: '0',
          LOG_LEVEL: 'info',
        }
        const run = async (...args: string[]) => {
          const p = cliProcess(database.url, args, env)
          const [code] = await p.exit
          return { code, out: p.output() }
        }
        const servers: ReturnType<typeof cliProcess>[] = []
        const serve = async () => {
          const p = cliProcess(database.url, ['serve', '--port', '0'], env)
          servers.push(p)
          await p.waitFor(/"msg":"serving"/)
          const metrics = /"metrics":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/.exec(p.output())![1]!
          return Object.assign(p, { metrics })
        }
        /** Scrapes until the webhook samples are as wanted (the queue gauges are read every 5 s). */
        const metricsReach = async (url: string, want: (m: (name: string, l?: object) => number) => boolean) => {
          let text = ''
          for (let i = 0; i < 80; i++) {
            text = await (await fetch(url)).text()
            if (want((name, labels) => sample(text, name, labels as Record<string, string>))) return
            await sleep(100)
          }
          assert.fail(
            `metrics never reached the state:\n${text
              .split('\n')
              .filter((l) => l.includes('webhook'))
              .join('\n')}`,
          )
        }
        try {
          const { openDb } = await import('../../src/db/index.js')
          const { migrate } = await import('../../src/db/migrate.js')
          const db = await openDb(database.url)
          await migrate(db)
          await load(db, dataset)
          const added = await run('webhooks', 'add', '--account', 'cr_x', '--url', `${rx.url}/hook`)
          assert.equal(added.code, 0, added.out)
          const id = /^(we_[0-9a-f]{24})$/m.exec(added.out)![1]!
          const secret = /secret: (whsec_\S+)/.exec(added.out)![1]!
          const refused = await run('webhooks', 'add', '--account', 'cr_x', '--url', 'https://192.168.1.10/hook')
          assert.equal(refused.code, 2) // a URL the command line gives that is refused: a usage mistake
          assert.match(refused.out, /192\.168\.1\.10 is a private, loopback, link-local or reserved address/)

          let server = await serve()
          const tested = await run('webhooks', 'test', id)
          assert.equal(tested.code, 0, tested.out)
          assert.match(tested.out, /delivered \(HTTP 200\)/)
          assert.equal(verified(secret, rx.take()[0]!).type, 'webhook.test')

          rx.plan = [500]
          await ingestAmazonAttribution(db, [report([['20260305', '111', 'B0PAYUS001', 'AMAZON.COM', '100.00']])], {})
          for (let i = 0; i < 100 && rx.got.length === 0; i++) await sleep(50)
          assert.equal(rx.got.length, 1, 'the first attempt came (and was answered 500)')
          await metricsReach(
            server.metrics,
            (m) =>
              m('csapi_webhook_attempts_total', { outcome: 'retry' }) === 1 &&
              m('csapi_webhook_queue_depth') === 1 &&
              m('csapi_webhook_oldest_pending_seconds') > 0,
          )
          server.child.kill('SIGKILL')
          await server.exit
          await sleep(2500) // the retry falls due while no instance runs
          assert.equal(rx.got.length, 1)
          server = await serve()
          for (let i = 0; i < 100 && rx.got.length < 2; i++) await sleep(50)
          const [first, second] = rx.take()
          assert.ok(second, 'delivered after the restart')
          assert.equal(second.headers['webhook-id'], first!.headers['webhook-id'])
          assert.equal(verified(secret, second).type, 'reports.changed')
          await metricsReach(
            server.metrics,
            (m) =>
              m('csapi_webhook_attempts_total', { outcome: 'delivered' }) === 1 &&
              m('csapi_webhook_queue_depth') === 0 &&
              m('csapi_webhook_oldest_pending_seconds') === 0 &&
              m('csapi_webhook_endpoints_disabled') === 0,
          )

          const log = await run('webhooks', 'deliveries', '--endpoint', id)
          assert.equal(log.code, 0, log.out)
          assert.match(
            log.out,
            /reports\.changed .* delivered\n {2}#1 \S+ \d+ ms 500 HTTP 500: not now\n {2}#2 \S+ \d+ ms 200/,
          )
          const list = await run('webhooks', 'list')
          assert.match(list.out, new RegExp(`${id} {2}cr_x .* enabled\\n {2}pending 0, delivered 2, failed 0`))
          const replayed = await run('webhooks', 'replay', second.headers['webhook-id'] as string)
          assert.match(replayed.out, /^1 deliveries queued/m)
          for (let i = 0; i < 100 && rx.got.length < 1; i++) await sleep(50)
          assert.equal(rx.take()[0]!.headers['webhook-id'], second.headers['webhook-id'])
          server.child.kill('SIGTERM')
          await server.exit
          await db.close()
        } finally {
          for (const p of servers) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL')
          rx.server.close()
          await database.drop()
        }
      },
    )
  },
)
