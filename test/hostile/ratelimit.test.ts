// Rate limits: a token bucket per token and one per account with the IETF RateLimit fields on
// every authenticated answer, 429 rate_limited with Retry-After, lookups of unknown tokens
// limited per address (before the database is asked), a Redis store that two instances share,
// and buckets in this process while the store does not answer.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/http/app.js'
import type { Db } from '../../src/db/index.js'
import { MemoryStore } from '../../src/http/ratelimit/memory-store.js'
import type { Keyed, RateLimitStore, Take } from '../../src/http/ratelimit/bucket.js'
import { loadConfig } from '../../src/config.js'
import { RedisStore } from '../../src/http/ratelimit/redis-store.js'
import { hashToken, revokeToken, tokenId } from '../../src/tokens/tokens.js'
import { addressKey, type RateLimitOptions } from '../../src/http/plugins/rate-limit.js'
import { CURSOR_SECRET, REDIS_URL, load, openTestDb, redisReachable, sample } from '../support/helpers.js'
import { TOKENS, fixture } from '../support/fixture.js'
import { CuttableProxy } from '../support/cuttable-proxy.js'

// a second and third token of account cr_a, to share its account's budget
const CR_A_2 = 'test_token_creator_a_second'
const CR_A_3 = 'test_token_creator_a_third_'

let db: Db
let closeDb: () => Promise<void>
before(async () => {
  ;({ db, close: closeDb } = await openTestDb())
  const d = fixture()
  await load(db, {
    ...d,
    api_tokens: [
      ...d.api_tokens,
      { account_id: 'cr_a', token: CR_A_2, name: 'second' },
      { account_id: 'cr_a', token: CR_A_3, name: 'third' },
    ],
  })
})
after(() => closeDb())

const BRANDS = '/api/creator/v1/brands'
const limits = (o: Partial<RateLimitOptions> = {}): RateLimitOptions => ({
  perMinute: 60,
  burst: 3,
  accountPerMinute: 600,
  accountBurst: 100,
  authFailuresPerMinute: 6,
  authFailuresBurst: 2,
  ...o,
})

/** The app's log lines, as parsed JSON. */
function logLines() {
  const lines: { msg: string; level: number }[] = []
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n')) if (l.startsWith('{')) lines.push(JSON.parse(l))
      cb()
    },
  })
  return { lines, logger: { level: 'info', stream } }
}

const app = (rateLimit: RateLimitOptions, tokenCacheMs = 0, logger?: ReturnType<typeof logLines>['logger']) =>
  buildApp({ db, cursorSecrets: [CURSOR_SECRET], rateLimit, tokenCacheMs, logger })
const get = (a: FastifyInstance, token: string | null, ip = '127.0.0.1', url = BRANDS) =>
  a.inject({ url, remoteAddress: ip, headers: token === null ? {} : { authorization: `Bearer ${token}` } })
const metric = async (a: FastifyInstance, name: string, labels: Record<string, string> = {}) =>
  sample(await a.metrics.text(), name, labels)

describe('token bucket arithmetic', () => {
  const p = { perMinute: 60, burst: 3 }
  test('a bucket gives its burst at once, then one unit per 60/perMinute seconds', async () => {
    let now = 1_000_000
    const store = new MemoryStore(60_000, () => now)
    const take = async (cost = 1) => (await store.take([{ key: 'k', policy: p }], cost))[0]!
    const taken = []
    for (let i = 0; i < 4; i++) taken.push((await take()).allowed)
    assert.deepEqual(taken, [true, true, true, false])
    const refused = await take()
    assert.equal(refused.retryAfter, 1)
    now += 999
    assert.equal((await take()).allowed, false, 'not a whole unit yet')
    now += 1
    assert.equal((await take()).allowed, true)
    now += 60_000
    const full = await take(0)
    assert.equal(full.remaining, 3, 'never more than the burst')
    store.sweep()
    assert.equal(store.size, 0, 'a refilled bucket is forgotten, so memory stays flat')
    await store.close()
  })

  test('several buckets: taken from all or from none; a negative cost gives back, up to the burst', async () => {
    const store = new MemoryStore()
    const a: Keyed = { key: 'a', policy: p }
    const b: Keyed = { key: 'b', policy: { perMinute: 60, burst: 1 } }
    const both = async (cost = 1) => (await store.take([a, b], cost)).map((t) => [t.allowed, t.remaining])
    assert.deepEqual(await both(), [
      [true, 2],
      [true, 0],
    ])
    // b is empty: nothing is taken from a either
    assert.deepEqual(await both(), [
      [true, 2],
      [false, 0],
    ])
    assert.equal((await store.take([a], 0))[0]!.remaining, 2)
    await store.take([a], -1)
    await store.take([a], -1)
    assert.equal((await store.take([a], 0))[0]!.remaining, 3, 'given back, never above the burst')
    await store.close()
  })
})

