// Security headers, the CORS allow-list, URL and header size limits, the token cache
// (revocation within seconds on every instance), last-used bookkeeping and load shedding.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { buildApp } from '../../src/http/app.js'
import { guardOptions } from '../../src/http/server.js'
import type { Db } from '../../src/db/index.js'
import { revokeToken, tokenId, hashToken } from '../../src/tokens/tokens.js'
import { loadConfig } from '../../src/config.js'
import { CURSOR_SECRET, load, openTestDb, sample } from '../support/helpers.js'
import { TOKENS, fixture } from '../support/fixture.js'

let db: Db
let closeDb: () => Promise<void>
before(async () => {
  ;({ db, close: closeDb } = await openTestDb())
  await load(db, fixture())
})
after(() => closeDb())

const BRANDS = '/api/creator/v1/brands'
const auth = (t: string) => ({ authorization: `Bearer ${t}` })

describe('response headers', () => {
  test('nosniff and no-store on authenticated answers, errors and health checks; no CORS by default', async () => {
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
    try {
      for (const [url, headers, status] of [
        [BRANDS, auth(TOKENS.cr_a), 200],
        [BRANDS, {}, 401],
        [BRANDS + '?limit=0', auth(TOKENS.cr_a), 400],
        ['/nope', {}, 404],
        ['/readyz', {}, 200],
      ] as const) {
        const res = await app.inject({ url, headers: { ...headers, origin: 'https://evil.example' } })
        assert.equal(res.statusCode, status, url)
        assert.equal(res.headers['x-content-type-options'], 'nosniff', url)
        assert.equal(res.headers['cache-control'], 'no-store', url)
        assert.equal(res.headers['access-control-allow-origin'], undefined, url)
      }
      const pre = await app.inject({
        method: 'OPTIONS',
        url: BRANDS,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      })
      assert.equal(pre.headers['access-control-allow-origin'], undefined)
    } finally {
      await app.close()
    }
  })

  test('CORS answers only the allow-listed origins', async () => {
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET], corsOrigins: ['https://app.example.com'] })
    try {
      const ok = await app.inject({ url: BRANDS, headers: { ...auth(TOKENS.cr_a), origin: 'https://app.example.com' } })
      assert.equal(ok.headers['access-control-allow-origin'], 'https://app.example.com')
      assert.match(String(ok.headers['access-control-expose-headers']), /RateLimit/)
      const pre = await app.inject({
        method: 'OPTIONS',
        url: BRANDS,
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      })
      assert.equal(pre.statusCode, 204)
      assert.equal(pre.headers['access-control-allow-origin'], 'https://app.example.com')
      assert.match(String(pre.headers['access-control-allow-methods']), /^GET, ?HEAD$/)
      for (const origin of ['https://evil.example', 'https://app.example.com.evil.example', 'null']) {
        const res = await app.inject({ url: BRANDS, headers: { ...auth(TOKENS.cr_a), origin } })
        assert.equal(res.headers['access-control-allow-origin'], undefined, origin)
      }
    } finally {
      await app.close()
    }
  })
})

describe('OPTIONS that is no preflight, with CORS on', () => {
  test('answers as without CORS: 405 with Allow on a known path, 404 elsewhere, always the error body', async () => {
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET], corsOrigins: ['https://app.example.com'] })
    try {
      for (const headers of [{}, { origin: 'https://evil.example', 'access-control-request-method': 'GET' }]) {
        const known = await app.inject({ method: 'OPTIONS', url: BRANDS, headers })
        assert.equal(known.statusCode, 405, JSON.stringify(headers))
        assert.equal(known.headers.allow, 'GET, HEAD')
        assert.equal(known.json().error.code, 'method_not_allowed')
        const unknown = await app.inject({ method: 'OPTIONS', url: '/nope', headers })
        assert.equal(unknown.statusCode, 404, JSON.stringify(headers))
        assert.equal(unknown.json().error.code, 'not_found')
      }
      // from an allowed origin without Access-Control-Request-Method: taken as a preflight, never
      // the plain-text 400 of @fastify/cors's strict mode
      const loose = await app.inject({ method: 'OPTIONS', url: BRANDS, headers: { origin: 'https://app.example.com' } })
      assert.equal(loose.statusCode, 204)
      assert.equal(loose.headers['access-control-allow-origin'], 'https://app.example.com')
      // a preflight still gets its answer, on a known path and on a 405 one
      for (const url of [BRANDS, '/api/v1/sandbox/advance']) {
        const pre = await app.inject({
          method: 'OPTIONS',
          url,
          headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
        })
        assert.equal(pre.statusCode, 204, url)
        assert.equal(pre.headers['access-control-allow-origin'], 'https://app.example.com')
      }
    } finally {
      await app.close()
    }
  })
})

