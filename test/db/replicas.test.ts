// Reads over real PostgreSQL streaming replicas (test/support/pg-cluster.ts): a primary of its own, a
// replica that keeps up and one that lags (recovery_min_apply_delay), behind the real app.
// - reads keep answering with the primary stopped; /readyz says which databases answer
// - a replica stopped: reads move to the others at once and come back when it returns
// - lag is reported, and a replica lagging more than the limit gets no reads
// - a walk served by replicas at different positions sees every row once
// PostgreSQL only (the PGlite run has no replicas to read from).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { openDb, type Db } from '../../src/db/index.js'
import { migrate } from '../../src/db/migrate.js'
import { ReadRouter } from '../../src/db/replicas.js'
import { buildApp } from '../../src/http/app.js'
import { CURSOR_SECRET, load, onPostgres } from '../support/helpers.js'
import { DAYS, TOKENS, day, fixture } from '../support/fixture.js'
import { removeAll, startPrimary, startReplica, waitForReplay, type PgNode } from '../support/pg-cluster.js'

const skip = onPostgres ? false : 'replicas need PostgreSQL: runs with TEST_DATABASE_URL'

describe('reads over streaming replicas', { skip }, () => {
  let primary: PgNode
  let fast: PgNode
  let slow: PgNode
  let db: Db
  let replicas: Db[]
  const apps: { app: FastifyInstance; reads: ReadRouter }[] = []

  before(async () => {
    primary = await startPrimary()
    db = await openDb(primary.url(), { poolSize: 4, connectTimeoutMs: 500 })
    await migrate(db)
    await load(db, fixture())
    fast = await startReplica(primary)
    slow = await startReplica(primary, { applyDelayMs: 1500 })
    await waitForReplay(primary, fast)
    await waitForReplay(primary, slow)
    replicas = await Promise.all([fast, slow].map((n) => openDb(n.url(), { poolSize: 4, connectTimeoutMs: 500 })))
  })
  after(async () => {
    for (const a of apps) await a.app.close()
    await Promise.all([db, ...replicas].map((d) => d?.close().catch(() => {})))
    await removeAll()
  })

  async function app(maxLagMs: number): Promise<{ app: FastifyInstance; reads: ReadRouter }> {
    const reads = new ReadRouter(db, replicas, { maxLagMs, checkEveryMs: 100 })
    await reads.start()
    const a = await buildApp({ db, reads, cursorSecrets: [CURSOR_SECRET], tokenCacheMs: 0 })
    apps.push({ app: a, reads })
    return { app: a, reads }
  }
  const get = async (a: FastifyInstance, url: string, token: string = TOKENS.cr_a) => {
    const res = await a.inject({ url, headers: { authorization: `Bearer ${token}` } })
    return { status: res.statusCode, body: res.json() }
  }

  const range = `start=${day(0)}&end=${day(DAYS - 1)}`
  const walk = async (a: FastifyInstance, limit: number, between?: () => Promise<void>) => {
    const rows: string[] = []
    let cursor: string | null = null
    do {
      const res = await get(
        a,
        `/api/creator/v1/reports?${range}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )
      assert.equal(res.status, 200, JSON.stringify(res.body))
      rows.push(
        ...res.body.reports.map(
          (r: { date: string; link: { id: string }; product_id: string; marketplace: string }) =>
            `${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`,
        ),
      )
      cursor = res.body.next_cursor
      if (between) await between()
    } while (cursor)
    return rows
  }

  test('reads go to the replicas; /readyz lists every database with its lag', async () => {
    const { app: a, reads: router } = await app(30_000)
    for (let i = 0; i < 10; i++) assert.equal((await get(a, '/api/creator/v1/brands')).status, 200)
    const [p, r1, r2] = router.nodes.map((n) => n.reads)
    assert.ok(r1! + r2! >= 20 && p === 0, `reads on the replicas, none on the primary (${p}, ${r1}, ${r2})`)
    const ready = await a.inject({ url: '/readyz' })
    assert.equal(ready.statusCode, 200)
    const dbs = ready.json().databases
    assert.deepEqual(
      dbs.map((d: { name: string; role: string; up: boolean }) => [d.name, d.role, d.up]),
      [
        ['primary', 'primary', true],
        ['replica 1', 'replica', true],
        ['replica 2', 'replica', true],
      ],
    )
  })

  test('a replica lagging more than the limit gets no reads, and its lag is reported', async () => {
    const { app: a, reads: router } = await app(500)
    // commits every 100 ms for the delayed replica to wait on, so that it stays behind for the
    // whole test however slow the machine (one commit alone is replayed 1.5 s later)
    let writing = true
    const writer = (async () => {
      while (writing) {
        await db.query(`update links set tracking_id = tracking_id where id = 'l_a1'`)
        await sleep(100)
      }
    })()
    try {
      let lag = 0
      for (let i = 0; i < 60 && lag < 600; i++) {
        await router.check()
        lag = router.replicas[1]!.lagMs ?? 0
        if (lag < 600) await sleep(50)
      }
      assert.ok(lag >= 600, `the delayed replica reports its lag (${lag} ms)`)
      assert.equal(router.replicas[1]!.serving, false, 'beyond CSAPI_REPLICA_MAX_LAG_MS: no reads')
      const ready = (await a.inject({ url: '/readyz' })).json()
      assert.ok(ready.databases[2].lag_ms >= 500 && ready.databases[2].serving === false, JSON.stringify(ready))
      for (let i = 0; i < 6; i++) {
        const reader = router.reader()
        await reader.query('select 1')
        assert.notEqual(reader.served?.name, 'replica 2')
      }
    } finally {
      writing = false
      await writer
    }
    await waitForReplay(primary, slow)
  })

  test(
    'a walk whose first page saw rows a lagging replica lacks never reads a later page there: ' + 'every row once',
    async () => {
      const { app: a, reads: router } = await app(30_000) // the lagging replica may serve
      // rows committed right before the walk: on the primary and the fast replica, not yet on the slow one
      await load(db, {
        report_rows: Array.from({ length: 2 * DAYS }, (_, i) => ({
          date: day(i % DAYS),
          link_id: 'l_a2',
          product_id: 'p_active_03',
          marketplace: i < DAYS ? 'US' : 'DE',
          currency: i < DAYS ? 'USD' : 'EUR',
          sales_cents: 100,
          commission_cents: 10,
          commission_status: 'pending',
          orders: 1,
          units_sold: 1,
          clicks: 2,
          detail_page_views: 1,
          add_to_carts: 0,
        })),
      })
      await waitForReplay(primary, fast)
      const expected = (
        await db.query<{ k: string }>(
          `select r.date || '|' || r.link_id || '|' || r.product_id || '|' || r.marketplace as k
           from report_rows r where r.creator_id = 'cr_a' order by r.date, r.id`,
        )
      ).map((r) => r.k)
      // The first page from the fast replica; after it the slow one serves as any replica within
      // the lag limit would (the checker is paused so that the states stay as set).
      router.stop()
      await router.check()
      const slowNode = router.replicas[1]!
      const slowLacks =
        (
          await slow.query<{ n: string }>(
            `select count(*)::text as n from report_rows where product_id = 'p_active_03'`,
          )
        )[0]!.n === '0'
      assert.ok(slowLacks, 'the slow replica has not replayed the new rows yet')
      slowNode.serving = false
      let first = true
      const got = await walk(a, 7, async () => {
        if (first) slowNode.serving = true
        first = false
      })
      assert.deepEqual(got, expected, 'every row once, in order: none of the new rows skipped')
      assert.equal(slowNode.reads, 0, 'no page was read from the replica that lacked them')
      // without a floor the slow replica would have been a candidate: the floor is what kept it out
      assert.ok(router.candidates(null).includes(slowNode))
      await waitForReplay(primary, slow)
    },
  )

  test('a replica stopped: reads move at once and come back when it returns', async () => {
    const { app: a, reads: router } = await app(30_000)
    await fast.stop('immediate')
    const t0 = Date.now()
    for (let i = 0; i < 20; i++) assert.equal((await get(a, '/api/creator/v1/brands')).status, 200)
    assert.ok(Date.now() - t0 < 5000)
    assert.equal(router.replicas[0]!.up, false)
    await fast.start()
    let back = false
    for (let i = 0; i < 100 && !back; i++) {
      await sleep(50)
      back = router.replicas[0]!.serving
    }
    assert.ok(back, 'the replica serves again without a restart')
    const before = router.replicas[0]!.reads
    for (let i = 0; i < 10; i++) assert.equal((await get(a, '/api/creator/v1/brands')).status, 200)
    assert.ok(router.replicas[0]!.reads > before, 'reads reach it again')
  })

  test(
    'with the primary stopped, every read endpoint answers from the replicas; /readyz says ' + 'the primary is down',
    async () => {
      const { app: a } = await app(30_000)
      await waitForReplay(primary, slow)
      await primary.stop('immediate')
      try {
        for (const [url, token] of [
          ['/api/creator/v1/brands', TOKENS.cr_a],
          [`/api/creator/v1/reports?${range}&limit=5`, TOKENS.cr_a],
          [`/api/creator/v1/reports?${range}&brand_id=b_noads`, TOKENS.cr_a],
          ['/api/seller/v1/brands', TOKENS.sl_a],
          ['/api/seller/v1/products?brand_id=b_active', TOKENS.sl_a],
        ] as const) {
          const res = await get(a, url, token)
          assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`)
        }
        const walked = await walk(a, 50)
        assert.ok(walked.length > 50)
        const ready = await a.inject({ url: '/readyz' })
        assert.equal(ready.statusCode, 200)
        assert.deepEqual(
          ready.json().databases.map((d: { name: string; up: boolean }) => [d.name, d.up]),
          [
            ['primary', false],
            ['replica 1', true],
            ['replica 2', true],
          ],
        )
      } finally {
        await primary.start()
      }
    },
  )
})