describe('per-token limit (in-process store)', () => {
  // with the token cache on, a known token is admitted without a lookup; every answer must be
  // the same either way
  for (const cacheMs of [0, 5000]) {
    const name = 'every authenticated answer carries RateLimit-Policy and RateLimit; over the burst is 429'
    test(`${name} with Retry-After (token cache ${cacheMs} ms)`, async () => {
      const a = await app(limits(), cacheMs)
      try {
        for (let i = 0; i < 3; i++) {
          const res = await get(a, TOKENS.cr_a)
          assert.equal(res.statusCode, 200)
          assert.equal(res.headers['ratelimit-policy'], '"default";q=60;w=60')
          const m = /^"default";r=(\d+);t=(\d+)$/.exec(String(res.headers.ratelimit))
          assert.ok(m, String(res.headers.ratelimit))
          assert.equal(Number(m[1]), 2 - i)
          assert.ok(Number(m[2]) >= 1 && Number(m[2]) <= 3)
        }
        const res = await get(a, TOKENS.cr_a)
        assert.equal(res.statusCode, 429)
        assert.equal(res.json().error.code, 'rate_limited')
        assert.deepEqual(Object.keys(res.json()), ['error'])
        assert.ok(Number(res.headers['retry-after']) >= 1)
        assert.match(String(res.headers.ratelimit), /^"default";r=0;t=[1-9]\d*$/)
        assert.equal(res.headers['ratelimit-policy'], '"default";q=60;w=60')
        // another account's token has its own bucket
        assert.equal((await get(a, TOKENS.cr_b)).statusCode, 200)
        // a token of the wrong role still spends its bucket and sees the fields on its 403
        const wrong = await get(a, TOKENS.sl_a)
        assert.equal(wrong.statusCode, 403)
        assert.match(String(wrong.headers.ratelimit), /^"default";r=2;/)
        const again = await get(a, TOKENS.sl_a) // from the cache, when it is on
        assert.equal(again.statusCode, 403)
        assert.equal(again.json().error.code, 'forbidden_resource')
        assert.match(String(again.headers.ratelimit), /^"default";r=1;/)
      } finally {
        await a.close()
      }
    })
  }

  test('the default policy is 600 a minute per token, twice that per account', async () => {
    const c = loadConfig({})
    assert.equal(c.rateLimitPerMinute, 600)
    assert.equal(c.rateLimitBurst, 600, "a minute's allowance at once")
    assert.deepEqual([c.accountRateLimitPerMinute, c.accountRateLimitBurst], [1200, 1200])
    assert.deepEqual([c.authFailuresPerMinute, c.authFailuresBurst], [120, 60])
    assert.equal(loadConfig({ CSAPI_RATE_LIMIT_PER_MINUTE: '120' }).rateLimitBurst, 120)
    assert.equal(loadConfig({ CSAPI_RATE_LIMIT_PER_MINUTE: '120' }).accountRateLimitPerMinute, 240)
    assert.equal(loadConfig({ CSAPI_ACCOUNT_RATE_LIMIT_PER_MINUTE: '50' }).accountRateLimitBurst, 50)
    assert.equal(loadConfig({ CSAPI_RATE_LIMIT_BURST: '7' }).rateLimitBurst, 7)
    assert.throws(() => loadConfig({ CSAPI_RATE_LIMIT_PER_MINUTE: '0' }), /CSAPI_RATE_LIMIT_PER_MINUTE/)
    assert.throws(() => loadConfig({ CSAPI_ACCOUNT_RATE_LIMIT_BURST: 'x' }), /CSAPI_ACCOUNT_RATE_LIMIT_BURST/)
  })
})