describe('size limits', () => {
  test('a URL over the limit is 400 with the error body', async () => {
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET], maxUrlLength: 512 })
    try {
      const res = await app.inject({ url: `${BRANDS}?cursor=${'a'.repeat(600)}`, headers: auth(TOKENS.cr_a) })
      assert.equal(res.statusCode, 400)
      assert.deepEqual(res.json(), {
        error: { code: 'invalid_request', message: 'the URL is longer than 512 characters' },
      })
    } finally {
      await app.close()
    }
  })

  test('an HTTP/1.1 request without Host is 400 with the error body, not an empty answer', async () => {
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as { port: number }).port
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1')
        let got = ''
        socket.on('data', (d) => (got += d.toString()))
        socket.on('end', () => resolve(got))
        socket.on('error', reject)
        socket.end(text)
      })
    try {
      for (const path of [BRANDS, '/healthz', '/nope']) {
        const answer = await raw(
          `GET ${path} HTTP/1.1\r\nAuthorization: Bearer ${TOKENS.cr_a}\r\nConnection: close\r\n\r\n`,
        )
        const [head, body] = answer.split('\r\n\r\n')
        assert.match(head!, /^HTTP\/1\.1 400 /, path)
        assert.match(head!, /content-type: application\/json/i, path)
        assert.deepEqual(JSON.parse(body!), {
          error: { code: 'invalid_request', message: 'the Host header is required (HTTP/1.1)' },
        })
      }
      // HTTP/1.0 has no Host to require; with Host, HTTP/1.1 is served
      assert.match(await raw('GET /healthz HTTP/1.0\r\n\r\n'), /^HTTP\/1\.1 200 /)
      assert.match(await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), /^HTTP\/1\.1 200 /)
    } finally {
      await app.close()
    }
  })

  test('headers over the limit are refused by the server with 431 and the error body', async () => {
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET], server: { maxHeaderBytes: 4096 } })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const port = (app.server.address() as { port: number }).port
    try {
      const res = await new Promise<{ status: number; body: string; headers: Record<string, unknown> }>(
        (resolve, reject) => {
          const req = httpRequest(
            { port, path: BRANDS, headers: { ...auth(TOKENS.cr_a), 'x-filler': 'x'.repeat(8000) } },
            (r) => {
              let body = ''
              r.on('data', (c) => (body += c))
              r.on('end', () => resolve({ status: r.statusCode!, body, headers: r.headers }))
            },
          )
          req.on('error', reject)
          req.end()
        },
      )
      assert.equal(res.status, 431)
      assert.equal(JSON.parse(res.body).error.code, 'invalid_request')
      assert.equal(res.headers['x-content-type-options'], 'nosniff')
      assert.match(String(res.headers['x-request-id']), /^[0-9a-f-]{36}$/, 'every answer has a request id')
      const fine = await fetch(`http://127.0.0.1:${port}${BRANDS}`, { headers: auth(TOKENS.cr_a) })
      assert.equal(fine.status, 200)
    } finally {
      await app.close()
    }
  })
})

