// Shared by the hostile-input property tests: the real app on a real database, a validator
// for /openapi.json, and fast-check arbitraries for query strings, headers and cursors.
// Runs: CSAPI_FUZZ_RUNS, else 10,000 per endpoint when CI=true, else 1,000.
import assert from 'node:assert/strict'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/http/app.js'
import { ERROR_CODES } from '../../src/http/errors.js'
import { CURSOR_SECRET, load, openApiAjv, openTestDb, responseSchemaRef } from './helpers.js'
import { TOKENS, fixture } from './fixture.js'

export const RUNS = Number(process.env.CSAPI_FUZZ_RUNS ?? (process.env.CI === 'true' ? 10_000 : 1_000))

export async function hostileApp(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const { db, close } = await openTestDb()
  await load(db, fixture())
  // The production protections, with limits no test run reaches.
  const app = await buildApp({
    db,
    cursorSecrets: [CURSOR_SECRET],
    tokenCacheMs: 5000,
    rateLimit: {
      perMinute: 1e9,
      burst: 1e9,
      accountPerMinute: 1e9,
      accountBurst: 1e9,
      authFailuresPerMinute: 1e9,
      authFailuresBurst: 1e9,
    },
    corsOrigins: ['https://app.example.com'],
  })
  await app.ready()
  return {
    app,
    async close() {
      await app.close()
      await close()
    },
  }
}

type Responses = Record<string, { content?: Record<string, { schema: object }> }>

/** Checks one answer: a documented 200 body, or a documented 4xx with the error body; never 5xx. */
export function answerChecker(app: FastifyInstance, route: string) {
  const doc = JSON.parse(JSON.stringify(app.swagger())) as { paths: Record<string, { get: { responses: Responses } }> }
  const responses = doc.paths[route]!.get.responses
  const ajv = openApiAjv(doc)
  const validators = new Map<string, ReturnType<typeof ajv.compile>>()
  const codeOf = new Map(Object.entries(ERROR_CODES))
  return (
    res: { statusCode: number; body: string; headers: Record<string, unknown> },
    method: string,
    what: string,
  ) => {
    const { statusCode: status, body } = res
    assert.ok(status < 500, `${what} → ${status}: ${body.slice(0, 300)}`)
    assert.doesNotMatch(body, /\bat [^ ]+ \(|node_modules|\.ts:\d+|\.js:\d+|stack/i, `${what}: internals in the body`)
    assert.match(String(res.headers['x-request-id']), /^[A-Za-z0-9._:-]{1,128}$/, `${what}: x-request-id`)
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
    if (method === 'HEAD' || (status === 204 && method === 'OPTIONS')) return
    const documented = responses[String(status)]
    if (method === 'OPTIONS') {
      // a preflight the allow-list refuses, or a method not served
      assert.ok(status === 404 || status === 400 || status === 405, `${what}: OPTIONS → ${status}`)
      return
    }
    assert.ok(documented, `${what}: status ${status} is not documented for ${route}`)
    let validate = validators.get(String(status))
    if (!validate) {
      validate = ajv.compile({ $ref: responseSchemaRef(route, status) })
      validators.set(String(status), validate)
    }
    const parsed = JSON.parse(body)
    assert.ok(validate(parsed), `${what} → ${status}: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 300)}`)
    if (status >= 400) {
      assert.deepEqual(Object.keys(parsed), ['error'])
      assert.equal(codeOf.get(parsed.error.code), status, `${what}: code ${parsed.error.code} with status ${status}`)
    }
  }
}

// Strings an attacker tries: injections, traversal, encodings, unicode tricks, control characters.
const NASTY = [
  "' OR '1'='1",
  "'; drop table brands; --",
  '" OR ""="',
  '1 union select * from api_tokens',
  '$1',
  '%',
  '%%',
  '%zz',
  '%00',
  '\u0000',
  '\r\nSet-Cookie: a=b',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'toString',
  '[]',
  '[object Object]',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  '9'.repeat(400),
  '\u202Eevil',
  '\uFEFF',
  '\uD800',
  'ｂｒａｎｄ',
  '🙂'.repeat(100),
  'é'.repeat(300),
  ' ',
  '',
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '2026-03-01T00:00:00Z',
  '+2026-03-01',
  'a'.repeat(257),
  'a'.repeat(5000),
]

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 200, maxLength: 2000 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
)