describe('per-account limit', () => {
  // refills of one per 10 s: a loaded machine's slow requests must not refill a bucket mid-test
  const slow = { perMinute: 6, accountPerMinute: 6 }
  test("an account's tokens share one budget; the answer shows the bucket nearer to empty", async () => {
    const a = await app(limits({ ...slow, burst: 3, accountBurst: 4 }))
    try {
      const seen: string[] = []
      for (const token of [TOKENS.cr_a, TOKENS.cr_a, CR_A_2, CR_A_2]) {
        const res = await get(a, token)
        assert.equal(res.statusCode, 200)
        seen.push(String(res.headers.ratelimit).split(';').slice(0, 2).join(';'))
      }
      // the token's bucket (3) until the account's (4) has fewer left
      assert.deepEqual(seen, ['"default";r=2', '"default";r=1', '"account";r=1', '"account";r=0'])
      const res = await get(a, CR_A_3)
      assert.equal(res.statusCode, 429, 'a fresh token of the account is refused: the account is spent')
      assert.equal(res.json().error.code, 'rate_limited')
      assert.equal(res.headers['ratelimit-policy'], '"account";q=6;w=60')
      assert.match(String(res.headers.ratelimit), /^"account";r=0;t=[1-9]\d*$/)
      assert.ok(Number(res.headers['retry-after']) >= 1)
      // another account is not affected
      assert.equal((await get(a, TOKENS.cr_b)).statusCode, 200)
      assert.equal(await metric(a, 'csapi_rate_limit_rejections_total', { policy: 'account' }), 1)
    } finally {
      await a.close()
    }
  })

  test("a refused request spends neither bucket: the token's 429 leaves the account's budget", async () => {
    const a = await app(limits({ ...slow, burst: 2, accountBurst: 4 }))
    try {
      for (let i = 0; i < 2; i++) assert.equal((await get(a, TOKENS.cr_a)).statusCode, 200)
      for (let i = 0; i < 5; i++) assert.equal((await get(a, TOKENS.cr_a)).statusCode, 429)
      // the account spent 2 of 4: its other token still gets 2
      assert.equal((await get(a, CR_A_2)).statusCode, 200)
      assert.equal((await get(a, CR_A_2)).statusCode, 200)
      assert.equal((await get(a, CR_A_2)).statusCode, 429)
    } finally {
      await a.close()
    }
  })
})

