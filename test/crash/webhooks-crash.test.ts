// An attempt cut by a crash stays in the delivery log (docs/webhooks.md): a real `csapi serve`
// sends an event to a receiver that holds the request without answering, and is killed with
// SIGKILL while it waits. `csapi webhooks deliveries` then shows attempt #1 as sending until its
// lease ends (moved to now by the test) and as interrupted after; the restarted server retries
// (#2, same webhook-id), and the log keeps both.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import { once } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import { openDb } from '../../src/db/index.js'
import { migrate } from '../../src/db/migrate.js'
import { recordTestEvent } from '../../src/events/record.js'
import { addEndpoint } from '../../src/webhooks/endpoints.js'
import { cliProcess, createTestDatabase, load, onPostgres } from '../support/helpers.js'
import { dataset } from '../support/payouts-kit.js'

const TIMEOUT_MS = 3000
// deliver.ts: a claim's lease is the attempt's timeout and 30 s
const LEASE_MS = TIMEOUT_MS + 30_000

test('SIGKILL while a webhook attempt awaits its answer: the attempt is logged, then shown interrupted', async (t) => {
  const tdb = await createTestDatabase()
  const got: { headers: IncomingHttpHeaders; at: number }[] = []
  const held: ServerResponse[] = []
  let stall = true
  const rx = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      got.push({ headers: req.headers, at: Date.now() })
      if (stall) held.push(res)
      else res.end('ok')
    })
  })
  rx.listen(0, '127.0.0.1')
  await once(rx, 'listening')
  const url = `http://127.0.0.1:${(rx.address() as { port: number }).port}/hook`
  const env = {
    CSAPI_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    CSAPI_WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
    CSAPI_WEBHOOK_RETRY_SCHEDULE: '1s,1s',
    CSAPI_CURSOR_SECRETS: 'test-cursor-secret-0123456789abcdef0123456789',
    CSAPI_METRICS_PORT: '0',
  }
  const servers: ReturnType<typeof cliProcess>[] = []
  const serve = async () => {
    const p = cliProcess(tdb.url, ['serve', '--port', '0'], env)
    servers.push(p)
    await p.waitFor(/"msg":"serving"/)
    return p
  }
  const deliveriesLog = async (...args: string[]) => {
    const p = cliProcess(tdb.url, ['webhooks', 'deliveries', ...args], env)
    const [code] = await p.exit
    assert.equal(code, 0, p.output())
    return p.output()
  }
  try {
    let db = await openDb(tdb.url)
    await migrate(db)
    await load(db, dataset)
    const endpoint = await addEndpoint(db, 'cr_x', url, [])
    const eventId = await db.transaction((tx) => recordTestEvent(tx, endpoint.id))
    await db.close()

    const first = await serve()
    for (let i = 0; i < 200 && got.length === 0; i++) await sleep(25)
    assert.equal(got.length, 1, `the attempt reached the receiver: ${first.output()}`)
    if (onPostgres) {
      // the attempt was committed before the request went out: it is there while the answer is awaited
      db = await openDb(tdb.url)
      const rows = await db.query<{ attempt: number; state: string; duration_ms: number | null }>(
        'select attempt, state, duration_ms from webhook_attempts',
      )
      await db.close()
      assert.deepEqual(rows, [{ attempt: 1, state: 'sending', duration_ms: null }])
    }
    first.child.kill('SIGKILL')
    const [, signal] = await first.exit
    assert.equal(signal, 'SIGKILL')
    const killedAt = Date.now()
    assert.ok(killedAt - got[0]!.at < TIMEOUT_MS, 'killed before the attempt could time out')
    for (const res of held.splice(0)) res.destroy()

    // within the lease another instance could still be sending it: the log says what is known
    const during = await deliveriesLog()
    assert.match(during, new RegExp(`${eventId}  webhook\\.test  → ${endpoint.id}  pending\\n {2}#1 \\S+Z sending\\n`))

    // The lease is the attempt's timeout and 30 s from the claim; its end is brought to now rather
    // than waited for, as the clock would bring it.
    db = await openDb(tdb.url)
    const [lease] = await db.query<{ ms: number }>(
      `select extract(epoch from d.next_attempt_at - a.started_at)::float8 * 1000 as ms
         from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id`,
    )
    assert.equal(lease!.ms, LEASE_MS)
    await db.query('update webhook_deliveries set next_attempt_at = now()')
    await db.close()
    const lapsed = await deliveriesLog()
    assert.match(lapsed, /\n {2}#1 \S+Z interrupted: no outcome \(the sender stopped\); status and duration unknown\n/)

    stall = false
    const second = await serve()
    for (let i = 0; i < 200 && got.length < 2; i++) await sleep(25)
    assert.equal(got.length, 2, `the retry after the restart: ${second.output()}`)
    assert.equal(got[1]!.headers['webhook-id'], eventId, 'the same event')
    assert.match(second.output(), /webhook attempt interrupted: its sender stopped before an outcome; retrying/)
    second.child.kill('SIGTERM')
    await second.exit

    // an interrupted attempt counts among the failed ones (the delivery has no other)
    const log = await deliveriesLog('--failed')
    assert.match(
      log,
      new RegExp(
        `${eventId}  webhook\\.test  → ${endpoint.id}  delivered\\n` +
          ` {2}#1 \\S+Z interrupted: no outcome \\(the sender stopped\\); status and duration unknown\\n` +
          ` {2}#2 \\S+Z \\d+ ms 200\\n`,
      ),
    )
    db = await openDb(tdb.url)
    const rows = await db.query<{ attempt: number; state: string; http_status: number | null }>(
      'select attempt, state, http_status from webhook_attempts order by attempt',
    )
    await db.close()
    assert.deepEqual(rows, [
      { attempt: 1, state: 'interrupted', http_status: null },
      { attempt: 2, state: 'succeeded', http_status: 200 },
    ])
    t.diagnostic(`killed ${killedAt - got[0]!.at} ms after the request arrived; retried once the lease ended`)
  } finally {
    for (const p of servers) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL')
    rx.closeAllConnections()
    rx.close()
    await tdb.drop()
  }
})
