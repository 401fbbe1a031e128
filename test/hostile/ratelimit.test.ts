// Rate limits: a token bucket per token with the IETF RateLimit fields on every authenticated
// answer, 429 rate_limited with Retry-After, failed authentications limited per address, and
// a Redis store that two instances share.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { buildApp } from '../../src/http/app.js'
import type { Db } from '../../src/db/index.js'
import { MemoryStore } from '../../src/http/ratelimit/memory-store.js'
import { loadConfig } from '../../src/config.js'
import { RedisStore } from '../../src/http/ratelimit/redis-store.js'
import type { RateLimitOptions } from '../../src/http/plugins/rate-limit.js'
import { CURSOR_SECRET, REDIS_URL, load, openTestDb, redisReachable } from '../support/helpers.js'
import { TOKENS, fixture } from '../support/fixture.js'

let db: Db
let closeDb: () => Promise<void>
before(async () => {
  ;({ db, close: closeDb } = await openTestDb())
  await load(db, fixture())
})
after(() => closeDb())

const BRANDS = '/api/creator/v1/brands'
const limits = (o: Partial<RateLimitOptions> = {}): RateLimitOptions => ({
  perMinute: 60,
  burst: 3,
  authFailuresPerMinute: 6,
  authFailuresBurst: 2,
  ...o,
})
const app = (rateLimit: RateLimitOptions, tokenCacheMs = 0) =>
  buildApp({ db, cursorSecrets: [CURSOR_SECRET], rateLimit, tokenCacheMs })
const get = (a: Awaited<ReturnType<typeof app>>, token: string | null, ip = '127.0.0.1', url = BRANDS) =>
  a.inject({ url, remoteAddress: ip, headers: token === null ? {} : { authorization: `Bearer ${token}` } })

describe('token bucket arithmetic', () => {
  test('a bucket gives its burst at once, then one unit per 60/perMinute seconds', async () => {
    let now = 1_000_000
    const store = new MemoryStore(60_000, () => now)
    const p = { perMinute: 60, burst: 3 }
    const taken = []
    for (let i = 0; i < 4; i++) taken.push((await store.take('k', p, 1)).allowed)
    assert.deepEqual(taken, [true, true, true, false])
    const refused = await store.take('k', p, 1)
    assert.equal(refused.retryAfter, 1)
    now += 999
    assert.equal((await store.take('k', p, 1)).allowed, false, 'not a whole unit yet')
    now += 1
    assert.equal((await store.take('k', p, 1)).allowed, true)
    now += 60_000
    const full = await store.take('k', p, 0)
    assert.equal(full.remaining, 3, 'never more than the burst')
    store.sweep()
    assert.equal(store.size, 0, 'a refilled bucket is forgotten, so memory stays flat')
    await store.close()
  })
})

describe('per-token limit (in-process store)', () => {
  // With the token cache on, a known token is admitted without waiting on anything (a callback
  // hook: src/http/plugins/auth.ts); every answer must be the same either way.
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
        // another token of the same account holder has its own bucket
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

  test('the default policy is 600 a minute', async () => {
    const { loadConfig } = await import('../../src/config.js')
    const c = loadConfig({})
    assert.equal(c.rateLimitPerMinute, 600)
    assert.equal(c.rateLimitBurst, 600, "a minute's allowance at once")
    assert.deepEqual([c.authFailuresPerMinute, c.authFailuresBurst], [120, 60])
    assert.equal(loadConfig({ CSAPI_RATE_LIMIT_PER_MINUTE: '120' }).rateLimitBurst, 120)
    assert.equal(loadConfig({ CSAPI_RATE_LIMIT_BURST: '7' }).rateLimitBurst, 7)
    assert.throws(() => loadConfig({ CSAPI_RATE_LIMIT_PER_MINUTE: '0' }), /CSAPI_RATE_LIMIT_PER_MINUTE/)
  })
})

