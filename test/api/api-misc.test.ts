import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Writable } from 'node:stream'
import { openTestDb, load, startServer, CURSOR_SECRET, type TestServer } from '../support/helpers.js'
import { TOKENS, fixture } from '../support/fixture.js'
import { buildApp, defaultLogger } from '../../src/http/app.js'

let s: TestServer
before(async () => {
  s = await startServer(fixture())
})
after(() => s.close())

describe('errors beyond the specification', () => {
  test('unknown paths are 404 not_found', async () => {
    for (const path of ['/', '/api/creator/v1/brand', '/api/creator/v2/brands', '/api/creator/v1/brands/']) {
      const res = await s.get(path, TOKENS.cr_a)
      assert.equal(res.status, 404, path)
      assert.equal(res.body.error.code, 'not_found')
    }
  })

  test('other methods on a known path are 405 method_not_allowed with Allow', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const res = await s.request(method, '/api/creator/v1/reports', { authorization: `Bearer ${TOKENS.cr_a}` })
      assert.equal(res.status, 405)
      assert.deepEqual(res.body, {
        error: {
          code: 'method_not_allowed',
          message: `method ${method} is not allowed on /api/creator/v1/reports; use GET`,
        },
      })
      assert.equal(res.headers.get('allow'), 'GET, HEAD')
    }
    const trace = await s.app.inject({ method: 'TRACE' as 'GET', url: '/api/creator/v1/brands' }) // fetch refuses TRACE
    assert.equal(trace.statusCode, 405)
    assert.equal(trace.headers.allow, 'GET, HEAD')
  })

  test('the OpenAPI document and the reference are known paths too: another method is 405 with Allow', async () => {
    for (const path of ['/openapi.json', '/docs']) {
      assert.equal((await fetch(s.base + path)).status, 200, path)
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
        const res = await s.request(method, path)
        assert.deepEqual([res.status, res.body.error.code], [405, 'method_not_allowed'], `${method} ${path}`)
        assert.equal(res.headers.get('allow'), 'GET, HEAD')
      }
    }
  })

  test('an unexpected failure is 500 internal_error with no detail', async () => {
    const { db, close } = await openTestDb()
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
    await load(db, fixture())
    await db.exec('alter table brands rename column name to brand_name') // a bug the code cannot survive
    const res = await app.inject({ url: '/api/creator/v1/brands', headers: { authorization: `Bearer ${TOKENS.cr_a}` } })
    assert.equal(res.statusCode, 500)
    assert.deepEqual(res.json(), { error: { code: 'internal_error', message: 'internal error' } })
    await app.close()
    await close()
  })

  test('the database gone is 503 service_unavailable with Retry-After, and /readyz says so', async () => {
    // close() closes the pool (the database gone) and drops a throwaway PostgreSQL database
    const { db, close } = await openTestDb()
    await load(db, fixture())
    const app = await buildApp({ db, cursorSecrets: [CURSOR_SECRET] })
    assert.equal((await app.inject({ url: '/readyz' })).statusCode, 200)
    await close()
    const res = await app.inject({ url: '/api/creator/v1/brands', headers: { authorization: `Bearer ${TOKENS.cr_a}` } })
    assert.equal(res.statusCode, 503)
    assert.equal(res.json().error.code, 'service_unavailable')
    assert.ok(Number(res.headers['retry-after']) >= 1)
    const ready = await app.inject({ url: '/readyz' })
    assert.equal(ready.statusCode, 503)
    assert.equal(ready.json().error.code, 'service_unavailable')
    assert.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'the process itself is alive')
    await app.close()
  })
})

describe('request ids', () => {
  test('every response carries X-Request-Id; a sane one from the client is kept', async () => {
    const own = await s.get('/api/creator/v1/brands', TOKENS.cr_a, { 'x-request-id': 'client-id-123' })
    assert.equal(own.headers.get('x-request-id'), 'client-id-123')
    const generated = await s.get('/nope')
    assert.match(generated.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
    for (const insane of ['a b', 'x'.repeat(129), 'id\\"}{']) {
      const res = await s.get('/healthz', undefined, { 'x-request-id': insane })
      assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/, insane)
    }
  })
})

describe('health', () => {
  test('/healthz and /readyz answer ok without a token', async () => {
    assert.deepEqual((await s.get('/healthz')).body, { status: 'ok' })
    assert.deepEqual((await s.get('/readyz')).body, {
      status: 'ok',
      databases: [{ name: 'primary', role: 'primary', up: true, lag_ms: null, serving: true }],
    })
  })

  test('probes ignore any query string: a probe never fails on its URL', async () => {
    for (const path of ['/healthz', '/readyz']) {
      for (const q of [
        'limit=abc',
        'limit=',
        'limit=0',
        '%00=1',
        'x=%00',
        'cursor=%01',
        'a=1&a=2',
        'start=0000-01-01',
        '%ff',
        'a=%',
        'x=%E9',
      ]) {
        const res = await s.get(`${path}?${q}`)
        assert.equal(res.status, 200, `${path}?${q}: ${JSON.stringify(res.body)}`)
      }
    }
  })
})