describe('token lookups per client address', () => {
  test(
    'after the burst of failures an address gets 429 for bad tokens; tokens known to the instance ' +
      'and other addresses are not affected',
    async () => {
      const a = await app(limits())
      try {
        // the integrators behind this address have used their tokens before
        for (const token of [TOKENS.cr_a, TOKENS.cr_b]) assert.equal((await get(a, token, '10.0.0.1')).statusCode, 200)
        assert.equal((await get(a, 'guess_1', '10.0.0.1')).statusCode, 401)
        assert.equal((await get(a, null, '10.0.0.1')).statusCode, 401)
        const res = await get(a, 'guess_2', '10.0.0.1')
        assert.equal(res.statusCode, 429)
        assert.equal(res.json().error.code, 'rate_limited')
        assert.ok(Number(res.headers['retry-after']) >= 1)
        assert.match(String(res.headers['ratelimit-policy']), /^"auth-failures";q=6;w=60$/)
        assert.equal((await get(a, null, '10.0.0.1')).statusCode, 429)
        // a known token from the same address (a colleague behind the same NAT) is served, and
        // only its own buckets apply; the token cache is off here, so it was looked up
        const valid = await get(a, TOKENS.cr_a, '10.0.0.1')
        assert.equal(valid.statusCode, 200)
        assert.match(String(valid.headers['ratelimit-policy']), /^"default";/)
        assert.equal((await get(a, TOKENS.cr_b, '10.0.0.1')).statusCode, 200)
        assert.equal((await get(a, TOKENS.cr_a, '10.0.0.2')).statusCode, 200)
        // health checks need no token and are never limited
        assert.equal((await get(a, null, '10.0.0.1', '/healthz')).statusCode, 200)
      } finally {
        await a.close()
      }
    },
  )

  test('a guessing address is refused before the database is asked; a right guess is not confirmed', async () => {
    const a = await app(limits({ authFailuresBurst: 5 }))
    try {
      const lookups = () => metric(a, 'csapi_token_lookups_total', { result: 'miss' })
      const statuses: number[] = []
      // one after another, then 50 at once: the bucket bounds the lookups either way
      for (let i = 0; i < 50; i++) statuses.push((await get(a, `csapi_guess_${i}`, '198.51.100.1')).statusCode)
      const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => get(a, `csapi_guess_b${i}`, '198.51.100.1')))
      statuses.push(...burst.map((r) => r.statusCode))
      assert.deepEqual(
        statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length,
        100,
        'only 401 and 429',
      )
      // 5 units, plus one refilled each 10 s at 6 a minute
      assert.ok((await lookups()) <= 6, `${await lookups()} database lookups for 100 guesses`)
      assert.ok(statuses.filter((s) => s === 401).length <= 6)
      // a valid token this instance has not seen, from the guessing address: refused like a guess,
      // without a lookup, so that the guesser cannot tell a right guess
      const before = await lookups()
      const right = await get(a, TOKENS.cr_c, '198.51.100.1')
      assert.equal(right.statusCode, 429)
      assert.equal(await lookups(), before)
      // from another address it is served, and from then on known: served from the guessing one too
      assert.equal((await get(a, TOKENS.cr_c, '198.51.100.2')).statusCode, 200)
      assert.equal((await get(a, TOKENS.cr_c, '198.51.100.1')).statusCode, 200)
      // a valid lookup gives its unit back: only failures count
      const fresh = await app(limits({ authFailuresBurst: 2 }))
      try {
        for (const token of [TOKENS.cr_a, TOKENS.cr_b, TOKENS.cr_c, TOKENS.sl_a, TOKENS.sl_b])
          assert.notEqual((await get(fresh, token, '198.51.100.3')).statusCode, 429)
      } finally {
        await fresh.close()
      }
    } finally {
      await a.close()
    }
  })

  test('a valid token sent on many connections at once to a new instance is looked up once, never 429', async () => {
    // a client opening 20 connections to an instance that has not seen its token yet (just
    // started, or behind a balancer); the address's failure bucket is far smaller
    const a = await app(limits({ perMinute: 6000, burst: 1000, authFailuresBurst: 2 }))
    try {
      const all = await Promise.all(Array.from({ length: 20 }, () => get(a, TOKENS.cr_a, '192.0.2.77')))
      assert.deepEqual(
        all.map((r) => r.statusCode),
        all.map(() => 200),
      )
      assert.equal(await metric(a, 'csapi_token_lookups_total', { result: 'miss' }), 1, 'one lookup for one token')
      // a bad token sent the same way still takes a unit per request: failures are counted
      const bad = await Promise.all(Array.from({ length: 6 }, () => get(a, 'csapi_guess_same', '192.0.2.78')))
      const statuses = bad.map((r) => r.statusCode)
      assert.ok(
        statuses.every((s) => s === 401 || s === 429),
        String(statuses),
      )
      assert.ok(statuses.filter((s) => s === 401).length <= 2, String(statuses))
    } finally {
      await a.close()
    }
  })

  test('an IPv6 client is its /64: a guesser cannot take a fresh bucket per address it holds', async () => {
    assert.equal(addressKey('2001:db8:0:7::1'), addressKey('2001:DB8:0:7:ffff:1:2:3'))
    assert.notEqual(addressKey('2001:db8:0:7::1'), addressKey('2001:db8:0:8::1'))
    assert.equal(addressKey('::ffff:192.0.2.1'), addressKey('192.0.2.1'))
    const a = await app(limits())
    try {
      const statuses: number[] = []
      for (let i = 1; i <= 4; i++)
        statuses.push((await get(a, `guess_${i}`, `2001:db8:0:7::${i.toString(16)}`)).statusCode)
      assert.deepEqual(statuses, [401, 401, 429, 429])
      assert.equal((await get(a, 'guess', '2001:db8:0:8::1')).statusCode, 401, 'another /64 is another client')
    } finally {
      await a.close()
    }
  })

  test('a known token that is revoked counts as a failure again', async () => {
    const token = 'test_token_revoked_while_known'
    await load(db, { api_tokens: [{ account_id: 'cr_c', token, name: 'rev' }] })
    const a = await app(limits({ authFailuresBurst: 1 }))
    try {
      assert.equal((await get(a, token, '203.0.113.5')).statusCode, 200)
      assert.ok(await revokeToken(db, tokenId(hashToken(token))))
      assert.equal((await get(a, token, '203.0.113.5')).statusCode, 401)
      // no longer known: refused before any lookup once the address's bucket is empty
      assert.equal((await get(a, token, '203.0.113.5')).statusCode, 429)
    } finally {
      await a.close()
    }
  })
})

