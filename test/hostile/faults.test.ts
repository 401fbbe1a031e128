// Database faults: a TCP proxy between the app and PostgreSQL is cut while requests are in
// flight and later restored; a lock makes a statement outlive its timeout. The service answers
// 503 quickly, /readyz follows, and it serves again by itself.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { buildApp } from '../../src/http/app.js'
import { isUnavailable, openDb, type Db } from '../../src/db/index.js'
import { CURSOR_SECRET, createTestDatabase, load, onPostgres, type TestDatabase } from '../support/helpers.js'
import { TOKENS, fixture } from '../support/fixture.js'
import { CuttableProxy } from '../support/cuttable-proxy.js'

const skip = onPostgres
  ? false
  : 'needs PostgreSQL: set TEST_DATABASE_URL (PGlite runs in-process, there is no connection to cut)'
const BRANDS = '/api/creator/v1/brands'
const auth = { authorization: `Bearer ${TOKENS.cr_a}` }

describe('database outage', { skip }, () => {
  let t: TestDatabase
  let proxy: CuttableProxy
  let db: Db
  before(async () => {
    t = await createTestDatabase({ migrated: true })
    const direct = await openDb(t.url)
    await load(direct, fixture())
    await direct.close()
    const url = new URL(t.url)
    proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) })
    url.port = String(await proxy.listen())
    db = await openDb(url.toString(), { poolSize: 4, statementTimeoutMs: 2000, connectTimeoutMs: 500 })
  })
  after(async () => {
    await db?.close()
    await proxy?.close()
    await t?.drop()
  })

  test(
    'requests in flight and new ones get 503 within a second, /readyz is 503, and service ' + 'resumes without restart',
    async (t) => {
      const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
      try {
        assert.equal((await app.inject({ url: BRANDS, headers: auth })).statusCode, 200)
        assert.equal((await app.inject({ url: '/readyz' })).statusCode, 200)

        // Steady load from several workers while the connection is cut and restored.
        const results: { start: number; end: number; status: number; retryAfter?: string; body: string }[] = []
        let running = true
        const worker = async () => {
          while (running) {
            const start = Date.now()
            const res = await app.inject({ url: `${BRANDS}?limit=100`, headers: auth })
            results.push({
              start,
              end: Date.now(),
              status: res.statusCode,
              retryAfter: res.headers['retry-after'] as string | undefined,
              body: res.body,
            })
          }
        }
        const workers = Array.from({ length: 6 }, worker)
        await sleep(300)
        const cutAt = Date.now()
        proxy.cut()
        await sleep(1500)
        const ready = await app.inject({ url: '/readyz' })
        assert.equal(ready.statusCode, 503)
        assert.equal(ready.json().error.code, 'service_unavailable')
        const restoredAt = Date.now()
        proxy.restore()
        let back = false
        while (!back && Date.now() - restoredAt < 10_000) {
          await sleep(100)
          back = (await app.inject({ url: '/readyz' })).statusCode === 200
        }
        running = false
        await Promise.all(workers)
        assert.ok(back, '/readyz did not recover within 10 s of the database returning')

        for (const r of results) {
          assert.ok(r.status === 200 || r.status === 503, `status ${r.status}: ${r.body.slice(0, 200)}`)
          if (r.status === 503) {
            assert.deepEqual(JSON.parse(r.body), {
              error: {
                code: 'service_unavailable',
                message: 'the service is temporarily unavailable; retry after the number of seconds in Retry-After',
              },
            })
            assert.ok(Number(r.retryAfter) >= 1, 'Retry-After')
          }
        }
        const duringOutage = results.filter((r) => r.end > cutAt && r.start < restoredAt)
        const failed = duringOutage.filter((r) => r.status === 503)
        assert.ok(failed.length > 0, 'no request saw the outage')
        const slowest = Math.max(...failed.map((r) => r.end - Math.max(r.start, cutAt)))
        assert.ok(slowest < 1000, `a 503 took ${slowest} ms after the cut`)
        t.diagnostic(
          `${results.length} requests; ${failed.length} answered 503 during the outage, the slowest ` +
            `${slowest} ms after the cut`,
        )
        const afterBack = results.filter((r) => r.start > restoredAt + 2000)
        assert.ok(
          afterBack.every((r) => r.status === 200),
          'once back, every request succeeds',
        )
        assert.equal((await app.inject({ url: BRANDS, headers: auth })).statusCode, 200)
      } finally {
        await app.close()
      }
    },
  )
})

