// Three real `csapi serve` instances behind HAProxy (deploy/haproxy.cfg, unchanged), on one
// PostgreSQL database and one Redis: one token's rate limit is shared, a cursor from one
// instance is accepted by the others, a client walking pages completes with every row
// exactly once while one instance is SIGKILLed and another restarted with SIGTERM, and a
// guesser's forged X-Forwarded-For does not choose its address (CSAPI_TRUST_PROXY=1).
import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { Client, type FetchLike, type Report, type ReportPage } from '../../src/client/index.js'
import { openDb } from '../../src/db/index.js'
import { migrate } from '../../src/db/migrate.js'
import { hashToken, tokenId } from '../../src/tokens/tokens.js'
import { REDIS_URL, createTestDatabase, load, onPostgres, redisReachable } from '../support/helpers.js'
import { DAYS, day, fixture } from '../support/fixture.js'
import { Haproxy, Instance, findHaproxy, freePort } from '../support/balancer-kit.js'

const haproxy = findHaproxy()

const skip = !onPostgres
  ? 'needs TEST_DATABASE_URL: three processes share one PostgreSQL database'
  : !haproxy
    ? 'needs HAProxy (apt-get install haproxy)'
    : !(await redisReachable(REDIS_URL))
      ? `needs Redis at ${REDIS_URL} (set TEST_REDIS_URL)`
      : false

// Small enough to drain in a second, large enough for each walk (its own token) to fit in.
const BURST = 100
const PER_MINUTE = 60
const WALKERS = 4
const FAILURES_BURST = 20
const PAGE = 2 // cr_a, the fixture's largest creator: 121 rows, 61 pages
const REPORTS = { start: day(0), end: day(DAYS - 1), limit: PAGE }

// Tokens unique to this run: Redis keys are per token and outlive a run by up to a minute.
const run = randomBytes(6).toString('hex')
const tokens = {
  limited: `lb_${run}_limited`,
  base: `lb_${run}_baseline`,
  hop: `lb_${run}_hop`,
  nat: `lb_${run}_nat`,
  walkers: Array.from({ length: WALKERS }, (_, i) => `lb_${run}_walk${i}`),
}
const all = [tokens.limited, tokens.base, tokens.hop, tokens.nat, ...tokens.walkers]

function dataset() {
  const d = fixture()
  return {
    ...d,
    api_tokens: [...d.api_tokens, ...all.map((token) => ({ account_id: 'cr_a', token, name: 'balancer test' }))],
  }
}

/** A fetch that counts attempts, and why those that failed did. */
function counting() {
  const count = { attempts: 0, failures: [] as string[] }
  const counted: FetchLike = async (url, init) => {
    count.attempts++
    try {
      const res = await fetch(url, init)
      if (!res.ok) count.failures.push(`HTTP ${res.status}`)
      return res
    } catch (err) {
      count.failures.push(String((err as { cause?: unknown }).cause ?? err))
      throw err
    }
  }
  return { count, fetch: counted }
}

const key = (r: Report) => JSON.stringify(r)