test(
  'with the production defaults, 200 bad-token requests from one address never lock out the ' +
    'tokens used there, and none of the guesses past the burst reaches the database',
  async () => {
    const c = loadConfig({})
    const a = await app({
      perMinute: c.rateLimitPerMinute,
      burst: c.rateLimitBurst,
      accountPerMinute: c.accountRateLimitPerMinute,
      accountBurst: c.accountRateLimitBurst,
      authFailuresPerMinute: c.authFailuresPerMinute,
      authFailuresBurst: c.authFailuresBurst,
    })
    try {
      for (const token of [TOKENS.cr_a, TOKENS.cr_b]) assert.equal((await get(a, token, '192.0.2.7')).statusCode, 200)
      const lookups = await metric(a, 'csapi_token_lookups_total', { result: 'miss' })
      const statuses = new Set<number>()
      for (let i = 0; i < 200; i++) statuses.add((await get(a, `wrong_token_${i}`, '192.0.2.7')).statusCode)
      assert.deepEqual([...statuses].sort(), [401, 429], 'failures are slowed down')
      const guessed = (await metric(a, 'csapi_token_lookups_total', { result: 'miss' })) - lookups
      assert.ok(guessed <= c.authFailuresBurst + 1, `${guessed} lookups for 200 guesses`)
      for (const token of [TOKENS.cr_a, TOKENS.cr_b]) assert.equal((await get(a, token, '192.0.2.7')).statusCode, 200)
    } finally {
      await a.close()
    }
  },
)

