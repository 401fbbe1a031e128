// Sandbox worlds over HTTP (docs/testing-your-integration.md): a world beside live data, its clock
// moved through the real ingestion and settlement, the same numbers for the same seed and
// advances, one advance at a time, live tokens refused, and a world deleted whole.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { onPostgres, startServer, walk, type ApiResponse, type TestServer } from '../support/helpers.js'
import { fixture, TOKENS } from '../support/fixture.js'
import {
  advanceSandbox,
  createSandbox,
  deleteSandbox,
  SandboxBusy,
  SandboxDateError,
  WORLD_DATES,
  type CreatedSandbox,
} from '../../src/sandbox/sandbox.js'
import { REPORTS_WRITE_LOCK } from '../../src/db/locks.js'
import type { Db } from '../../src/db/index.js'
import { keyedWork } from '../../src/http/idempotency.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { addEndpoint } from '../../src/webhooks/endpoints.js'
import { createToken } from '../../src/tokens/tokens.js'
import { Client, PermissionError } from '../../src/client/index.js'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'

const S = '/api/v1/sandbox'
const ADVANCE = '/api/v1/sandbox/advance'

let s: TestServer
let a: CreatedSandbox
let b: CreatedSandbox
let c: CreatedSandbox
before(async () => {
  s = await startServer(fixture())
  a = await createSandbox(s.db, { seed: 11, name: 'a' })
  b = await createSandbox(s.db, { seed: 11, name: 'b' })
  c = await createSandbox(s.db, { seed: 12 })
})
after(() => s.close())

/** The world's view as an integrator's test would assert it: ids with the world's tag taken out. */
const normal = (w: CreatedSandbox, value: unknown) =>
  JSON.parse(
    JSON.stringify(value)
      .replaceAll(w.id.slice(4), 'TAG')
      .replace(/po_[0-9a-f]{32}/g, 'po_ID'),
  )

async function everything(w: CreatedSandbox) {
  const token = w.tokens.creator
  const { body: world } = await s.get(S, token)
  const reports = await walk(s, `/api/creator/v1/reports?start=2025-01-01&end=${world.date}`, token, 'reports', 500)
  const payouts = await walk(s, '/api/creator/v1/payouts', token, 'payouts', 100)
  const lines = []
  for (const p of payouts) lines.push(...(await walk(s, `/api/creator/v1/payouts/${p.id}/lines`, token, 'lines', 500)))
  const adjustments = await walk(s, '/api/creator/v1/adjustments', token, 'adjustments', 100)
  const strip = <T extends Record<string, unknown>>(xs: T[], ...keys: string[]) =>
    xs.map((x) => Object.fromEntries(Object.entries(x).filter(([k]) => !keys.includes(k))))
  return normal(w, {
    date: world.date,
    reports,
    payouts: strip(payouts, 'created_at'),
    lines: strip(lines, 'adjustment_id', 'found_at'),
    adjustments: strip(adjustments, 'id', 'found_at', 'payout_id'),
  })
}