describe('tokens', () => {
  test('a revoked token is refused on every instance within the cache time', async () => {
    const extra = { api_tokens: [{ account_id: 'cr_c', token: 'test_token_to_revoke_0001', name: 'rev' }] }
    await load(db, extra)
    const id = tokenId(hashToken('test_token_to_revoke_0001'))
    const cacheMs = 1000
    const one = await buildApp({ db, cursorSecrets: [CURSOR_SECRET], tokenCacheMs: cacheMs })
    const two = await buildApp({ db, cursorSecrets: [CURSOR_SECRET], tokenCacheMs: cacheMs })
    try {
      const status = async (a: typeof one) =>
        (await a.inject({ url: BRANDS, headers: auth('test_token_to_revoke_0001') })).statusCode
      assert.equal(await status(one), 200)
      assert.equal(await status(two), 200)
      assert.ok(await revokeToken(db, id))
      const revokedAt = Date.now()
      // Both instances refuse it once their cached lookup expires, without restart or signal.
      for (const a of [one, two]) {
        while ((await status(a)) === 200) {
          assert.ok(Date.now() - revokedAt < cacheMs + 500, 'still accepted past the cache time')
          await sleep(50)
        }
        assert.equal(await status(a), 401)
      }
    } finally {
      await one.close()
      await two.close()
    }
  })

  test('last_used_at is set on use, off the request path, and written at most once a minute', async () => {
    await load(db, { api_tokens: [{ account_id: 'cr_b', token: 'test_token_last_used_0001', name: 'lu' }] })
    const id = tokenId(hashToken('test_token_last_used_0001'))
    const lastUsed = async () =>
      (await db.query<{ t: Date | null }>('select last_used_at as t from api_tokens where id = $1', [id]))[0]!.t
    assert.equal(await lastUsed(), null)
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
    const before = Date.now()
    assert.equal((await app.inject({ url: BRANDS, headers: auth('test_token_last_used_0001') })).statusCode, 200)
    await app.auth.flush()
    const first = await lastUsed()
    assert.ok(first && Math.abs(first.getTime() - before) < 5000, `last_used_at ${first}`)
    await sleep(20)
    for (let i = 0; i < 3; i++) await app.inject({ url: BRANDS, headers: auth('test_token_last_used_0001') })
    await app.auth.flush()
    assert.equal((await lastUsed())!.getTime(), first.getTime(), 'not rewritten within the minute')
    // a second instance that has not written it yet is held back by the database guard too
    const other = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
    await other.inject({ url: BRANDS, headers: auth('test_token_last_used_0001') })
    await other.auth.flush()
    assert.equal((await lastUsed())!.getTime(), first.getTime())
    await db.query(`update api_tokens set last_used_at = now() - interval '61 seconds' where id = $1`, [id])
    const aged = (await lastUsed())!.getTime()
    const third = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
    await third.inject({ url: BRANDS, headers: auth('test_token_last_used_0001') })
    await third.auth.flush()
    assert.ok((await lastUsed())!.getTime() > aged, 'written again after a minute')
    await Promise.all([app.close(), other.close(), third.close()])
  })
})

describe('overload', () => {
  for (const [signal, pressure] of [
    ['event-loop delay', { maxEventLoopDelayMs: 50, maxHeapUsedBytes: 0 }],
    ['event-loop utilization', { maxEventLoopDelayMs: 0, maxEventLoopUtilization: 0.9, maxHeapUsedBytes: 0 }],
  ] as const) {
    test(
      `a busy event loop (${signal}) sheds API requests with 503 service_unavailable and ` +
        `Retry-After; /healthz stays up`,
      async () => {
        const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET], pressure })
        try {
          assert.equal((await app.inject({ url: BRANDS, headers: auth(TOKENS.cr_a) })).statusCode, 200)
          // Hold the event loop for a while, as a runaway computation or GC storm would.
          let shed: Awaited<ReturnType<typeof app.inject>> | undefined
          for (let i = 0; i < 10 && !shed; i++) {
            const end = Date.now() + 700
            while (Date.now() < end) {
              /* busy */
            }
            await sleep(1) // let the sampler's timer see the delay
            const res = await app.inject({ url: BRANDS, headers: auth(TOKENS.cr_a) })
            if (res.statusCode === 503) shed = res
            else assert.equal(res.statusCode, 200)
          }
          assert.ok(shed, 'no request was shed')
          assert.deepEqual(Object.keys(shed.json().error).sort(), ['code', 'message'])
          assert.equal(shed.json().error.code, 'service_unavailable')
          assert.ok(Number(shed.headers['retry-after']) >= 1)
          assert.equal((await app.inject({ url: '/healthz?probe=1' })).statusCode, 200, 'a query string too')
          assert.equal((await app.inject({ url: '/healthz' })).statusCode, 200)
          // once the loop is free again, requests are served
          let served = false
          for (let i = 0; i < 50 && !served; i++) {
            await sleep(100)
            served = (await app.inject({ url: BRANDS, headers: auth(TOKENS.cr_a) })).statusCode === 200
          }
          assert.ok(served, 'service did not recover')
        } finally {
          await app.close()
        }
      },
    )
  }
})