describe('Redis store', async () => {
  const reachable = await redisReachable(REDIS_URL)
  const skip = reachable ? false : `no Redis at ${REDIS_URL} (set TEST_REDIS_URL)`

  test('two instances share one limit', { skip }, async () => {
    const prefix = `csapi:test:${randomBytes(6).toString('hex')}:`
    const stores = [new RedisStore(REDIS_URL, { prefix }), new RedisStore(REDIS_URL, { prefix })]
    await Promise.all(stores.map((s) => s.ready()))
    const one = await app(limits({ burst: 5, store: stores[0] }))
    const two = await app(limits({ burst: 5, store: stores[1] }))
    try {
      const statuses: number[] = []
      for (let i = 0; i < 8; i++) statuses.push((await get(i % 2 ? two : one, TOKENS.cr_a)).statusCode)
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429, 429], 'five in all, not five each')
      const last = await get(two, TOKENS.cr_a)
      assert.equal(last.headers['ratelimit-policy'], '"default";q=60;w=60')
      assert.ok(Number(last.headers['retry-after']) >= 1)
      // so are the account's budget and the failures of an address
      assert.equal((await get(one, TOKENS.cr_b, '10.0.0.8')).statusCode, 200)
      assert.equal((await get(one, 'guess', '10.0.0.9')).statusCode, 401)
      assert.equal((await get(two, 'guess', '10.0.0.9')).statusCode, 401)
      assert.equal((await get(one, 'guess', '10.0.0.9')).statusCode, 429)
      assert.equal((await get(one, TOKENS.cr_b, '10.0.0.9')).statusCode, 200, 'a known token is not refused')
    } finally {
      await one.close()
      await two.close()
    }
    const r = new Redis(REDIS_URL)
    const left = await r.keys(`${prefix}*`)
    const ttls = await Promise.all(left.map((k) => r.pttl(k)))
    r.disconnect()
    // cr_a's and cr_b's tokens and account, three addresses (two with their unit given back)
    assert.ok(left.length > 0 && left.length <= 7, `one key per bucket: ${left.join(' ')}`)
    assert.ok(
      ttls.every((t) => t > 0),
      'each with an expiry',
    )
  })

  test('concurrent takes from two connections never grant more than the bucket holds', { skip }, async () => {
    const prefix = `csapi:test:${randomBytes(6).toString('hex')}:`
    const stores = [new RedisStore(REDIS_URL, { prefix }), new RedisStore(REDIS_URL, { prefix })]
    await Promise.all(stores.map((s) => s.ready()))
    const buckets: Keyed[] = [
      { key: 'race', policy: { perMinute: 1, burst: 20 } },
      { key: 'race-account', policy: { perMinute: 1, burst: 30 } },
    ]
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % 2]!.take(buckets, 1)))
    const left = await stores[0]!.take(buckets, 0)
    await Promise.all(stores.map((s) => s.close()))
    assert.equal(results.filter((r) => r.every((t) => t.allowed)).length, 20)
    assert.deepEqual(
      left.map((t) => t.remaining),
      [0, 10],
      'nothing taken from the second bucket once the first was empty',
    )
  })

  test('a Redis key expires once its bucket would be full again', { skip }, async () => {
    const prefix = `csapi:test:${randomBytes(6).toString('hex')}:`
    const store = new RedisStore(REDIS_URL, { prefix })
    await store.ready()
    await store.take([{ key: 'k', policy: { perMinute: 6000, burst: 10 } }], 1)
    const r = new Redis(REDIS_URL)
    const ttl = await r.pttl(`${prefix}k`)
    r.disconnect()
    await store.close()
    assert.ok(ttl > 0 && ttl <= 1010, `ttl ${ttl}`)
  })

  test(
    'Redis cut off: limits hold in this process, said in a metric and a log line; shared again once back',
    { skip },
    async () => {
      const target = new URL(REDIS_URL)
      const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 6379) })
      const url = new URL(REDIS_URL)
      url.port = String(await proxy.listen())
      const prefix = `csapi:test:${randomBytes(6).toString('hex')}:`
      const store = new RedisStore(url.toString(), { prefix, commandTimeoutMs: 200 })
      await store.ready()
      const log = logLines()
      const a = await app(limits({ burst: 3, store }), 0, log.logger)
      try {
        assert.equal((await get(a, TOKENS.cr_a)).statusCode, 200)
        assert.equal(await metric(a, 'csapi_rate_limit_fallback'), 0)
        proxy.cut()
        const statuses: number[] = []
        for (let i = 0; i < 5; i++) {
          const res = await get(a, TOKENS.cr_b)
          statuses.push(res.statusCode)
          assert.match(String(res.headers.ratelimit), /^"default";r=\d+;t=\d+$/, 'a limit was checked')
        }
        assert.deepEqual(statuses, [200, 200, 200, 429, 429], 'the limit holds without Redis')
        assert.equal(await metric(a, 'csapi_rate_limit_fallback'), 1)
        assert.ok((await metric(a, 'csapi_rate_limit_fallback_checks_total')) >= 5)
        const down = log.lines.filter((l) => /rate limit store unavailable/.test(l.msg))
        assert.equal(down.length, 1, 'one log line, not one per request')
        assert.equal(down[0]!.level, 40, 'a warning')
        // failed authentications are limited too
        const guesses = []
        for (let i = 0; i < 4; i++) guesses.push((await get(a, `guess_${i}`, '10.9.9.9')).statusCode)
        assert.deepEqual(guesses, [401, 401, 429, 429])

        proxy.restore()
        let back = false
        for (let i = 0; i < 50 && !back; i++) {
          await sleep(100)
          await get(a, TOKENS.cr_c)
          back = (await metric(a, 'csapi_rate_limit_fallback')) === 0
        }
        assert.ok(back, 'Redis answers again')
        assert.ok(log.lines.some((l) => /limits are shared again/.test(l.msg)))
        const r = new Redis(REDIS_URL)
        const keys = await r.keys(`${prefix}*`)
        r.disconnect()
        assert.ok(keys.length > 0, 'buckets are in Redis again')
      } finally {
        await a.close()
        await proxy.close()
      }
    },
  )
})

test('a rate-limit store that fails keeps its limits in this process instead', async () => {
  class Broken implements RateLimitStore {
    calls = 0
    async take(): Promise<Take[]> {
      this.calls++
      throw new Error('broken store')
    }
    async close() {}
  }
  const store = new Broken()
  const log = logLines()
  const a = await app(limits({ store }), 5000, log.logger)
  try {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const res = await get(a, TOKENS.cr_a)
      statuses.push(res.statusCode)
      assert.match(String(res.headers.ratelimit), /^"default";/)
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429])
    assert.equal(store.calls, 1, 'not asked again within a second of failing: no request waits on it')
    assert.equal(await metric(a, 'csapi_rate_limit_fallback'), 1)
    assert.equal(log.lines.filter((l) => /rate limit store unavailable/.test(l.msg)).length, 1)
  } finally {
    await a.close()
  }
})

test('an unreachable rate-limit store: limits are kept in this process rather than dropped', async () => {
  const a = await app(limits({ store: new RedisStore('redis://127.0.0.1:1', { commandTimeoutMs: 200 }) }))
  try {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await get(a, TOKENS.cr_a)).statusCode)
    assert.deepEqual(statuses, [200, 200, 200, 429])
  } finally {
    await a.close()
  }
})
