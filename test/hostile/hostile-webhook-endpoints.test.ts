// Hostile input to the webhook endpoints' writes, on both databases: the addresses the CLI's rules
// refuse (test/support/hostile-addresses.ts) are refused through the API too, naming the rule;
// fuzzed, huge, deep, duplicated-key and mistyped bodies and wrong content types get a 4xx, never
// a 5xx, and nothing is half-written: a refused write leaves no endpoint, event or key behind.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/http/app.js'
import { CURSOR_SECRET, load, openTestDb } from '../support/helpers.js'
import { HOSTILE_V4_HOSTS, HOSTILE_V6, URL_FORM } from '../support/hostile-addresses.js'

const RUNS = Number(process.env.CSAPI_FUZZ_RUNS ?? (process.env.CI === 'true' ? 2000 : 300))
const TOKEN = 'test_token_hostile_hooks_write'
const BASE = '/api/creator/v1/webhook-endpoints'

describe('webhook endpoints: hostile input', () => {
  let app: FastifyInstance
  let close: () => Promise<void>
  let id = ''
  before(async () => {
    const t = await openTestDb()
    await load(t.db, {
      accounts: [{ id: 'cr_h', role: 'creator', name: 'H' }],
      api_tokens: [{ account_id: 'cr_h', token: TOKEN, scopes: ['read', 'webhooks:write'] }],
    })
    app = await buildApp({ db: t.db, cursorSecrets: [CURSOR_SECRET] })
    close = async () => {
      await app.close()
      await t.close()
    }
    id = (await send('POST', BASE, JSON.stringify({ url: 'https://hooks.example/ok' }))).json.id
  })
  after(() => close())

  async function send(method: string, url: string, payload?: string | Buffer, headers: Record<string, string> = {}) {
    const res = await app.inject({
      method: method as 'POST',
      url,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload }),
    })
    let json: any
    try {
      json = JSON.parse(res.body)
    } catch {
      json = undefined
    }
    return { status: res.statusCode, json }
  }
  const snapshot = async () => ({
    endpoints: await app.db.query('select * from webhook_endpoints order by id'),
    events: await app.db.query('select count(*)::int as n from webhook_events'),
    keys: await app.db.query('select count(*)::int as n from idempotency_keys'),
  })

  test('the hostile addresses of the CLI tests: refused on create and on change, naming the rule', async () => {
    const before = await snapshot()
    const hosts = [...HOSTILE_V4_HOSTS, ...HOSTILE_V6.filter((a) => !a.includes('%'))]
    for (const host of hosts) {
      const url = `https://${URL_FORM(host)}/hook`
      for (const [method, path] of [
        ['POST', BASE],
        ['PATCH', `${BASE}/${id}`],
      ] as const) {
        const r = await send(method, path, JSON.stringify({ url }))
        assert.equal(r.status, 400, `${method} ${url}`)
        assert.equal(r.json.error.code, 'invalid_request')
        assert.match(r.json.error.message, /^url: .* is a private, loopback, link-local or reserved address$/, url)
      }
    }
    const rules: [string, RegExp][] = [
      ['http://hooks.example/x', /https:\/\/.*CSAPI_WEBHOOK_ALLOW_HOSTS/],
      ['ftp://hooks.example/x', /ftp:\/\/ is refused/],
      ['https://user:pw@hooks.example/x', /no user name or password/],
      ['https://localhost/x', /loopback name/],
      ['https://api.localhost./x', /loopback name/],
      ['not-a-url', /not a URL/],
      ['https://[::1]:8443/x', /private/],
    ]
    for (const [url, why] of rules) {
      const r = await send('POST', BASE, JSON.stringify({ url }))
      assert.equal(r.status, 400, url)
      assert.match(r.json.error.message, why, url)
    }
    assert.deepEqual(await snapshot(), before, 'nothing written')
  })

  test('bodies that break the schema: 400 naming the field and the rule', async () => {
    const cases: [string, string, string, RegExp][] = [
      ['POST', BASE, '{"url": 5}', /^url must be string$/],
      ['POST', BASE, '{"url": "https://a.example", "events": "reports.changed"}', /^events must be array$/],
      ['POST', BASE, '{"url": "https://a.example", "events": ["nope"]}', /^events\[0\] must be one of/],
      ['POST', BASE, '{"url": "https://a.example", "events": ["payout.created", "payout.created"]}', /twice/],
      ['POST', BASE, '{"url": "https://a.example", "secret": "whsec_mine"}', /^unknown field secret$/],
      ['POST', BASE, '{"url": "https://a.example", "account_id": "cr_other"}', /^unknown field account_id$/],
      ['POST', BASE, '{}', /^url is required$/],
      ['POST', BASE, '[]', /^the body must be object$/],
      ['POST', BASE, 'null', /^the body must be object$/],
      ['POST', BASE, '"x"', /^the body must be object$/],
      ['POST', BASE, '{"url": "https://a.example", "url": "https://b.example"}', /^the body gives url twice$/],
      ['POST', BASE, '{"url": "https://a.example",}', /^the body is not valid JSON/],
      ['POST', BASE, '{"url": "https://a.example", "description": "a\\nb"}', /^description must be one line/],
      [
        'POST',
        BASE,
        JSON.stringify({ url: `https://a.example/${'x'.repeat(2100)}` }),
        /^url must be a URL of at most 2048 characters/,
      ],
      // stored and shown as sent: a NUL once reached PostgreSQL (500), an escape the operator's terminal
      ...['\u0000', '\t', '\n', '\u0001', '\u001b[2J', '\u007f', '\u009b31m', ' '].flatMap(
        (c): [string, string, string, RegExp][] =>
          [
            ['POST', BASE],
            ['PATCH', `${BASE}/${id}`],
          ].map(([method, path]) => [
            method!,
            path!,
            JSON.stringify({ url: `https://hooks.exa${c}mple.com/x` }),
            /^url must be a URL of at most 2048 characters, without spaces or control characters/,
          ]),
      ),
      [
        'POST',
        BASE,
        JSON.stringify({ url: 'https://a.example', description: 'a\u009b31mb' }),
        /^description must be one line/,
      ],
      ['POST', BASE, '{"url": "https://a.example", "__proto__": {"x": 1}}', /^unknown field __proto__$/],
      ['PATCH', `${BASE}/${id}`, '{}', /^the body must name at least one field$/],
      ['PATCH', `${BASE}/${id}`, '{"enabled": "false"}', /^enabled must be boolean$/],
      ['POST', `${BASE}/${id}/rotate-secret`, '{"overlap_seconds": -1}', /^overlap_seconds must be a whole number/],
      ['POST', `${BASE}/${id}/rotate-secret`, '{"overlap_seconds": 1.5}', /^overlap_seconds must be a whole number/],
      ['POST', `${BASE}/${id}/rotate-secret`, '{"overlap_seconds": "60"}', /^overlap_seconds must be a whole number/],
      ['POST', `${BASE}/${id}/test`, '{"x": 1}', /^unknown field x$/],
      ['POST', BASE, `${'['.repeat(5000)}${']'.repeat(5000)}`, /^the body nests deeper than 16 levels$/],
      [
        'POST',
        BASE,
        JSON.stringify({ url: 'https://a.example', description: 'x'.repeat(70_000) }),
        /larger than 65536/,
      ],
    ]
    const before = await snapshot()
    for (const [method, path, body, why] of cases) {
      const r = await send(method, path, body, { 'idempotency-key': 'hostile-1' })
      assert.equal(r.status, 400, `${method} ${path} ${body.slice(0, 80)}`)
      assert.equal(r.json.error.code, 'invalid_request')
      assert.match(r.json.error.message, why, `${body.slice(0, 80)}: ${r.json.error.message}`)
    }
    for (const [type, payload] of [
      ['text/plain', '{"url": "https://a.example"}'],
      ['application/x-www-form-urlencoded', 'url=https://a.example'],
      ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
      ['application/xml', '<url>https://a.example</url>'],
    ] as const) {
      const r = await send('POST', BASE, payload, { 'content-type': type })
      assert.deepEqual(
        [r.status, r.json.error.message],
        [400, 'the body must be JSON, sent with Content-Type: application/json'],
      )
    }
    const empty = await send('POST', BASE, '', {})
    assert.equal(empty.status, 400)
    assert.deepEqual(await snapshot(), before, 'nothing written')
  })

  test('a body that is not UTF-8 is refused, never stored with its bytes replaced', async () => {
    const before = await snapshot()
    const utf8 = (text: string) => Buffer.from(text, 'utf8')
    for (const payload of [
      // é in Latin-1: one byte 0xE9, no UTF-8 sequence
      Buffer.concat([utf8('{"url": "https://a.example", "description": "caf'), Buffer.from([0xe9]), utf8('"}')]),
      Buffer.concat([utf8('{"url": "https://a.example/caf'), Buffer.from([0xe9]), utf8('"}')]),
      // an overlong encoding of "/" and a lone continuation byte
      Buffer.concat([utf8('{"url": "https://a.example/'), Buffer.from([0xc0, 0xaf]), utf8('"}')]),
      Buffer.concat([utf8('{"url": "https://a.example", "description": "'), Buffer.from([0x80]), utf8('"}')]),
    ]) {
      for (const type of ['application/json', 'application/json; charset=iso-8859-1']) {
        const r = await send('POST', BASE, payload, { 'content-type': type })
        assert.deepEqual([r.status, r.json.error.code], [400, 'invalid_request'], `${type}: ${JSON.stringify(r.json)}`)
        assert.match(r.json.error.message, /^the body is not valid JSON: .*UTF-8/)
      }
    }
    assert.deepEqual(await snapshot(), before, 'nothing written')
  })

  test('an escape of half a character (a lone surrogate) is refused, never stored as U+FFFD', async () => {
    const before = await snapshot()
    for (const payload of [
      '{"url": "https://a.example", "description": "caf\\ud800"}',
      '{"url": "https://a.example", "description": "\\udc00x"}',
      '{"url": "https://a.example", "\\ud83d": 1}',
    ]) {
      const r = await send('POST', BASE, payload)
      assert.deepEqual([r.status, r.json.error.code], [400, 'invalid_request'], `${payload}: ${JSON.stringify(r.json)}`)
      assert.match(r.json.error.message, /lone surrogate/)
    }
    assert.deepEqual(await snapshot(), before, 'nothing written')
    // a whole character in two escapes is one: 😀
    const made = await send('POST', BASE, '{"url": "https://hooks.example/emoji", "description": "\\ud83d\\ude00"}')
    assert.deepEqual([made.status, made.json.description], [201, '😀'])
    assert.equal((await send('DELETE', `${BASE}/${made.json.id}`)).status, 204)
  })

  test('a write that takes no body: a body is 400 and changes nothing; none, or {}, is taken', async () => {
    const made = (await send('POST', BASE, JSON.stringify({ url: 'https://hooks.example/no-body' }))).json.id
    for (const body of ['{"x": 1}', '[]', 'null', '"x"', '0']) {
      const r = await send('DELETE', `${BASE}/${made}`, body)
      assert.equal(r.status, 400, body)
      assert.equal(r.json.error.message, 'this request takes no body (or an empty object)', body)
    }
    assert.equal((await send('GET', `${BASE}/${made}`)).status, 200, 'still there')
    assert.equal((await send('DELETE', `${BASE}/${made}`, '{}')).status, 204)
    const again = (await send('POST', BASE, JSON.stringify({ url: 'https://hooks.example/no-body' }))).json.id
    assert.equal((await send('DELETE', `${BASE}/${again}`)).status, 204)
  })

  test('a malformed Idempotency-Key: 400 naming its rule, whatever is wrong with it', async () => {
    const before = await snapshot()
    for (const key of ['a b', 'caf\u00e9', 'x'.repeat(256), 'k\u0001', ['k1', 'k2']]) {
      const res = await app.inject({
        method: 'POST',
        url: BASE,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'idempotency-key': key },
        payload: JSON.stringify({ url: 'https://hooks.example/key' }),
      })
      assert.equal(res.statusCode, 400, JSON.stringify(key))
      assert.match(
        res.json().error.message,
        /^idempotency-key must be 1 to 255 printable ASCII characters without spaces \(a UUID\), given once$/i,
        JSON.stringify(key),
      )
    }
    assert.deepEqual(await snapshot(), before, 'nothing written')
  })

  test('fuzzed bodies, content types and keys: 4xx or a whole write, never 5xx, nothing half-written', async () => {
    const paths = [BASE, `${BASE}/${id}`, `${BASE}/${id}/rotate-secret`, `${BASE}/${id}/test`]
    const bodyArb = fc.oneof(
      fc.json(),
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify({ url: 'https://fuzz.example/x', extra: v })),
      fc
        .record({ url: fc.oneof(fc.webUrl(), fc.string()), events: fc.anything(), description: fc.anything() })
        .map((v) => JSON.stringify(v)),
      fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PATCH', 'DELETE'),
        fc.constantFrom(...paths),
        bodyArb,
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/jsonx', ''),
        fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
        async (method, path, body, type, key) => {
          const before = await snapshot()
          const headers: Record<string, string> = type ? { 'content-type': type } : {}
          if (key !== undefined && /^[\x20-\x7e]*$/.test(key)) headers['idempotency-key'] = key
          const r = await send(method, path, body, headers)
          assert.ok(r.status < 500, `${method} ${path} ${JSON.stringify(body).slice(0, 200)}: ${r.status}`)
          if (r.status >= 400) {
            assert.equal(typeof r.json?.error?.code, 'string')
            assert.deepEqual(await snapshot(), before, 'a refused write leaves nothing')
          } else if (method === 'POST' && path === BASE) {
            // a whole endpoint: readable, then removed so the bound is never reached
            assert.equal(r.status, 201)
            assert.equal((await send('GET', `${BASE}/${r.json.id}`)).status, 200)
            assert.equal((await send('DELETE', `${BASE}/${r.json.id}`)).status, 204)
          } else if (method === 'DELETE' && path === `${BASE}/${id}` && r.status === 204) {
            id = (await send('POST', BASE, JSON.stringify({ url: 'https://hooks.example/ok' }))).json.id
            paths.splice(0, paths.length, BASE, `${BASE}/${id}`, `${BASE}/${id}/rotate-secret`, `${BASE}/${id}/test`)
          }
        },
      ),
      { numRuns: RUNS },
    )
  })
})
