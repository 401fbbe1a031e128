// `csapi … | head`: when the reader of the output stops reading, the command stops at once and
// quietly — no stack, no message — with the status of a process ended by SIGPIPE (141), as other
// Unix tools do. The outputs are larger than a pipe holds, so the command is still writing when
// head exits. The built command (bin/csapi.js → dist/) runs in bash, as a user types it.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile, spawnSync } from 'node:child_process'
import { promisify } from 'node:util'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestDatabase, load, startServer, type TestDatabase, type TestServer } from '../support/helpers.js'
import { openDb } from '../../src/db/index.js'
import { tempDir } from '../support/temp-dir.js'

const ROWS = 1200
const TOKEN = 'test_token_pipe_creator_001'
const FIRST = Date.parse('2022-01-01')
const days = Array.from({ length: ROWS }, (_, i) => new Date(FIRST + i * 86_400_000).toISOString().slice(0, 10))
const dataset = {
  accounts: [{ id: 'cr_pipe', role: 'creator', name: 'Pipe' }],
  api_tokens: [{ account_id: 'cr_pipe', token: TOKEN, name: 'test' }],
  brands: [{ id: 'b_pipe', name: 'Pipe Brand', status: 'active' }],
  products: [
    {
      id: 'p_pipe',
      brand_id: 'b_pipe',
      asin: 'B0PIPE0001',
      title: 'Pipe product',
      status: 'active',
      country_code: 'US',
      commission: { type: 'percentage', rate_bps: 1000 },
    },
  ],
  links: [
    {
      id: 'l_pipe',
      creator_id: 'cr_pipe',
      brand_id: 'b_pipe',
      product_id: 'p_pipe',
      short_url: 'https://go.example.link/pipe',
      destination_url: 'https://www.amazon.com/dp/B0PIPE0001',
    },
  ],
  report_rows: days.map((date, i) => ({
    date,
    link_id: 'l_pipe',
    product_id: 'p_pipe',
    marketplace: 'US',
    currency: 'USD',
    sales_cents: 1000 + i,
    commission_cents: 100 + (i % 7),
    commission_status: 'approved',
    orders: 1,
    units_sold: 1,
    clicks: 10,
    detail_page_views: 5,
    add_to_carts: 1,
  })),
}

const run = promisify(execFile)
const dir = tempDir('csapi-pipe-')
let t: TestDatabase
let s: TestServer
before(async () => {
  t = await createTestDatabase({ migrated: true })
  const db = await openDb(t.url)
  await load(db, dataset)
  await db.close()
  s = await startServer(dataset)
})
after(async () => {
  await s?.close()
  await t?.drop()
})

/**
 * `csapi ARGS | head -N` in bash: what head printed, csapi's standard error and exit status. Not
 * spawnSync: the API server that export reads from runs in this process.
 */
async function piped(args: string[], lines: number, env: Record<string, string> = {}) {
  const err = join(dir, 'stderr')
  const status = join(dir, 'status')
  const script = `node bin/csapi.js "$@" 2>'${err}' | head -${lines}; echo "\${PIPESTATUS[0]}" >'${status}'`
  const { stdout } = await run('bash', ['-c', script, 'csapi', ...args], {
    env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent', ...env },
    timeout: 120_000,
  })
  return { out: stdout, err: readFileSync(err, 'utf8'), status: Number(readFileSync(status, 'utf8')) }
}

test('csapi payouts show ID --format csv | head -1: the header, then a quiet 141', async () => {
  const paid = spawnSync(process.execPath, ['bin/csapi.js', 'commissions', 'pay', '--creator', 'cr_pipe'], {
    env: { ...process.env, DATABASE_URL: t.url },
    encoding: 'utf8',
  })
  assert.equal(paid.status, 0, paid.stderr)
  const id = /\b(po_\w+)/.exec(paid.stdout)![1]!
  const whole = spawnSync(process.execPath, ['bin/csapi.js', 'payouts', 'show', id, '--format', 'csv'], {
    env: { ...process.env, DATABASE_URL: t.url },
    encoding: 'utf8',
  })
  assert.equal(whole.stdout.split('\n').length, ROWS + 2, 'every line, and the output is more than a pipe holds')
  assert.ok(whole.stdout.length > 65_536)

  const r = await piped(['payouts', 'show', id, '--format', 'csv'], 1)
  assert.equal(r.out, whole.stdout.split('\n')[0] + '\n')
  assert.equal(r.err, '')
  assert.equal(r.status, 141)
})

test('csapi export reports … --format ndjson | head -2: two rows, then a quiet 141', async () => {
  const args = ['export', 'reports', '--start', days[0]!, '--end', days.at(-1)!, '--format', 'ndjson']
  const r = await piped(args, 2, { CSAPI_TOKEN: TOKEN, CSAPI_BASE_URL: s.base })
  const rows = r.out.trimEnd().split('\n')
  assert.equal(rows.length, 2)
  assert.deepEqual(
    rows.map((l) => (JSON.parse(l) as { date: string }).date),
    days.slice(0, 2),
  )
  assert.equal(r.err, '')
  assert.equal(r.status, 141)
})