test('a new instance serves its first requests: the loop held while it starts is not overload', async () => {
  const app = await buildApp({
    db,
    cursorSecrets: [CURSOR_SECRET],
    pressure: { maxEventLoopDelayMs: 50, maxHeapUsedBytes: 0 },
  })
  // a start that holds the loop, as loading plugins and compiling schemas does on a slow machine
  app.addHook('onReady', async () => {
    const end = Date.now() + 700
    while (Date.now() < end) {
      /* busy */
    }
  })
  try {
    await app.ready()
    await sleep(1) // let the sampler's timer see the start
    assert.equal((await app.inject({ url: BRANDS, headers: auth(TOKENS.cr_a) })).statusCode, 200)
  } finally {
    await app.close()
  }
})

test('on PGlite, whose statements run on the event loop, a busy loop is not overload: nothing is shed', async () => {
  const guards = await guardOptions(loadConfig({}), 'pglite')
  assert.ok(guards.pressure, 'the heap is still guarded')
  const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET], pressure: guards.pressure })
  try {
    // held as long as the shedding tests above hold it, which PostgreSQL's settings shed
    for (let i = 0; i < 6; i++) {
      const end = Date.now() + 700
      while (Date.now() < end) {
        /* busy, as a long PGlite statement keeps it */
      }
      await sleep(1)
      assert.equal((await app.inject({ url: BRANDS, headers: auth(TOKENS.cr_a) })).statusCode, 200)
    }
  } finally {
    await app.close()
  }
  const onPg = await guardOptions(loadConfig({}), 'postgres')
  assert.ok(onPg.pressure && onPg.pressure.maxEventLoopDelayMs > 0, 'PostgreSQL instances shed on delay')
})

describe('the client address behind a proxy (CSAPI_TRUST_PROXY)', () => {
  test('a hop count or proxy addresses; "true", which trusts what the client writes, is refused', () => {
    const trust = (v: string) => loadConfig({ CSAPI_TRUST_PROXY: v }).trustProxy
    assert.equal(trust(''), false)
    assert.equal(trust('false'), false)
    assert.equal(trust('1'), 1)
    assert.equal(trust('2'), 2)
    assert.deepEqual(trust('10.0.0.5, 10.0.1.0/24,fd00::/8'), ['10.0.0.5', '10.0.1.0/24', 'fd00::/8'])
    assert.deepEqual(trust('loopback'), ['loopback'])
    assert.throws(() => trust('true'), /CSAPI_TRUST_PROXY=1 .*CSAPI_TRUST_PROXY=10\.0\.0\.5,10\.0\.1\.0\/24/)
    for (const bad of ['yes', '10.0.0.0/33', '1.2.3', '10.0.0.1/8/2', '11']) {
      assert.throws(() => trust(bad), /CSAPI_TRUST_PROXY/, bad)
    }
  })

  // A guesser behind the balancer writes its own X-Forwarded-For, different on every request:
  // its failures must still land in one bucket, the address the balancer appended.
  for (const [name, trustProxy] of [
    ['one balancer in front (hop count 1)', 1],
    ["the balancer's address", ['127.0.0.0/8']],
  ] as const) {
    test(`${name}: a forged X-Forwarded-For does not choose the address`, async () => {
      const app = await buildApp({
        db,
        cursorSecrets: [CURSOR_SECRET],
        server: { trustProxy: trustProxy as 1 | string[] },
        rateLimit: {
          perMinute: 600,
          burst: 600,
          accountPerMinute: 600,
          accountBurst: 600,
          authFailuresPerMinute: 6,
          authFailuresBurst: 3,
        },
      })
      try {
        const statuses: number[] = []
        for (let i = 0; i < 8; i++) {
          const res = await app.inject({
            url: BRANDS,
            remoteAddress: '127.0.0.1', // the balancer
            headers: { ...auth(`guess_${i}`), 'x-forwarded-for': `198.18.0.${i}, 203.0.113.9` },
          })
          statuses.push(res.statusCode)
        }
        assert.deepEqual(statuses, [401, 401, 401, 429, 429, 429, 429, 429])
        // another client behind the same balancer is its own address
        const other = await app.inject({
          url: BRANDS,
          remoteAddress: '127.0.0.1',
          headers: { ...auth('guess_x'), 'x-forwarded-for': '203.0.113.10' },
        })
        assert.equal(other.statusCode, 401)
      } finally {
        await app.close()
      }
    })
  }

  test('with proxy addresses, a client that is not one of them is its own address, whatever it sends', async () => {
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET], server: { trustProxy: ['10.0.0.5'] } })
    app.get('/test/ip', async (request) => ({ ip: request.ip }))
    try {
      const ip = async (remoteAddress: string, xff: string) =>
        (await app.inject({ url: '/test/ip', remoteAddress, headers: { 'x-forwarded-for': xff } })).json().ip
      assert.equal(await ip('198.51.100.7', '203.0.113.9'), '198.51.100.7')
      assert.equal(await ip('10.0.0.5', '1.1.1.1, 203.0.113.9'), '203.0.113.9')
    } finally {
      await app.close()
    }
  })
})