/** A cursor: real, altered, truncated, extended, or noise. */
export function cursorArb(real: string[]) {
  const genuine = fc.constantFrom(...real)
  return fc.oneof(
    { weight: 2, arbitrary: genuine },
    {
      weight: 3,
      arbitrary: fc.tuple(genuine, fc.nat(), fc.constantFrom(...'ABCxyz019-_.=+/%')).map(([c, i, ch]) => {
        const at = i % c.length
        return c.slice(0, at) + ch + c.slice(at + 1)
      }),
    },
    { weight: 1, arbitrary: fc.tuple(genuine, fc.nat()).map(([c, i]) => c.slice(0, i % c.length)) },
    { weight: 1, arbitrary: fc.tuple(genuine, text).map(([c, t]) => c + t) },
    { weight: 1, arbitrary: fc.base64String({ maxLength: 600 }) },
    { weight: 1, arbitrary: text },
  )
}

/** Query pairs: known names with plausible or hostile values, unknown names, repeats. */
export function queryArb(known: Record<string, fc.Arbitrary<string>>) {
  const names = Object.keys(known)
  const pair = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .constantFrom(...names)
        .chain((n) =>
          fc.tuple(fc.constant(n), fc.oneof({ weight: 3, arbitrary: known[n]! }, { weight: 1, arbitrary: text })),
        ),
    },
    { weight: 1, arbitrary: fc.tuple(text, text) },
    {
      weight: 1,
      arbitrary: fc.tuple(
        fc.constantFrom(...names).map((n) => n.toUpperCase() + '[]'),
        text,
      ),
    },
  )
  return fc.array(pair, { maxLength: 9 })
}

// Percent-encodes UTF-8 bytes; unlike encodeURIComponent it takes lone surrogates too.
const percent = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('')

/** Encodes pairs into a query string, sometimes raw (as a client that forgot to encode). */
export function queryString(pairs: [string, string][], raw: boolean): string {
  const enc = (s: string) => (raw ? s.replace(/[\s#?&]|[^\x21-\x7e]/gu, percent) : percent(s))
  return pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`).join('&')
}

/** Request headers: the right token most of the time, so that requests reach validation and SQL. */
export function headersArb(rightToken: string) {
  const safeHeader = (s: string) => s.replace(/[^\t\x20-\x7e]/g, '').slice(0, 4000)
  const authorization = fc.oneof(
    { weight: 12, arbitrary: fc.constant(`Bearer ${rightToken}`) },
    { weight: 1, arbitrary: fc.constantFrom(...Object.values(TOKENS)).map((t) => `Bearer ${t}`) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('bearer', 'BEARER', 'Basic', 'Token', 'Bearer  ', 'Bearer\t')
        .map((s) => `${s} ${rightToken}`),
    },
    { weight: 1, arbitrary: text.map((t) => `Bearer ${safeHeader(t)}`) },
    { weight: 1, arbitrary: text.map(safeHeader) },
  )
  const extra = fc.dictionary(
    fc.constantFrom(
      'x-request-id',
      'accept',
      'accept-encoding',
      'content-type',
      'origin',
      'x-forwarded-for',
      'if-none-match',
      'cookie',
      'x-http-method-override',
      'range',
      'x-custom',
    ),
    text.map(safeHeader),
    { maxKeys: 4 },
  )
  return fc.record({ authorization: fc.option(authorization, { nil: undefined, freq: 10 }), extra })
}

export const methodArb = fc.constantFrom('GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'OPTIONS')

/** Runs the property for one endpoint; returns how often each status came back, and the time. */
export async function fuzzEndpoint(
  app: FastifyInstance,
  route: string,
  known: Record<string, fc.Arbitrary<string>>,
  rightToken: string,
  extraPairs: [string, string][] = [],
): Promise<{ seen: Record<number, number>; ms: number }> {
  const check = answerChecker(app, route)
  const seen: Record<number, number> = {}
  const started = performance.now()
  await fc.assert(
    fc.asyncProperty(
      queryArb(known),
      headersArb(rightToken),
      fc.boolean(),
      methodArb,
      fc.boolean(),
      async (pairs, h, raw, method, withBase) => {
        const all = withBase ? [...extraPairs, ...pairs] : pairs
        const qs = queryString(all, raw)
        const url = qs ? `${route}?${qs}` : route
        const headers: Record<string, string> = { ...h.extra }
        if (h.authorization !== undefined) headers.authorization = h.authorization
        const res = await app.inject({ method: method as 'GET', url, headers })
        seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1
        check(res, method, `${method} ${url.slice(0, 300)} ${JSON.stringify(headers).slice(0, 300)}`)
      },
    ),
    { numRuns: RUNS, includeErrorInReport: true },
  )
  return { seen, ms: Math.round(performance.now() - started) }
}