describe('statement timeout', { skip }, () => {
  test(
    'a query blocked past the statement timeout is cancelled and answered 503, and the next ' + 'request is served',
    async () => {
      const t = await createTestDatabase({ migrated: true })
      const setup = await openDb(t.url)
      await load(setup, fixture())
      await setup.close()
      const db = await openDb(t.url, { poolSize: 2, statementTimeoutMs: 300, connectTimeoutMs: 500 })
      const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
      const locker = new pg.Client({ connectionString: t.url })
      await locker.connect()
      try {
        await locker.query('begin')
        await locker.query('lock table brands in access exclusive mode')
        const start = Date.now()
        const res = await app.inject({ url: BRANDS, headers: auth })
        const took = Date.now() - start
        assert.equal(res.statusCode, 503)
        assert.equal(res.json().error.code, 'service_unavailable')
        assert.ok(took >= 250 && took < 2000, `answered after ${took} ms`)
        await locker.query('rollback')
        assert.equal((await app.inject({ url: BRANDS, headers: auth })).statusCode, 200)
      } finally {
        await locker.end()
        await app.close()
        await db.close()
        await t.drop()
      }
    },
  )
})

test('a statement on a connection gone silent fails a second after the statement timeout', { skip }, async () => {
  const t = await createTestDatabase()
  const url = new URL(t.url)
  const proxy = new CuttableProxy({ host: url.hostname, port: Number(url.port || 5432) })
  url.port = String(await proxy.listen())
  const db = await openDb(url.toString(), { poolSize: 1, statementTimeoutMs: 300, connectTimeoutMs: 2000 })
  try {
    assert.deepEqual(await db.query('select 1 as one'), [{ one: 1 }])
    proxy.silence()
    const start = Date.now()
    // the server never hears the statement, so it cannot cancel it: only the client's deadline ends it
    const err = await db.query('select 2 as two').then(
      () => assert.fail('the statement answered through a silent connection'),
      (e: unknown) => e,
    )
    const took = Date.now() - start
    assert.ok(isUnavailable(err), `a lost connection (503), not: ${String(err)}`)
    assert.ok(took >= 1250 && took < 2500, `given up after ${took} ms (statement timeout 300 ms + 1 s)`)
    // the pool dropped that connection: the next statement gets a new one and is answered
    assert.deepEqual(await db.query('select 3 as three'), [{ three: 3 }])

    // in a transaction too: each statement, and the rollback after it, gives up in time
    const started = Date.now()
    const txErr = await db
      .transaction(async (tx) => {
        await tx.query('select 4')
        proxy.silence()
        await tx.query('select 5')
      })
      .then(
        () => assert.fail('the transaction committed through a silent connection'),
        (e: unknown) => e,
      )
    const txTook = Date.now() - started
    assert.ok(isUnavailable(txErr), `a lost connection (503), not: ${String(txErr)}`)
    assert.ok(txTook >= 1250 && txTook < 5000, `transaction given up after ${txTook} ms`)
    assert.deepEqual(await db.query('select 6 as six'), [{ six: 6 }])
  } finally {
    await db.close()
    await proxy.close()
    await t.drop()
  }
})

test('a pool with every connection busy answers 503 after the acquisition timeout, not never', { skip }, async () => {
  const t = await createTestDatabase({ migrated: true })
  const setup = await openDb(t.url)
  await load(setup, fixture())
  await setup.close()
  const db = await openDb(t.url, { poolSize: 1, statementTimeoutMs: 5000, connectTimeoutMs: 300 })
  const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
  try {
    // hold the only connection: waited for, as connecting takes longer than any fixed pause under load
    let holding!: () => void
    const taken = new Promise<void>((resolve) => (holding = resolve))
    const held = db.transaction(async () => {
      holding()
      await sleep(1500)
    })
    await taken
    const start = Date.now()
    const res = await app.inject({ url: BRANDS, headers: auth })
    assert.equal(res.statusCode, 503)
    assert.ok(Date.now() - start < 1000)
    await held
    assert.equal((await app.inject({ url: BRANDS, headers: auth })).statusCode, 200)
  } finally {
    await app.close()
    await db.close()
    await t.drop()
  }
})

test('a database that is not there (dropped or renamed while serving) answers 503, not 500', { skip }, async () => {
  const t = await createTestDatabase({ migrated: true })
  const url = new URL(t.url)
  url.pathname = `/${url.pathname.slice(1)}_gone`
  const gone = await openDb(url.toString(), { poolSize: 2, connectTimeoutMs: 500 })
  const app = await buildApp({ db: gone, cursorSecrets: [CURSOR_SECRET] })
  try {
    const res = await app.inject({ url: BRANDS, headers: auth })
    assert.equal(res.statusCode, 503, res.body)
    assert.equal(res.json().error.code, 'service_unavailable')
    assert.equal(res.headers['retry-after'], '1')
    assert.equal((await app.inject({ url: '/readyz' })).statusCode, 503)
  } finally {
    await app.close()
    await gone.close()
    await t.drop()
  }
})