describe('failed authentications per client address', () => {
  test(
    'after the burst of failures an address gets 429 for bad tokens; valid tokens and other ' +
      'addresses are not affected',
    async () => {
      const a = await app(limits())
      try {
        assert.equal((await get(a, 'guess_1', '10.0.0.1')).statusCode, 401)
        assert.equal((await get(a, null, '10.0.0.1')).statusCode, 401)
        const res = await get(a, 'guess_2', '10.0.0.1')
        assert.equal(res.statusCode, 429)
        assert.equal(res.json().error.code, 'rate_limited')
        assert.ok(Number(res.headers['retry-after']) >= 1)
        assert.match(String(res.headers['ratelimit-policy']), /^"auth-failures";q=6;w=60$/)
        assert.equal((await get(a, null, '10.0.0.1')).statusCode, 429)
        // a valid token from the same address (a colleague behind the same NAT) is served, and
        // only its own token bucket applies
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
})

test(
  'with the production defaults, 200 bad-token requests from one address never lock out a ' + 'valid token there',
  async () => {
    const c = loadConfig({})
    const a = await app({
      perMinute: c.rateLimitPerMinute,
      burst: c.rateLimitBurst,
      authFailuresPerMinute: c.authFailuresPerMinute,
      authFailuresBurst: c.authFailuresBurst,
    })
    try {
      const statuses = new Set<number>()
      for (let i = 0; i < 200; i++) statuses.add((await get(a, `wrong_token_${i}`, '192.0.2.7')).statusCode)
      assert.deepEqual([...statuses].sort(), [401, 429], 'failures are slowed down')
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
      // failed authentications are shared too
      assert.equal((await get(one, 'guess', '10.0.0.9')).statusCode, 401)
      assert.equal((await get(two, 'guess', '10.0.0.9')).statusCode, 401)
      assert.equal((await get(one, 'guess', '10.0.0.9')).statusCode, 429)
      assert.equal(
        (await get(one, TOKENS.cr_b, '10.0.0.9')).statusCode,
        200,
        'a valid token is not refused for its address',
      )
    } finally {
      await one.close()
      await two.close()
    }
    const r = new Redis(REDIS_URL)
    const left = await r.keys(`${prefix}*`)
    r.disconnect()
    assert.ok(left.length > 0 && left.length <= 3, 'one key per bucket, each with an expiry')
  })

  test('concurrent takes from two connections never grant more than the bucket holds', { skip }, async () => {
    const prefix = `csapi:test:${randomBytes(6).toString('hex')}:`
    const stores = [new RedisStore(REDIS_URL, { prefix }), new RedisStore(REDIS_URL, { prefix })]
    await Promise.all(stores.map((s) => s.ready()))
    const policy = { perMinute: 1, burst: 20 }
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % 2]!.take('race', policy, 1)))
    await Promise.all(stores.map((s) => s.close()))
    assert.equal(results.filter((r) => r.allowed).length, 20)
  })

  test('a Redis key expires once its bucket would be full again', { skip }, async () => {
    const prefix = `csapi:test:${randomBytes(6).toString('hex')}:`
    const store = new RedisStore(REDIS_URL, { prefix })
    await store.ready()
    await store.take('k', { perMinute: 6000, burst: 10 }, 1)
    const r = new Redis(REDIS_URL)
    const ttl = await r.pttl(`${prefix}k`)
    r.disconnect()
    await store.close()
    assert.ok(ttl > 0 && ttl <= 1010, `ttl ${ttl}`)
  })
})

test('a rate-limit store that fails at once lets requests through, cached tokens included', async () => {
  class Broken extends MemoryStore {
    override takeNow(): never {
      throw new Error('broken store')
    }
  }
  const store = new Broken()
  const a = await app(limits({ store }), 5000)
  try {
    for (let i = 0; i < 5; i++) {
      const res = await get(a, TOKENS.cr_a)
      assert.equal(res.statusCode, 200)
      assert.equal(res.headers.ratelimit, undefined, 'no limit is claimed when none was checked')
    }
  } finally {
    await a.close()
  }
})

test('an unreachable rate-limit store lets requests through rather than failing them', async () => {
  const a = await app(limits({ store: new RedisStore('redis://127.0.0.1:1', { commandTimeoutMs: 200 }) }))
  try {
    const res = await get(a, TOKENS.cr_a)
    assert.equal(res.statusCode, 200)
    assert.equal(res.headers.ratelimit, undefined, 'no limit is claimed when none was checked')
  } finally {
    await a.close()
  }
})