describe('cursor', () => {
  test('a cursor with control characters is malformed: 400 invalid_pagination on every list', async () => {
    const lists = [
      '/api/creator/v1/brands?',
      '/api/creator/v1/reports?start=2026-03-01&end=2026-03-30&',
      '/api/seller/v1/products?brand_id=b_active&',
    ]
    const tokens = [TOKENS.cr_a, TOKENS.cr_a, TOKENS.sl_a]
    for (const [i, list] of lists.entries()) {
      for (const cursor of ['%00', 'abc%0Adef', '%1F%7F', 'WzEsIjIwMjYtMDMtMDEiLDFd%00.sig']) {
        const res = await s.get(`${list}cursor=${cursor}`, tokens[i])
        assert.equal(res.status, 400, `${list}cursor=${cursor}`)
        assert.equal(res.body.error.code, 'invalid_pagination', `${list}cursor=${cursor}: ${res.body.error.message}`)
      }
    }
  })

  test('other parameters with control characters are still 400 invalid_request', async () => {
    const res = await s.get('/api/creator/v1/reports?start=2026-03-01&end=2026-03-30&brand_id=a%00b', TOKENS.cr_a)
    assert.deepEqual(res.body, {
      error: { code: 'invalid_request', message: 'brand_id must not contain control characters' },
    })
  })
})

