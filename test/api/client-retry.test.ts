// Retries, Retry-After, timeouts and cancellation: the client's own behaviour, driven by an
// injected fetch that fails before handing over to the real server, or by a server that stalls.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { startServer, type TestServer } from '../support/helpers.js'
import { TOKENS, fixture } from '../support/fixture.js'
import {
  Client,
  ConnectionError,
  InvalidRequestError,
  RateLimitError,
  ServerError,
  TimeoutError,
  type FetchLike,
  type Sleep,
} from '../../src/client/index.js'
import { backoffMs, parseRetryAfter } from '../../src/client/http.js'

let s: TestServer
before(async () => {
  s = await startServer(fixture())
})
after(() => s.close())

/** Fails the first `failures` calls with `fail`, then hands over to the real fetch. */
function flaky(failures: number, fail: () => Promise<Response>) {
  const seen = { calls: 0 }
  const f: FetchLike = (url, init) => {
    seen.calls++
    return seen.calls <= failures ? fail() : fetch(url, init)
  }
  return { f, seen }
}

/** A clock that records every wait the client asks for and returns at once. */
function clock() {
  const waits: number[] = []
  const sleep: Sleep = async (ms) => void waits.push(ms)
  return { sleep, waits }
}
const networkError = () => Promise.reject(new TypeError('fetch failed'))
const status =
  (code: number, headers: Record<string, string> = {}) =>
  () =>
    Promise.resolve(
      new Response(
        JSON.stringify({
          error: { code: code === 429 ? 'rate_limited' : 'service_unavailable', message: 'try later' },
        }),
        { status: code, headers: { 'content-type': 'application/json', 'x-request-id': 'req-1', ...headers } },
      ),
    )

