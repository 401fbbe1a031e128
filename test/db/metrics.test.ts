// Prometheus metrics of the real `csapi serve`: on their own listener (never the public port),
// moving with traffic — requests by route and status, latency, pools, token lookups, rate-limit
// rejections, database state — plus committed ingest runs and process metrics.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cliProcess, createTestDatabase, sample, type TestDatabase } from '../support/helpers.js'

let t: TestDatabase
let work: string
let server: ReturnType<typeof cliProcess>
let base = ''
let metricsUrl = ''
let creatorToken = ''

before(async () => {
  t = await createTestDatabase({ migrated: true })
  work = mkdtempSync(join(tmpdir(), 'csapi-metrics-'))
  const demo = cliProcess(t.url, ['demo', '--amazon-reports', join(work, 'reports')])
  const [demoCode] = await demo.exit
  assert.equal(demoCode, 0, demo.output())
  creatorToken = /creator\s+\S+\s+(\S+)/.exec(demo.output())![1]!
  const ingest = cliProcess(t.url, ['ingest', 'amazon-attribution', join(work, 'reports')])
  const [ingestCode] = await ingest.exit
  assert.equal(ingestCode, 0, ingest.output())
  server = cliProcess(t.url, ['serve', '--port', '0'], {
    CSAPI_METRICS_PORT: '0',
    CSAPI_RATE_LIMIT_BURST: '30',
    CSAPI_RATE_LIMIT_PER_MINUTE: '30',
    CSAPI_MAX_EVENT_LOOP_DELAY_MS: '0',
    LOG_LEVEL: 'info',
  })
  base = (await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/))[1]!
  metricsUrl = (await server.waitFor(/"metrics":"(http:\/\/127\.0\.0\.1:\d+\/metrics)"/))[1]!
})

after(async () => {
  server?.child.kill('SIGTERM')
  await server?.exit
  await t.drop()
  rmSync(work, { recursive: true, force: true })
})

const scrape = async () => {
  const res = await fetch(metricsUrl)
  assert.equal(res.status, 200)
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/)
  return res.text()
}
const get = (path: string, token = creatorToken) =>
  fetch(base + path, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)

test('metrics are on their own listener, not on the public port', async () => {
  assert.notEqual(new URL(metricsUrl).port, new URL(base).port)
  assert.equal(await get('/metrics'), 404)
  assert.equal((await fetch(metricsUrl.replace('/metrics', '/other'))).status, 404)
})

test('counters move with traffic; labels are route patterns, never URLs or tokens', async () => {
  const before = await scrape()
  const brands = { route: '/api/creator/v1/brands', method: 'GET', status: '200' }
  for (let i = 0; i < 5; i++) assert.equal(await get('/api/creator/v1/brands?limit=3'), 200)
  for (let i = 0; i < 3; i++)
    assert.equal(await get('/api/creator/v1/brands', 'csapi_not_a_real_token_at_all_0000000000000000'), 401)
  // the path's parts are letters: a metric's value is digits, and once held 12345 (0.012345343)
  assert.equal(await get('/nope/qzxv?secret=abc'), 404)
  const text = await scrape()
  assert.equal(
    sample(text, 'csapi_http_requests_total', brands) - sample(before, 'csapi_http_requests_total', brands),
    5,
  )
  assert.equal(
    sample(text, 'csapi_http_requests_total', { ...brands, status: '401' }) -
      sample(before, 'csapi_http_requests_total', { ...brands, status: '401' }),
    3,
  )
  assert.ok(sample(text, 'csapi_http_request_duration_seconds_count', brands) >= 5)
  assert.ok(sample(text, 'csapi_http_requests_total', { route: 'unknown', status: '404' }) >= 1)
  assert.doesNotMatch(text, /nope|qzxv|secret=|csapi_not_a_real_token/, 'no URL or token in a label')
  assert.ok(sample(text, 'csapi_token_lookups_total', { result: 'hit' }) >= 3, 'the token cache answered')
  assert.ok(sample(text, 'csapi_token_lookups_total', { result: 'miss' }) >= 1)
  assert.equal(sample(text, 'csapi_db_up', { database: 'primary', role: 'primary' }), 1)
  assert.ok(sample(text, 'csapi_db_reads_total', { database: 'primary' }) >= 5)
  assert.match(text, /csapi_db_pool_connections\{database="primary",state="idle"\} \d+/)
  assert.ok(sample(text, 'csapi_process_cpu_seconds_total') > 0, 'process metrics')
  assert.ok(sample(text, 'csapi_nodejs_heap_size_used_bytes') > 0)
})

test('rate-limit rejections are counted by policy', async () => {
  const before = sample(await scrape(), 'csapi_rate_limit_rejections_total', { policy: 'default' })
  let limited = 0
  for (let i = 0; i < 40; i++) if ((await get('/api/creator/v1/brands?limit=1')) === 429) limited++
  assert.ok(limited > 0)
  const after = sample(await scrape(), 'csapi_rate_limit_rejections_total', { policy: 'default' })
  assert.equal(after - before, limited)
})

test('committed ingest runs, recorded by csapi ingest in the database, are reported', async () => {
  const text = await scrape()
  assert.equal(sample(text, 'csapi_ingest_runs_total'), 1)
  assert.ok(sample(text, 'csapi_ingest_rows_read_total') > 100)
  assert.ok(sample(text, 'csapi_ingest_report_rows_written_total') > 0)
  assert.ok(sample(text, 'csapi_ingest_last_run_seconds') > 0)
  assert.ok(sample(text, 'csapi_ingest_last_run_timestamp_seconds') > Date.now() / 1000 - 3600)
})

// hooks added after listen used to throw: the metrics listener left serve half started, without
// its "serving" line nor its SIGTERM handler (found by the webhooks test)
test('SIGTERM: the service and its metrics listener shut down cleanly, exit 0', async () => {
  assert.match(server.output(), /"msg":"serving"/, 'started to the end')
  server.child.kill('SIGTERM')
  const [code] = await server.exit
  assert.equal(code, 0, server.output())
  await assert.rejects(fetch(metricsUrl), 'the metrics listener is closed')
})