describe('OpenAPI document and /docs', () => {
  test(
    '/openapi.json is OpenAPI 3.1 with the bearer scheme, bounds, errors with examples, and ' + 'ordering rules',
    async () => {
      const doc = (await s.get('/openapi.json')).body
      assert.equal(doc.openapi, '3.1.0')
      assert.equal(doc.info.version, '1.0.0')
      const bearer = doc.components.securitySchemes.bearerAuth
      assert.deepEqual([bearer.type, bearer.scheme], ['http', 'bearer'])
      assert.match(bearer.description, /creator token.*`\/api\/creator\/v1\/`.*reports/)
      assert.match(bearer.description, /seller or operator token.*`\/api\/seller\/v1\/`.*products/)
      const ops = {
        '/api/creator/v1/brands': { max: 100, def: 25, forbidden: ['forbidden_resource'] },
        '/api/creator/v1/reports': { max: 500, def: 100, forbidden: ['forbidden_resource', 'ads_not_connected'] },
        '/api/seller/v1/brands': { max: 100, def: 25, forbidden: ['forbidden_resource'] },
        '/api/seller/v1/products': { max: 100, def: 25, forbidden: ['forbidden_resource'] },
      }
      for (const [path, want] of Object.entries(ops)) {
        const op = doc.paths[path].get
        assert.ok(
          op.description.includes('Ordered by') ||
            op.description.includes('ordered by') ||
            op.description.includes('Ordered'),
          path,
        )
        const limit = op.parameters.find((p: { name: string }) => p.name === 'limit')
        assert.deepEqual(
          [limit.in, limit.schema.minimum, limit.schema.maximum, limit.schema.default],
          ['query', 1, want.max, want.def],
        )
        assert.ok(op.parameters.find((p: { name: string }) => p.name === 'cursor').schema.maxLength === 512)
        const codes = (status: string) => Object.keys(op.responses[status].content['application/json'].examples)
        assert.deepEqual(codes('400'), ['invalid_request', 'invalid_pagination'])
        assert.deepEqual(codes('401'), ['invalid_api_token'])
        assert.deepEqual(codes('403'), want.forbidden)
        assert.match(op.responses['200'].content['application/json'].schema.$ref, /^#\/components\/schemas\/\w+Page$/)
        assert.notEqual(op.responses['200'].description, 'Default Response')
        const extra = path === '/api/creator/v1/reports' ? ['Changes-Cursor'] : []
        assert.deepEqual(Object.keys(op.responses['200'].headers), [
          'X-Request-Id',
          'RateLimit',
          'RateLimit-Policy',
          ...extra,
        ])
        assert.deepEqual(Object.keys(op.responses['401'].headers), ['X-Request-Id', 'WWW-Authenticate'])
        assert.deepEqual(Object.keys(op.responses['429'].headers), [
          'X-Request-Id',
          'RateLimit',
          'RateLimit-Policy',
          'Retry-After',
        ])
        assert.ok(op.responses['431'], '431 is documented')
        assert.equal(op.responses['400'].content['application/json'].schema.$ref, '#/components/schemas/Error')
      }
      // named schemas, referred to; closed value sets are enums; money and basis points integers
      const schemas = doc.components.schemas
      for (const name of [
        'Brand',
        'BrandPage',
        'Product',
        'ProductPage',
        'Commission',
        'ReportRow',
        'ReportLink',
        'ReportPage',
        'Error',
        'SellerBrand',
        'SellerBrandPage',
      ]) {
        assert.ok(schemas[name], `components/schemas/${name}`)
      }
      assert.equal(schemas.MarketplaceCode.enum.length, 23)
      assert.deepEqual(schemas.Currency.enum.slice().sort(), [
        'AED',
        'AUD',
        'BRL',
        'CAD',
        'EGP',
        'EUR',
        'GBP',
        'INR',
        'JPY',
        'MXN',
        'PLN',
        'SAR',
        'SEK',
        'SGD',
        'TRY',
        'USD',
        'ZAR',
      ])
      assert.equal(schemas.ReportRow.properties.marketplace.$ref, '#/components/schemas/MarketplaceCode')
      assert.equal(schemas.ReportRow.properties.currency.$ref, '#/components/schemas/Currency')
      assert.equal(schemas.Product.properties.country_code.$ref, '#/components/schemas/MarketplaceCode')
      for (const f of ['rate_bps', 'flat_cents']) assert.equal(schemas.Commission.properties[f].type, 'integer', f)
      for (const f of ['sales_cents', 'commission_cents'])
        assert.equal(schemas.ReportRow.properties[f].type, 'integer', f)
      assert.equal(schemas.Product.properties.price_cents.type, 'integer')
      // the probes have operation ids and described answers
      assert.equal(doc.paths['/healthz'].get.operationId, 'getLiveness')
      assert.equal(doc.paths['/readyz'].get.operationId, 'getReadiness')
      assert.notEqual(doc.paths['/healthz'].get.responses['200'].description, 'Default Response')
      const reportParams = doc.paths['/api/creator/v1/reports'].get.parameters
      const required = reportParams
        .filter((p: { required?: boolean }) => p.required)
        .map((p: { name: string }) => p.name)
      assert.deepEqual(required.sort(), ['end', 'start'])
      assert.ok(!('/openapi.json' in doc.paths), 'the document route itself is hidden')
    },
  )

  test('/docs is served with its assets from this service, no CDN', async () => {
    const res = await fetch(`${s.base}/docs/`)
    assert.equal(res.status, 200)
    const html = await res.text()
    assert.match(html, /swagger-ui/)
    assert.ok(!/src="https?:\/\//.test(html) && !/href="https?:\/\//.test(html), 'no external assets')
    const assets = [...html.matchAll(/(?:src|href)="\.?\/?([^"]+\.(?:js|css))"/g)].map((m) => m[1])
    assert.ok(assets.length > 0)
    for (const a of assets) {
      const r = await fetch(new URL(a!, `${s.base}/docs/`))
      assert.equal(r.status, 200, a)
      // read to the end: an unread body holds the connection open past the server's close
      assert.ok((await r.arrayBuffer()).byteLength > 0, a)
    }
  })
})

describe('logs', () => {
  test('one JSON line per request with id, route, status and duration; tokens never logged', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...String(chunk).split('\n').filter(Boolean))
        cb()
      },
    })
    const logger = { ...(defaultLogger('info') as object), stream }
    const app = await buildApp({ db: s.db, cursorSecrets: [CURSOR_SECRET], logger: logger as never })
    await app.inject({
      url: '/api/creator/v1/brands?limit=1',
      headers: { authorization: `Bearer ${TOKENS.cr_a}`, 'x-request-id': 'log-test-1' },
    })
    await app.inject({ url: '/api/creator/v1/brands', headers: { authorization: `Bearer ${TOKENS.revoked}` } })
    await app.close()
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')
    assert.equal(requests.length, 2)
    assert.deepEqual(
      { reqId: requests[0].reqId, route: requests[0].route, status: requests[0].status, method: requests[0].method },
      { reqId: 'log-test-1', route: '/api/creator/v1/brands', status: 200, method: 'GET' },
    )
    assert.equal(typeof requests[0].ms, 'number')
    assert.equal(requests[1].status, 401)
    const all = lines.join('\n')
    for (const t of [TOKENS.cr_a, TOKENS.revoked]) assert.ok(!all.includes(t), 'a token reached the log')
    assert.ok(!/authorization/i.test(all))
  })
})