describe('client: retries', () => {
  test('network errors are retried with backoff until the real server answers', async () => {
    const { f, seen } = flaky(2, networkError)
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f, maxRetries: 2 })
    const page = await client.creator.brands.list({ limit: 3 })
    assert.equal(page.brands.length, 3)
    assert.equal(seen.calls, 3)
  })

  test('after maxRetries the ConnectionError is thrown', async () => {
    const { f, seen } = flaky(5, networkError)
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f, maxRetries: 1 })
    await assert.rejects(client.creator.brands.list(), (e: unknown) => e instanceof ConnectionError && e.status === 0)
    assert.equal(seen.calls, 2)
  })

  test('the default is two retries', async () => {
    const { f, seen } = flaky(5, networkError)
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f })
    await assert.rejects(client.creator.brands.list(), ConnectionError)
    assert.equal(seen.calls, 3)
  })

  test('503 with Retry-After in seconds is waited for, then retried', async () => {
    const { f, seen } = flaky(1, status(503, { 'retry-after': '1' }))
    const { sleep, waits } = clock()
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f, sleep })
    const page = await client.creator.brands.list({ limit: 2 })
    assert.equal(page.brands.length, 2)
    assert.equal(seen.calls, 2)
    assert.deepEqual(waits, [1000])
  })

  test('429 with Retry-After as an HTTP date is waited for, then retried', async () => {
    const date = new Date(Date.now() + 5000).toUTCString() // second precision: 4–5 s from now
    const { f, seen } = flaky(1, status(429, { 'retry-after': date }))
    const { sleep, waits } = clock()
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f, sleep })
    assert.equal((await client.creator.brands.list({ limit: 2 })).brands.length, 2)
    assert.equal(seen.calls, 2)
    assert.equal(waits.length, 1)
    assert.ok(waits[0]! > 3000 && waits[0]! <= 5000, `waited ${waits[0]} ms for a date 4–5 s ahead`)
  })

  test('without Retry-After, the waits back off exponentially with full jitter', async () => {
    const { f } = flaky(3, networkError)
    const { sleep, waits } = clock()
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f, sleep, maxRetries: 3 })
    assert.equal((await client.creator.brands.list({ limit: 1 })).brands.length, 1)
    assert.equal(waits.length, 3)
    waits.forEach((ms, n) => assert.ok(ms >= 0 && ms < 500 * 2 ** n, `wait ${n}: ${ms} ms`))
  })

  test('persistent 429 ends in a RateLimitError with the request id and Retry-After', async () => {
    const { f, seen } = flaky(9, status(429, { 'retry-after': '0' }))
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f, maxRetries: 3 })
    await assert.rejects(
      client.creator.brands.list(),
      (e: unknown) =>
        e instanceof RateLimitError &&
        e.status === 429 &&
        e.code === 'rate_limited' &&
        e.requestId === 'req-1' &&
        e.retryAfterMs === 0,
    )
    assert.equal(seen.calls, 4)
  })

  test('a Retry-After longer than a minute is not waited for', async () => {
    const { f, seen } = flaky(1, status(503, { 'retry-after': '3600' }))
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f })
    await assert.rejects(client.creator.brands.list(), (e: unknown) => e instanceof ServerError && e.status === 503)
    assert.equal(seen.calls, 1)
  })

  test('500 is not retried', async () => {
    const { f, seen } = flaky(1, status(500))
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f })
    await assert.rejects(client.creator.brands.list(), (e: unknown) => e instanceof ServerError && e.status === 500)
    assert.equal(seen.calls, 1)
  })

  test('a list whose first page failed asks again when it is awaited or iterated again', async () => {
    const once = (f: FetchLike) => new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f, maxRetries: 0 })
    const awaited = flaky(1, networkError)
    const first = once(awaited.f).creator.brands.list({ limit: 2 })
    await assert.rejects(first, ConnectionError)
    assert.equal((await first).brands.length, 2)
    assert.equal(awaited.seen.calls, 2, 'the failure was not kept')
    const iterated = flaky(1, networkError)
    const list = once(iterated.f).creator.brands.list({ limit: 2 })
    await assert.rejects(list.toArray(), ConnectionError)
    const expected = await new Client({ token: TOKENS.cr_a, baseUrl: s.base }).creator.brands.list().toArray()
    assert.deepEqual(await list.toArray(), expected)
  })

  test('a retry in the middle of an iteration loses and repeats nothing', async () => {
    let n = 0
    const f: FetchLike = (url, init) => (++n === 3 ? networkError() : fetch(url, init))
    const client = new Client({ token: TOKENS.cr_a, baseUrl: s.base, fetch: f })
    const got = await client.creator.brands.list({ limit: 4 }).toArray()
    const expected = await new Client({ token: TOKENS.cr_a, baseUrl: s.base }).creator.brands
      .list({ limit: 100 })
      .toArray()
    assert.deepEqual(got, expected)
  })
})

describe('client: follow() outlasts failures', () => {
  test('no answer, 500 and 503 past the retries are waited out; the feed goes on from its cursor', async () => {
    const expected: unknown[] = []
    const plain = flaky(0, networkError)
    const reference = new Client({ token: TOKENS.cr_b, baseUrl: s.base, fetch: plain.f })
    for await (const row of reference.creator.reports.changes({ limit: 4 })) expected.push(row)
    assert.ok(expected.length > 4)
    // the second page's request fails three times, the third with Retry-After
    const failures = [networkError, status(500), status(503, { 'retry-after': '7' })]
    let calls = 0
    const f: FetchLike = (url, init) => {
      calls++
      return calls >= 2 && calls <= 4 ? failures[calls - 2]!() : fetch(url, init)
    }
    const { sleep, waits } = clock()
    const client = new Client({ token: TOKENS.cr_b, baseUrl: s.base, fetch: f, sleep, maxRetries: 0 })
    const ac = new AbortController()
    const got: unknown[] = []
    for await (const row of client.creator.reports.changes({ limit: 4 }).follow({ signal: ac.signal })) {
      got.push(row)
      if (got.length === expected.length) ac.abort()
    }
    assert.deepEqual(got, expected, 'every row once, in order')
    assert.equal(calls, plain.seen.calls + 3, 'each failed request asked again, nothing more')
    // backing off from 1 s, half of each wait random; the Retry-After waited for
    assert.equal(waits.length, 3, JSON.stringify(waits))
    assert.ok(waits[0]! >= 500 && waits[0]! <= 1000, `first wait ${waits[0]}`)
    assert.ok(waits[1]! >= 1000 && waits[1]! <= 2000, `second wait ${waits[1]}`)
    assert.ok(waits[2]! >= 7000, `Retry-After 7 s: waited ${waits[2]}`)
  })

  test('any other error ends it: an invalid cursor is thrown at once, with no wait', async () => {
    const { sleep, waits } = clock()
    const client = new Client({ token: TOKENS.cr_b, baseUrl: s.base, sleep })
    const following = client.creator.reports.changes({ cursor: 'not-a-cursor' }).follow()
    await assert.rejects(following.next(), InvalidRequestError)
    assert.deepEqual(waits, [])
  })
})