describe('a sandbox world', () => {
  test('its test tokens read it: GET /api/v1/sandbox says its id, date and next advance', async () => {
    assert.match(a.tokens.creator, /^csapi_test_/)
    assert.match(a.tokens.seller, /^csapi_test_/)
    assert.match(a.id, /^sbx_[0-9a-f]{12}$/)
    for (const token of [a.tokens.creator, a.tokens.seller]) {
      const res = await s.get(S, token)
      assert.equal(res.status, 200, JSON.stringify(res.body))
      assert.equal(res.body.id, a.id)
      assert.equal(res.body.name, 'a')
      assert.equal(res.body.seed, 11)
      assert.equal(res.body.date, '2026-01-15')
      assert.deepEqual(res.body.accounts, { creator: a.creator_id, seller: a.seller_id })
      assert.deepEqual(res.body.next_advance, {
        date: '2026-01-16',
        report_date: '2026-01-15',
        restates: ['2026-01-14', '2026-01-08', '2025-12-18'],
        approves_through: '2025-12-19',
        pays: false,
      })
      assert.equal(res.body.next_payday, '2026-02-01')
      assert.equal(res.body.limits.max_days_per_advance, 31)
      assert.equal(res.body.limits.days_left, 27379, 'from 2026-01-15 to 2101-01-01')
    }
  })

  test('90 days of history: rows in every status, payouts of past months, adjustments', async () => {
    const token = a.tokens.creator
    const rows = await walk(s, '/api/creator/v1/reports?start=2025-01-01&end=2026-12-31', token, 'reports', 500)
    const dates = rows.map((r) => r.date).sort()
    assert.equal(dates[0]! >= '2025-10-17', true, dates[0])
    assert.equal(dates.at(-1), '2026-01-14')
    const statuses = new Set(rows.map((r) => r.commission_status))
    for (const st of ['pending', 'approved', 'paid', 'reversed']) assert.ok(statuses.has(st), `no ${st} row`)
    const payouts = await walk(s, '/api/creator/v1/payouts', token, 'payouts', 100)
    assert.ok(payouts.length > 0)
    assert.ok((await walk(s, '/api/creator/v1/adjustments', token, 'adjustments', 100)).length > 0)
    const brands = await walk(s, '/api/creator/v1/brands', token, 'brands', 100)
    assert.ok(brands.length > 0)
    for (const br of brands) assert.ok(br.id.includes(a.id.slice(4)), `${br.id} is not of the world`)
    const granted = await walk(s, '/api/seller/v1/brands', a.tokens.seller, 'brands', 100)
    assert.ok(granted.length > 0)
    const products = await walk(
      s,
      `/api/seller/v1/products?brand_id=${granted[0].id}`,
      a.tokens.seller,
      'products',
      100,
    )
    assert.ok(products.length > 0)
  })

  test('live tokens get 403 forbidden_resource on the sandbox endpoints', async () => {
    for (const token of [TOKENS.cr_a, TOKENS.sl_a, TOKENS.op_a]) {
      for (const res of [await s.get(S, token), await s.post(ADVANCE, token, { days: 1 })]) {
        assert.equal(res.status, 403, JSON.stringify(res.body))
        assert.equal(res.body.error.code, 'forbidden_resource')
      }
    }
    assert.equal((await s.post(ADVANCE, undefined, { days: 1 })).status, 401)
  })

  test('a live token is refused before its query and body are read: 403 whatever they hold', async () => {
    const sent: [string, string][] = [
      [ADVANCE, JSON.stringify({ days: 0 })],
      [ADVANCE, JSON.stringify({ days: '5' })],
      [ADVANCE, JSON.stringify({ days: 1, more: 1 })],
      [ADVANCE, '[1]'],
      [ADVANCE, '{"days":'],
      [`${ADVANCE}?days=30`, JSON.stringify({ days: 1 })],
      [`${S}?x=1`, ''],
    ]
    for (const token of [TOKENS.cr_a, TOKENS.sl_a]) {
      for (const [path, body] of sent) {
        const res = await fetch(s.base + path, {
          method: body === '' ? 'GET' : 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === '' ? undefined : body,
        })
        const what = `${path} ${body}`
        assert.equal(res.status, 403, what)
        const { error } = (await res.json()) as { error: { code: string; message: string } }
        assert.equal(error.code, 'forbidden_resource', what)
        assert.match(error.message, /this is a live token/, what)
      }
    }
  })

  test('an advance takes no query parameter: ?days=30 is refused, not read as the days', async () => {
    for (const query of ['days=30', 'x=1', 'days=1&days=2']) {
      const res = await s.post(`${ADVANCE}?${query}`, a.tokens.creator, { days: 1 })
      assert.equal(res.status, 400, query)
      assert.equal(res.body.error.code, 'invalid_request', query)
      const get = await s.get(`${S}?${query}`, a.tokens.creator)
      assert.deepEqual(res.body, get.body, `${query}: refused as GET ${S} refuses it`)
    }
    assert.equal((await s.get(S, a.tokens.creator)).body.date, '2026-01-15', 'refused advances move nothing')
  })

  test('an advance takes { "days": 1..31 } and nothing else', async () => {
    const bodies = [
      { days: 0 },
      { days: 32 },
      { days: 1.5 },
      { days: -1 },
      {},
      { days: 1, more: 1 },
      [1],
      { days: '5' },
    ]
    for (const body of bodies) {
      const res = await s.post(ADVANCE, a.tokens.creator, body)
      assert.equal(res.status, 400, JSON.stringify(body))
      assert.equal(res.body.error.code, 'invalid_request')
    }
    const res = await s.post(ADVANCE, a.tokens.creator, { days: 32 })
    assert.equal(res.body.error.message, 'days must be a whole number from 1 to 31')
    const other = await s.request('DELETE', ADVANCE, { authorization: `Bearer ${a.tokens.creator}` })
    assert.equal(other.status, 405)
    assert.equal(other.headers.get('allow'), 'POST')
    assert.equal((await s.get(S, a.tokens.creator)).body.date, '2026-01-15', 'refused advances move nothing')
  })

  test('30 days through ingestion and settlement: new rows, restatements, reversals, approvals, a payout', async () => {
    const before = await walk(s, '/api/creator/v1/payouts', a.tokens.creator, 'payouts', 100)
    const FRESHNESS = '/api/creator/v1/reports/freshness'
    const finals = async () =>
      (await walk(s, FRESHNESS, a.tokens.creator, 'freshness', 1000)).map((f) => f.final_through as string | null)
    // final through the world's date − 29, never UTC today's: the world's finality moves with its clock
    const finalBefore = await finals()
    assert.ok(
      finalBefore.every((f) => f === null || f <= '2025-12-17'),
      JSON.stringify(finalBefore),
    )
    assert.ok(finalBefore.includes('2025-12-17'), JSON.stringify(finalBefore))
    const res = await s.post(ADVANCE, a.tokens.creator, { days: 30 })
    assert.equal(res.status, 200, JSON.stringify(res.body))
    const { body } = res
    assert.equal(body.id, a.id)
    assert.equal(body.from, '2026-01-15')
    assert.equal(body.date, '2026-02-14')
    assert.equal(body.days.length, 30)
    assert.deepEqual(
      body.days.map((d: { report_date: string }) => d.report_date),
      Array.from({ length: 30 }, (_, i) =>
        new Date(Date.parse('2026-01-15') + i * 86_400_000).toISOString().slice(0, 10),
      ),
    )
    const total = (f: (d: any) => number) => body.days.reduce((n: number, d: any) => n + f(d), 0)
    for (const k of ['new', 'restated', 'reversed', 'approved'])
      assert.ok(total((d) => d.rows[k]) > 0, `no ${k} rows in 30 days`)
    assert.ok(total((d) => d.adjustments) > 0, 'no adjustments in 30 days')
    const payday = body.days.find((d: any) => d.date === '2026-02-01')
    assert.ok(payday.payouts.length > 0 && payday.rows.paid > 0, JSON.stringify(payday))
    for (const d of body.days.filter((x: any) => x.date !== '2026-02-01')) assert.deepEqual(d.payouts, [])

    // what the answer says is what the API shows
    assert.equal((await s.get(S, a.tokens.creator)).body.date, '2026-02-14')
    const payouts = await walk(s, '/api/creator/v1/payouts', a.tokens.creator, 'payouts', 100)
    assert.deepEqual(
      payouts
        .filter((p) => !before.some((q) => q.id === p.id))
        .map((p) => p.id)
        .sort(),
      payday.payouts.map((p: { id: string }) => p.id).sort(),
    )
    const rows = await walk(
      s,
      '/api/creator/v1/reports?start=2026-02-13&end=2026-02-13',
      a.tokens.creator,
      'reports',
      500,
    )
    assert.equal(rows.length, body.days.at(-1).rows.new)
    const finalAfter = await finals()
    assert.ok(
      finalAfter.every((f) => f === null || f <= '2026-01-16'),
      JSON.stringify(finalAfter),
    )
    assert.ok(finalAfter.includes('2026-01-16'), JSON.stringify(finalAfter))
  })

  test('deterministic: the same seed and advances give the same rows, payouts and adjustments', async () => {
    for (const days of [10, 1, 19]) assert.equal((await s.post(ADVANCE, b.tokens.creator, { days })).status, 200)
    const [wa, wb] = [await everything(a), await everything(b)]
    assert.equal(wb.date, '2026-02-14')
    assert.deepEqual(wb, wa)
    await s.post(ADVANCE, c.tokens.creator, { days: 30 })
    assert.notDeepEqual(await everything(c), wa, 'another seed, other numbers')
  })

  test('the client: client.sandbox.get() and client.sandbox.advance({ days })', async () => {
    const client = new Client({ token: b.tokens.seller, baseUrl: s.base })
    const before = await client.sandbox.get()
    assert.equal(before.id, b.id)
    const moved = await client.sandbox.advance({ days: 2 })
    assert.equal(moved.from, before.date)
    assert.equal(moved.days.length, 2)
    assert.equal((await client.sandbox.get()).date, moved.date)
    // a retry with the call's key (what the client's own retries send) moves nothing more
    const once = await client.sandbox.advance({ days: 1 }, { idempotencyKey: 'client-advance' })
    assert.deepEqual(await client.sandbox.advance({ days: 1 }, { idempotencyKey: 'client-advance' }), once)
    assert.equal((await client.sandbox.get()).date, once.date)
    const live = new Client({ token: TOKENS.cr_a, baseUrl: s.base })
    await assert.rejects(live.sandbox.get(), PermissionError)
    await assert.rejects(live.sandbox.advance({ days: 1 }), PermissionError)
  })

  test("webhooks: an advance records the world's events for its endpoint, as production writes do", async () => {
    const { id } = await addEndpoint(s.db, b.creator_id, 'https://hooks.example/sandbox', [])
    const res = await s.post(ADVANCE, b.tokens.creator, { days: 1 })
    assert.equal(res.status, 200)
    const events = await s.db.query<{ type: string; account_id: string }>(
      `select e.type, e.account_id from webhook_events e join webhook_deliveries d on d.event_seq = e.seq
        where d.endpoint_id = $1`,
      [id],
    )
    assert.ok(
      events.some((e) => e.type === 'reports.changed'),
      JSON.stringify(events),
    )
    for (const e of events) assert.equal(e.account_id, b.creator_id)
  })

  test('one advance per world at a time: another gets 409 sandbox_busy', async () => {
    await s.db.query('update sandboxes set advancing_since = now() where id = $1', [c.id])
    const res = await s.post(ADVANCE, c.tokens.creator, { days: 1 })
    assert.equal(res.status, 409)
    assert.equal(res.body.error.code, 'sandbox_busy')
    // another world is not held
    assert.equal((await s.post(ADVANCE, b.tokens.seller, { days: 1 })).status, 200)
    // an advance left by a process that died is taken over after its lease
    await s.db.query(`update sandboxes set advancing_since = now() - interval '2 minutes' where id = $1`, [c.id])
    assert.equal((await s.post(ADVANCE, c.tokens.creator, { days: 1 })).status, 200)
  })

  test('an Idempotency-Key makes a retried advance safe: the first answer again, the clock moved once', async () => {
    const w = await createSandbox(s.db, { seed: 13, date: '2026-03-30' })
    const token = w.tokens.creator
    const send = (days: number, key: string) =>
      s.request('POST', ADVANCE, { authorization: `Bearer ${token}`, 'idempotency-key': key }, { days })
    const dateOf = async () => (await s.get(S, token)).body.date
    const first = await send(2, 'advance-1')
    assert.equal(first.status, 200, JSON.stringify(first.body))
    assert.equal(first.headers.get('idempotent-replayed'), null)
    assert.equal(first.body.date, '2026-04-01')
    const again = await send(2, 'advance-1')
    assert.equal(again.status, 200, JSON.stringify(again.body))
    assert.equal(again.headers.get('idempotent-replayed'), 'true')
    assert.deepEqual(again.body, first.body)
    assert.equal(await dateOf(), '2026-04-01', 'the retry moved nothing')
    const other = await send(3, 'advance-1')
    assert.equal(other.status, 409, JSON.stringify(other.body))
    assert.equal(other.body.error.code, 'idempotency_conflict')
    assert.equal(await dateOf(), '2026-04-01')
    // while another advance holds the world (and goes on holding it), a retry whose first try has
    // answered replays, and the same key with another body is refused: neither waits for the world
    await s.db.query('update sandboxes set advancing_since = now() where id = $1', [w.id])
    const replayed = await send(2, 'advance-1')
    assert.equal(replayed.status, 200, JSON.stringify(replayed.body))
    assert.equal(replayed.headers.get('idempotent-replayed'), 'true')
    assert.deepEqual(replayed.body, first.body)
    assert.equal((await send(3, 'advance-1')).body.error.code, 'idempotency_conflict')
    // a new key waits while the world is held, for a bounded time: a world held past it is busy still
    let answered = false
    const waiting = send(1, 'advance-3').finally(() => (answered = true))
    await sleep(500)
    assert.equal(answered, false, 'a keyed advance waits while the world is held')
    await s.db.query('update sandboxes set advancing_since = null where id = $1', [w.id])
    const waited = await waiting
    assert.equal(waited.status, 200, JSON.stringify(waited.body))
    assert.equal(waited.headers.get('idempotent-replayed'), null)
    assert.equal(await dateOf(), '2026-04-02')
    await s.db.query('update sandboxes set advancing_since = now() where id = $1', [w.id])
    const once = keyedWork(w.creator_id, 'advance-4', { method: 'POST', path: ADVANCE, body: { days: 2 } })
    const t0 = Date.now()
    await assert.rejects(advanceSandbox(s.db, w.id, 2, once, { waitMs: 300 }), SandboxBusy)
    assert.ok(Date.now() - t0 >= 300, `gave up after ${Date.now() - t0} ms`)
    await s.db.query('update sandboxes set advancing_since = null where id = $1', [w.id])
    // a replay and a conflict let go of the world: a new key moves it
    const next = await send(1, 'advance-2')
    assert.equal(next.status, 200, JSON.stringify(next.body))
    assert.equal(next.body.date, '2026-04-03')
    await deleteSandbox(s.db, w.id)
  })

  test('two advances at once: with one key, one move and one answer; with two, two moves; without, 409', async () => {
    const w = await createSandbox(s.db, { seed: 14, date: '2026-03-30' })
    const send = (key?: string) =>
      s.request(
        'POST',
        ADVANCE,
        { authorization: `Bearer ${w.tokens.creator}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
        { days: 2 },
      )
    const dateOf = async () => (await s.get(S, w.tokens.creator)).body.date

    /** Sends the second while the first holds the world: the first's first day waits until the second found it held. */
    async function atOnce(first: () => Promise<ApiResponse>, second: () => Promise<ApiResponse>) {
      const saved = { query: s.db.query, transaction: s.db.transaction }
      const query = s.db.query.bind(s.db)
      const transaction = s.db.transaction.bind(s.db)
      let foundHeld!: () => void
      const held = new Promise<void>((resolve) => (foundHeld = resolve))
      let firstDay!: () => void
      const dayBegun = new Promise<void>((resolve) => (firstDay = resolve))
      s.db.query = async <T>(sql: string, params?: readonly unknown[], opts?: Parameters<Db['query']>[2]) => {
        const rows = await query<T>(sql, params, opts)
        // the lease's update, finding the world held
        if (/^\s*update sandboxes set advancing_since = now\(\)\s+where id = \$1 and/.test(sql) && rows.length === 0)
          foundHeld()
        return rows
      }
      let days = 0
      s.db.transaction = (fn) => {
        if (++days > 1) return transaction(fn)
        firstDay()
        return held.then(() => transaction(fn))
      }
      try {
        const one = first()
        // should the first never begin a day, the second is sent once it has answered
        void one.then(firstDay, firstDay)
        await dayBegun
        // should the second never look at the lease, the first goes on once it has answered
        const two = second().finally(foundHeld)
        return await Promise.all([one, two])
      } finally {
        Object.assign(s.db, saved)
      }
    }

    // one key: the second waits for the first and answers what it answered; the world moved once
    const [one, two] = await atOnce(
      () => send('together-1'),
      () => send('together-1'),
    )
    assert.equal(one.status, 200, JSON.stringify(one.body))
    assert.equal(two.status, 200, JSON.stringify(two.body))
    assert.equal(one.headers.get('idempotent-replayed'), null)
    assert.equal(two.headers.get('idempotent-replayed'), 'true')
    assert.deepEqual(two.body, one.body)
    assert.equal(one.body.date, '2026-04-01')
    assert.equal(await dateOf(), '2026-04-01', 'moved once')

    // two keys: the second waits, then makes its own advance from where the first left the world
    const [mine, theirs] = await atOnce(
      () => send('together-2'),
      () => send('together-3'),
    )
    assert.equal(mine.status, 200, JSON.stringify(mine.body))
    assert.equal(theirs.status, 200, JSON.stringify(theirs.body))
    assert.equal(theirs.headers.get('idempotent-replayed'), null)
    assert.equal(theirs.body.from, mine.body.date)
    assert.equal(await dateOf(), '2026-04-05')

    // no key: the second is refused at once, with Retry-After; only the first moved the world
    const [moved, refused] = await atOnce(
      () => send(),
      () => send(),
    )
    assert.equal(moved.status, 200, JSON.stringify(moved.body))
    assert.equal(refused.status, 409, JSON.stringify(refused.body))
    assert.equal(refused.body.error.code, 'sandbox_busy')
    assert.equal(refused.headers.get('retry-after'), '1')
    assert.equal(await dateOf(), '2026-04-07')
    await deleteSandbox(s.db, w.id)
  })

  test('an advance takes a body up to 64 KB, as every write', async () => {
    const w = await createSandbox(s.db, { seed: 15 })
    const send = (body: string) =>
      fetch(s.base + ADVANCE, {
        method: 'POST',
        headers: { authorization: `Bearer ${w.tokens.creator}`, 'content-type': 'application/json' },
        body,
      })
    const spaced = await send(`{"days":1${' '.repeat(4000)}}`)
    assert.equal(spaced.status, 200, await spaced.clone().text())
    assert.equal(((await spaced.json()) as { date: string }).date, '2026-01-16')
    const padded = await send(JSON.stringify({ days: 1, pad: 'x'.repeat(5000) }))
    assert.equal(padded.status, 400)
    assert.equal(((await padded.json()) as { error: { message: string } }).error.message, 'unknown field pad')
    const large = await send(`{"days":1${' '.repeat(65_536)}}`)
    assert.equal(large.status, 400)
    const { error } = (await large.json()) as { error: { code: string; message: string } }
    assert.deepEqual(error, { code: 'invalid_request', message: 'the body is larger than 65536 bytes' })
    assert.equal((await s.get(S, w.tokens.creator)).body.date, '2026-01-16')
    await deleteSandbox(s.db, w.id)
  })

  test("the operator's approve leaves sandbox worlds alone", async () => {
    const pending = async () =>
      (
        await s.db.query<{ n: number }>(
          `select count(*)::int as n from report_rows r join accounts a on a.id = r.creator_id
            where a.sandbox_id <> '' and r.commission_status = 'pending'`,
        )
      )[0]!.n
    const n = await pending()
    assert.ok(n > 0)
    await approveThrough(s.db, '2099-12-31')
    assert.equal(await pending(), n)
  })

  test('a live token sees nothing of a world, a test token nothing live', async () => {
    const tags = [a, b, c].map((w) => w.id.slice(4))
    const live = await walk(s, '/api/creator/v1/brands', TOKENS.cr_a, 'brands', 100)
    for (const br of live) assert.ok(!tags.some((t) => br.id.includes(t)), br.id)
    const sandboxBrands = await walk(s, '/api/creator/v1/brands', a.tokens.creator, 'brands', 100)
    for (const br of sandboxBrands) assert.ok(br.id.includes(tags[0]!), br.id)
    // a live brand named by a test token: not granted
    const res = await s.get('/api/seller/v1/products?brand_id=b_active', a.tokens.seller)
    assert.equal(res.status, 403)
    // a live brand without Ads is no brand of a test token's: no ads_not_connected to learn it by
    for (const path of ['/api/creator/v1/reports', '/api/creator/v1/reports/summary']) {
      const filtered = await s.get(`${path}?start=2025-01-01&end=2026-12-31&brand_id=b_noads`, a.tokens.creator)
      assert.equal(filtered.status, 200, `${path}: ${JSON.stringify(filtered.body)}`)
    }
    // and the worlds cannot be joined: no grant, partnership or link across them
    await assert.rejects(
      s.db.query('insert into brand_access (account_id, brand_id) values ($1, $2)', ['sl_a', sandboxBrands[0].id]),
      /different worlds/,
    )
  })

  test('examples/sandbox-check.ts: the copy equals /reports after 30 days, and the payout reconciles', async () => {
    const w = await createSandbox(s.db, { seed: 3 })
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'examples/sandbox-check.ts', '30'],
      {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: { ...process.env, CSAPI_TOKEN: w.tokens.creator, CSAPI_BASE_URL: s.base },
      },
    )
    const result = JSON.parse(stdout)
    assert.equal(result.ok, true, stdout)
    assert.equal(result.world, w.id)
    assert.equal(result.date, '2026-02-14')
    assert.equal(result.copyEqualsReports, true)
    assert.ok(result.payouts.length > 0, 'a payout on 2026-02-01')
  })

  test("metrics keep them apart: test tokens' requests are counted as sandbox requests only", async () => {
    const text = await s.app.metrics.text()
    assert.match(
      text,
      /csapi_sandbox_requests_total\{route="\/api\/v1\/sandbox\/advance",method="POST",status="200"\} \d+/,
    )
    assert.doesNotMatch(
      text,
      /csapi_http_requests_total\{route="\/api\/v1\/sandbox[^"]*",method="(GET|POST)",status="200"/,
    )
  })

  test('delete removes the world whole; its tokens stop working; other worlds stay', async () => {
    // an endpoint registered through the API (an idempotency key, a test event), and one more token
    const made = await s.request(
      'POST',
      '/api/creator/v1/webhook-endpoints',
      {
        authorization: `Bearer ${c.tokens.creator}`,
        'content-type': 'application/json',
        'idempotency-key': 'delete-whole-1',
      },
      { url: 'https://93.184.215.14/hook' },
    )
    assert.equal(made.status, 201, JSON.stringify(made.body))
    await createToken(s.db, { accountId: c.creator_id, name: 'more', expiresAt: null })
    assert.equal(await deleteSandbox(s.db, c.id), true)
    assert.equal(await deleteSandbox(s.db, c.id), false)
    assert.equal((await s.get(S, c.tokens.creator)).status, 401)
    const [left] = await s.db.query<{ n: number }>(
      `select (select count(*) from accounts where sandbox_id = $1)
            + (select count(*) from brands where sandbox_id = $1)
            + (select count(*) from report_rows where creator_id = $2)
            + (select count(*) from payouts where creator_id = $2) as n`,
      [c.id, c.creator_id],
    )
    assert.equal(Number(left!.n), 0)
    // no row of the world's accounts is left in any table that names an account
    const [rest] = await s.db.query<{ n: number }>(
      `select (select count(*) from api_tokens where account_id in ($1, $2))
            + (select count(*) from idempotency_keys where account_id in ($1, $2))
            + (select count(*) from webhook_endpoints where account_id in ($1, $2))
            + (select count(*) from webhook_events where account_id in ($1, $2))
            + (select count(*) from webhook_deliveries where endpoint_id = $3)
            + (select count(*) from webhook_attempts where delivery_id not in (select id from webhook_deliveries))
            + (select count(*) from links where creator_id in ($1, $2))
            + (select count(*) from partnerships where creator_id in ($1, $2))
            + (select count(*) from brand_access where account_id in ($1, $2))
            + (select count(*) from commission_adjustments where creator_id in ($1, $2))
            + (select count(*) from report_day_totals where creator_id in ($1, $2))
            + (select count(*) from report_month_totals where creator_id in ($1, $2))
            + (select count(*) from report_month_creator_totals where creator_id in ($1, $2)) as n`,
      [c.creator_id, c.seller_id, made.body.id],
    )
    assert.equal(Number(rest!.n), 0)
    assert.equal((await s.get(S, a.tokens.creator)).status, 200)
    // a world with a webhook endpoint, its events and deliveries goes whole too
    assert.equal(await deleteSandbox(s.db, b.id), true)
    const [hooks] = await s.db.query<{ n: number }>(
      `select (select count(*) from webhook_endpoints where account_id = $1)
            + (select count(*) from webhook_events where account_id = $1) as n`,
      [b.creator_id],
    )
    assert.equal(Number(hooks!.n), 0)
    // payouts stay immutable outside a world's deletion
    await assert.rejects(s.db.query('delete from payouts where creator_id = $1', [a.creator_id]), /never changed/)
  })
})

describe('a world deleted while it advances', () => {
  /** The advance's answer and the delete's result, each as settled: neither may fail. */
  async function both(advance: Promise<{ status: number; body: any }>, deleted: Promise<boolean>) {
    const [adv, del] = await Promise.allSettled([advance, deleted])
    assert.equal(del.status, 'fulfilled', del.status === 'rejected' ? String(del.reason) : '')
    assert.equal(del.value, true)
    assert.equal(adv.status, 'fulfilled', adv.status === 'rejected' ? String(adv.reason) : '')
    assert.equal(adv.value.status, 404, JSON.stringify(adv.value.body).slice(0, 300))
    assert.equal(adv.value.body.error.code, 'not_found')
  }

  test('during its first day: the delete waits for the day, the advance answers 404 at the next', async () => {
    const w = await createSandbox(s.db, { seed: 21 })
    // the delete starts with the advance's first day: PostgreSQL runs it when that day commits, PGlite after it
    const transaction = s.db.transaction.bind(s.db)
    let days = 0
    let deleted: Promise<boolean> | undefined
    s.db.transaction = (fn) => {
      const day = transaction(fn)
      if (++days === 1) deleted = deleteSandbox(s.db, w.id)
      return day
    }
    try {
      const advance = s.post(ADVANCE, w.tokens.creator, { days: 31 })
      await both(
        advance,
        advance.then(() => deleted ?? assert.fail('the advance ran no day')),
      )
    } finally {
      s.db.transaction = transaction
    }
    assert.equal(days, 2, 'the day after the delete found the world gone')
    assert.equal((await s.get(S, w.tokens.creator)).status, 401)
  })

  test(
    "inside a day: the delete queues on the writers' lock behind the day, never deadlocks with it",
    { skip: onPostgres ? false : 'needs two connections: PostgreSQL' },
    async () => {
      const w = await createSandbox(s.db, { seed: 22 })
      const holder = new pg.Client({ connectionString: s.url! })
      await holder.connect()
      const waiting = async (n: number) => {
        for (let i = 0; i < 2000; i++) {
          const [row] = (
            await holder.query<{ n: number }>(
              `select count(*)::int as n from pg_locks
                where locktype = 'advisory' and objid = 7243003 and not granted
                  and database = (select oid from pg_database where datname = current_database())`,
            )
          ).rows
          if (row!.n >= n) return
          await sleep(10)
        }
        assert.fail(`${n} waiters on the writers' lock never came`)
      }
      try {
        // the advance's first day waits for the writers' lock; then the delete comes in behind it
        await holder.query('begin')
        await holder.query(REPORTS_WRITE_LOCK)
        const advance = s.post(ADVANCE, w.tokens.creator, { days: 31 })
        await waiting(1)
        const deleted = deleteSandbox(s.db, w.id)
        await waiting(2)
        await holder.query('commit')
        await both(advance, deleted)
      } finally {
        await holder.end()
      }
    },
  )
})

describe("the dates a world's clock can show: its history and reports are days ingestion takes", () => {
  test('a world is made from 2000-03-31 (90 days of history from 2000-01-01) to 2101-01-01', async () => {
    assert.deepEqual(WORLD_DATES, { first: '2000-03-31', last: '2101-01-01' })
    for (const date of ['2000-03-30', '2101-01-02', '9999-12-20', '0001-01-01'])
      await assert.rejects(createSandbox(s.db, { seed: 7, date }), (err: Error) => {
        assert.ok(err instanceof SandboxDateError, String(err))
        assert.match(err.message, /must be from 2000-03-31 to 2101-01-01: .*2000-01-01 to 2100-12-31/)
        return true
      })
    const [made] = await s.db.query<{ n: number }>('select count(*)::int as n from sandboxes where seed = 7')
    assert.equal(made!.n, 0, 'nothing of a refused world is written')
    const first = await createSandbox(s.db, { seed: 7, date: '2000-03-31' })
    const rows = await walk(
      s,
      '/api/creator/v1/reports?start=1999-01-01&end=2000-12-31',
      first.tokens.creator,
      'reports',
      500,
    )
    assert.ok(rows.length > 0 && rows.every((r) => r.date >= '2000-01-01'))
  })

  test('an advance past 2101-01-01 is 400 invalid_request up front and moves nothing', async () => {
    const w = await createSandbox(s.db, { seed: 7, date: '2100-12-28' })
    const token = w.tokens.creator
    const before = (await s.get(S, token)).body
    assert.equal(before.limits.days_left, 4)
    assert.equal(before.next_payday, '2101-01-01', 'the last payday is one an advance reaches')
    assert.equal(before.next_advance.date, '2100-12-29')
    const res = await s.post(ADVANCE, token, { days: 10 })
    assert.equal(res.status, 400, JSON.stringify(res.body))
    assert.equal(res.body.error.code, 'invalid_request')
    assert.equal(
      res.body.error.message,
      'days must be at most 4 for this world, at 2100-12-28: its clock stops at 2101-01-01 ' +
        '(reports are ingested through 2100-12-31)',
    )
    assert.equal((await s.get(S, token)).body.date, '2100-12-28', 'a refused advance moves nothing')
    // the days it can still move, it moves; then none
    const moved = await s.post(ADVANCE, token, { days: 4 })
    assert.equal(moved.status, 200, JSON.stringify(moved.body))
    assert.equal(moved.body.date, '2101-01-01')
    assert.equal(moved.body.days.at(-1).report_date, '2100-12-31')
    const last = await s.post(ADVANCE, token, { days: 1 })
    assert.equal(last.status, 400, JSON.stringify(last.body))
    assert.match(last.body.error.message, /^this world cannot advance: it is at 2101-01-01, and its clock stops/)
    // the world says so before it is asked: no next day, no next payday, no days left
    const end = (await s.get(S, token)).body
    assert.deepEqual([end.next_advance, end.next_payday, end.limits.days_left], [null, null, 0])
    // the refusals left no lease: the world is not held
    const [held] = await s.db.query<{ since: string | null }>(
      'select advancing_since as since from sandboxes where id = $1',
      [w.id],
    )
    assert.equal(held!.since, null)
  })
})