test(
  'three instances behind HAProxy share limits and cursors, and a walk survives SIGKILL and a SIGTERM restart',
  { skip, timeout: 180_000 },
  async (t) => {
    const tdb = await createTestDatabase()
    const instances: Instance[] = []
    let lb: Haproxy | undefined
    // work started in the background (a restart), settled before anything is torn down
    const background: Promise<unknown>[] = []
    // a failed subtest does not throw here; it still wants the processes' logs shown
    let failed = false
    const step = (name: string, fn: (t: TestContext) => Promise<void>) =>
      t.test(name, (st) =>
        fn(st).catch((err) => {
          failed = true
          throw err
        }),
      )
    try {
      const setup = await openDb(tdb.url)
      await migrate(setup)
      await load(setup, dataset())
      await setup.close()

      const env = {
        DATABASE_URL: tdb.url,
        REDIS_URL,
        // no CSAPI_CURSOR_SECRETS: the instances share the secret generated in the database
        CSAPI_CURSOR_SECRETS: '',
        CSAPI_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
        CSAPI_RATE_LIMIT_BURST: String(BURST),
        // every token here is cr_a's: the account's budget must not be what limits
        CSAPI_ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
        CSAPI_AUTH_FAILURES_BURST: String(FAILURES_BURST),
        // one balancer in front, as docs/deployment.md says for deploy/haproxy.cfg
        CSAPI_TRUST_PROXY: '1',
        // three servers, HAProxy and the test on a small machine: no shedding on a slow start
        CSAPI_MAX_EVENT_LOOP_DELAY_MS: '0',
        LOG_LEVEL: 'info',
      }
      for (const name of ['app1', 'app2', 'app3']) instances.push(new Instance(name, await freePort(), env))
      const [a, b, c] = instances as [Instance, Instance, Instance]
      const started = Date.now()
      await Promise.all(instances.map((i) => i.start()))
      for (const i of instances)
        assert.ok(i.life.out().includes('"rateLimitStore":"redis"'), `${i.name} limits in Redis`)

      const lbBind = `127.0.0.1:${await freePort()}`
      lb = await Haproxy.start(haproxy!, {
        CSAPI_LB_BIND: lbBind,
        CSAPI_LB_STATS_BIND: `127.0.0.1:${await freePort()}`,
        CSAPI_APP1: `127.0.0.1:${a.port}`,
        CSAPI_APP2: `127.0.0.1:${b.port}`,
        CSAPI_APP3: `127.0.0.1:${c.port}`,
      })
      await lb.waitForStates({ app1: 'UP', app2: 'UP', app3: 'UP' })
      const checks = await lb.stats()
      for (const n of ['app1', 'app2', 'app3'])
        assert.equal(checks[`csapi/${n}`]!.check_status, 'L7OK', `${n} passed its /readyz check`)
      t.diagnostic(`3 instances and HAProxy up in ${Date.now() - started} ms`)
      const lbBase = `http://${lbBind}`

      await step("one token's allowance is shared by the instances, not tripled", async (t) => {
        const url = `${lbBase}/api/creator/v1/brands?limit=1`
        const statuses: number[] = []
        const began = Date.now()
        // six at a time through the balancer, which spreads them round-robin
        let n = 0
        await Promise.all(
          Array.from({ length: 6 }, async () => {
            while (n < 3 * BURST) {
              n++
              const res = await fetch(url, { headers: { authorization: `Bearer ${tokens.limited}` } })
              await res.arrayBuffer()
              statuses.push(res.status)
            }
          }),
        )
        const seconds = (Date.now() - began) / 1000
        const admitted = statuses.filter((s) => s === 200).length
        const refused = statuses.filter((s) => s === 429).length
        assert.equal(admitted + refused, statuses.length, `only 200 and 429: ${[...new Set(statuses)]}`)
        // the bucket refills at PER_MINUTE/60 a second while the requests run
        const refill = Math.ceil((seconds * PER_MINUTE) / 60) + 1
        assert.ok(
          admitted >= BURST && admitted <= BURST + refill,
          `admitted ${admitted}, burst ${BURST} (+ up to ${refill} refilled)`,
        )
        const per = instances.map((i) => {
          const lines = i.requests().filter((l) => l.route === '/api/creator/v1/brands')
          return {
            name: i.name,
            ok: lines.filter((l) => l.status === 200).length,
            limited: lines.filter((l) => l.status === 429).length,
          }
        })
        for (const p of per) {
          assert.ok(p.ok + p.limited >= BURST * 0.8, `${p.name} answered its share: ${JSON.stringify(per)}`)
          assert.ok(
            p.ok < BURST && p.limited > 0,
            `${p.name} refused once the shared bucket was empty: ${JSON.stringify(per)}`,
          )
        }
        t.diagnostic(
          `${statuses.length} requests in ${seconds.toFixed(1)} s: ${admitted} admitted (burst ` +
            `${BURST}; without sharing up to ${3 * BURST}), ${refused} got 429; ` +
            per.map((p) => `${p.name} ${p.ok}/${p.ok + p.limited}`).join(', '),
        )
      })

      // the reference: one walk through the balancer, nothing failing
      const baseline = new Client({ baseUrl: lbBase, token: tokens.base })
      const pages: ReportPage[] = []
      for await (const p of baseline.creator.reports.list(REPORTS).pages()) pages.push(p)
      const rows = pages.flatMap((p) => p.reports)
      assert.ok(pages.length >= 50, `${pages.length} pages`)
      assert.equal(new Set(rows.map(key)).size, rows.length, 'no row twice in the reference walk')

      await step('a cursor issued by one instance is accepted by the others', async (t) => {
        // each page straight from the next instance, so every cursor is used where it was not issued
        let call = 0
        const hop: FetchLike = (url, init) => fetch(url.replace(lbBase, instances[call++ % 3]!.base), init)
        const client = new Client({ baseUrl: lbBase, token: tokens.hop, fetch: hop, maxRetries: 0 })
        const got = await client.creator.reports.list(REPORTS).toArray()
        assert.equal(call, pages.length, 'one request per page')
        assert.deepEqual(got, rows)
        t.diagnostic(
          `${call} pages, each from a different instance than the previous one: same ${got.length} ` +
            `rows in the same order`,
        )
      })

      await step(
        'a walk completes with every row once while one instance is killed and another restarted',
        async (t) => {
          const began = Date.now()
          const events: string[] = []
          const at = (label: string) => events.push(`${label} @ +${Date.now() - began} ms`)
          let killed: Promise<number | null> | undefined
          let stopped: number | null | undefined
          let restarted: Promise<void> | undefined
          // walker 0 drives the faults by its page count; all walkers wait at page 40 until the
          // restarted instance is back in rotation, so that it serves the end of the walks.
          const onPage = async (walker: number, page: number) => {
            if (walker === 0 && page === 10) {
              at(`SIGKILL app1's server process ${a.life.server.pid}`)
              killed = a.kill()
            }
            if (walker === 0 && page === 20) {
              at(`SIGTERM app2 (${b.life.server.pid})`)
              restarted = b.stop().then(async (code) => {
                stopped = code
                at(`app2 exited ${code}`)
                await b.start()
                at('app2 started again')
                await lb!.waitForStates({ app2: 'UP' })
                at('HAProxy has app2 UP')
              })
              background.push(restarted)
            }
            if (page === 40) await restarted
          }
          const results = await Promise.all(
            tokens.walkers.map(async (token, w) => {
              const { count, fetch } = counting()
              const client = new Client({ baseUrl: lbBase, token, fetch, maxRetries: 5, timeoutMs: 10_000 })
              const got: Report[] = []
              let page = 0
              for await (const p of client.creator.reports.list(REPORTS).pages()) {
                got.push(...p.reports)
                await onPage(w, ++page)
              }
              return { got, page, ...count }
            }),
          )
          const took = Date.now() - began

          for (const [w, r] of results.entries()) {
            assert.equal(new Set(r.got.map(key)).size, r.got.length, `walker ${w}: no row twice`)
            assert.deepEqual(r.got, rows, `walker ${w}: the reference walk's rows, in its order`)
          }
          assert.equal(await killed, 128 + 9, 'app1 ends with SIGKILL (137)')
          assert.equal(stopped, 0, 'app2 drained and exited 0 on SIGTERM')
          const s = await lb!.stats()
          assert.equal(s['csapi/app1']!.status, 'DOWN', 'HAProxy took the killed instance out')
          assert.equal(s['csapi/app2']!.status, 'UP')
          const fresh = b.requests().filter((l) => l.route === '/api/creator/v1/reports').length
          assert.ok(fresh > 0, 'the restarted app2 served part of the walks')

          const retries = results.map((r) => r.attempts - r.page)
          const failures = results.flatMap((r) => r.failures)
          t.diagnostic(events.join('; '))
          t.diagnostic(
            `${WALKERS} walkers × ${pages.length} pages × ${PAGE} rows in ${took} ms: every walk = ` +
              `the reference (${rows.length} rows, no duplicate, none missing); ` +
              `client retries per walker ` +
              `${retries.join('/')}${failures.length ? ` (${[...new Set(failures)].join('; ')})` : ''}; ` +
              `HAProxy: ${s['csapi/BACKEND']!.wredis} requests redispatched, ` +
              `${s['csapi/BACKEND']!.wretr} retried; connection / response errors ` +
              ['app1', 'app2', 'app3']
                .map((n) => `${n} ${s[`csapi/${n}`]!.econ}/${s[`csapi/${n}`]!.eresp}`)
                .join(', ') +
              `; the restarted app2 served ${fresh} pages`,
          )
        },
      )

      await step("a guesser's forged X-Forwarded-For does not choose its address", async (t) => {
        // a colleague's token, used before, on every live instance
        for (const i of [b, c]) {
          const res = await fetch(`${i.base}/api/creator/v1/brands?limit=1`, {
            headers: { authorization: `Bearer ${tokens.nat}` },
          })
          assert.equal(res.status, 200)
        }
        const statuses: number[] = []
        const began = Date.now()
        for (let i = 0; i < 3 * FAILURES_BURST; i++) {
          const res = await fetch(`${lbBase}/api/creator/v1/brands?limit=1`, {
            // a different address each time, as a guesser would write to get a fresh bucket
            headers: { authorization: `Bearer csapi_guess_${run}_${i}`, 'x-forwarded-for': `198.18.0.${i % 250}` },
          })
          await res.arrayBuffer()
          statuses.push(res.status)
        }
        const refill = Math.ceil(((Date.now() - began) / 60_000) * 120) + 1
        const unauthorized = statuses.filter((s) => s === 401).length
        const limited = statuses.filter((s) => s === 429).length
        assert.equal(unauthorized + limited, statuses.length, `only 401 and 429: ${[...new Set(statuses)]}`)
        assert.ok(
          unauthorized <= FAILURES_BURST + refill && limited > 0,
          `${unauthorized} × 401 and ${limited} × 429: the guesses share the address HAProxy appended`,
        )
        // the colleague behind the same address is not locked out
        for (let i = 0; i < 4; i++) {
          const res = await fetch(`${lbBase}/api/creator/v1/brands?limit=1`, {
            headers: { authorization: `Bearer ${tokens.nat}`, 'x-forwarded-for': '198.18.0.1' },
          })
          assert.equal(res.status, 200)
        }
        t.diagnostic(`${statuses.length} guesses with forged X-Forwarded-For: ${unauthorized} × 401, ${limited} × 429`)
      })

      await step('HAProxy bounds the open connections of one client address', async (t) => {
        const [host, port] = lbBind.split(':') as [string, string]
        // from an address of its own, which no other connection of the test uses
        const sockets = Array.from({ length: 110 }, () =>
          connect({ port: Number(port), host, localAddress: '127.0.0.2' }).on('error', () => {}),
        )
        // HAProxy accepts each, then closes (resets) those over its bound
        await sleep(1000)
        const open = sockets.filter((s) => !s.destroyed).length
        for (const s of sockets) s.destroy()
        assert.equal(open, 100, `${open} of 110 connections stayed open`)
        t.diagnostic(`${open} of 110 idle connections from one address stayed open`)
      })
    } catch (err) {
      failed = true
      throw err
    } finally {
      await Promise.allSettled(background)
      if (failed) {
        const tail = (title: string, text: string) =>
          [title, ...text.trimEnd().split('\n').slice(-25)].forEach((l) => t.diagnostic(l))
        if (lb) tail('HAProxy log, last lines:', lb.log())
        for (const i of instances)
          for (const [n, life] of i.lives.entries()) tail(`${i.name} (run ${n + 1}), last lines:`, life.out())
      }
      await lb?.stop()
      for (const i of instances) i.destroy()
      await Promise.all(instances.flatMap((i) => i.lives.map((l) => l.exited)))
      await tdb.drop()
      const r = new Redis(REDIS_URL)
      await r.del(...all.map((tok) => `csapi:rl:tok:${tokenId(hashToken(tok))}`), 'csapi:rl:ip:127.0.0.1')
      r.disconnect()
    }
  },
)