test('a query string that is not percent-encoded UTF-8 is 400, not a filter on its literal text', async () => {
  const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
  try {
    for (const [query, part] of [
      ['brand_id=%zz', 'brand_id=%zz'],
      ['brand_id=%E9', 'brand_id=%E9'],
      ['limit=10&brand_id=abc%', 'brand_id=abc%'],
      ['%C3=x', '%C3=x'],
    ] as const) {
      const res = await app.inject({ url: `/api/creator/v1/links?${query}`, headers: auth(TOKENS.cr_a) })
      assert.equal(res.statusCode, 400, query)
      assert.deepEqual(res.json().error, {
        code: 'invalid_request',
        message: `the query string is not percent-encoded UTF-8: "${part}"`,
      })
    }
    const ok = await app.inject({ url: '/api/creator/v1/links?brand_id=caf%C3%A9%20x', headers: auth(TOKENS.cr_a) })
    assert.equal(ok.statusCode, 200, 'well-encoded UTF-8 is read')
    const anonymous = await app.inject({ url: '/api/creator/v1/links?brand_id=%zz' })
    assert.equal(anonymous.statusCode, 401, 'the token first, as for every other parameter')
  } finally {
    await app.close()
  }
})

test('error messages never carry a control or bidi character from the request: they are percent-encoded', async () => {
  const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
  try {
    for (const [url, status, shown] of [
      ['/api/creator/v1/payouts/ab%00cd/lines', 404, 'no payout ab%00cd for this creator'],
      ['/api/creator/v1/payouts/a%0Ab%E2%80%AEc%C2%85/lines', 404, 'no payout a%0Ab%E2%80%AEc%C2%85 for this creator'],
      ['/nope\u0000x', 404, 'no route GET /nope%00x'],
    ] as const) {
      const res = await app.inject({ url, headers: auth(TOKENS.cr_a) })
      assert.equal(res.statusCode, status, url)
      assert.equal(res.json().error.message, shown)
      assert.doesNotMatch(res.body, /\\u0000|\\u000a|\\u0085|\u202e/i)
    }
  } finally {
    await app.close()
  }
})

test('a request the router refuses (a malformed escape in the path) is counted and logged like any other', async () => {
  const lines: { msg?: string; status?: number }[] = []
  const stream = { write: (s: string) => void lines.push(JSON.parse(s)) }
  const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET], logger: { level: 'info', stream } })
  try {
    assert.equal((await app.inject({ url: '/nope/%ff' })).statusCode, 400)
    const unknown = { route: 'unknown', method: 'GET', status: '400' }
    assert.equal(sample(await app.metrics.text(), 'csapi_http_requests_total', unknown), 1)
    assert.equal(lines.filter((l) => l.msg === 'request' && l.status === 400).length, 1)
  } finally {
    await app.close()
  }
})