describe('client: timeouts and cancellation', () => {
  let stall: Server
  let stallBase = ''
  let hits = 0
  before(async () => {
    // accepts requests and never answers
    stall = createServer(() => {
      hits++
    })
    await new Promise<void>((r) => stall.listen(0, '127.0.0.1', r))
    const a = stall.address()
    stallBase = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`
  })
  after(() => {
    stall.closeAllConnections()
    stall.close()
  })

  test('each attempt is aborted after timeoutMs; timeouts are retried, then a TimeoutError', async () => {
    hits = 0
    const { sleep, waits } = clock()
    const client = new Client({ token: TOKENS.cr_a, baseUrl: stallBase, timeoutMs: 200, maxRetries: 1, sleep })
    await assert.rejects(
      client.creator.brands.list(),
      (e: unknown) =>
        e instanceof TimeoutError &&
        e instanceof ConnectionError &&
        e.code === 'timeout' &&
        e.message.includes('within 200 ms'),
    )
    assert.equal(hits, 2)
    assert.equal(waits.length, 1, 'one wait between the two attempts')
  })

  test('an AbortSignal cancels the request and no retry follows', async () => {
    hits = 0
    const client = new Client({ token: TOKENS.cr_a, baseUrl: stallBase, timeoutMs: 10_000 })
    const ac = new AbortController()
    setTimeout(() => ac.abort(new Error('stop')), 100)
    await assert.rejects(client.creator.brands.list({}, { signal: ac.signal }), /stop/)
    assert.equal(hits, 1)
  })
})

describe('client: backoff arithmetic', () => {
  test('Retry-After: seconds, HTTP date, garbage', () => {
    const now = Date.parse('2026-03-01T00:00:00Z')
    assert.equal(parseRetryAfter('3', now), 3000)
    assert.equal(parseRetryAfter(' 0 ', now), 0)
    assert.equal(parseRetryAfter('Sun, 01 Mar 2026 00:00:05 GMT', now), 5000)
    assert.equal(parseRetryAfter('Sat, 28 Feb 2026 00:00:00 GMT', now), 0)
    assert.equal(parseRetryAfter('soon', now), null)
    assert.equal(parseRetryAfter('-1', now), null)
    assert.equal(parseRetryAfter(null, now), null)
  })

  test('full jitter: between 0 and min(8 s, 0.5 s × 2^attempt)', () => {
    assert.equal(
      backoffMs(0, () => 0),
      0,
    )
    assert.equal(
      backoffMs(0, () => 0.999999),
      499,
    )
    assert.equal(
      backoffMs(2, () => 0.5),
      1000,
    )
    assert.equal(
      backoffMs(10, () => 0.999999),
      7999,
    )
  })
})

describe('client: an already aborted signal', () => {
  test('makes no request at all', async () => {
    let calls = 0
    const client = new Client({
      token: TOKENS.cr_a,
      baseUrl: s.base,
      fetch: (url, init) => (calls++, fetch(url, init)),
    })
    const ac = new AbortController()
    ac.abort(new Error('cancelled before'))
    await assert.rejects(
      client.creator.reports.list({ start: '2026-03-01', end: '2026-03-02' }, { signal: ac.signal }),
      /cancelled before/,
    )
    assert.equal(calls, 0)
  })
})
