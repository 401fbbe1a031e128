// The exit status rule of `csapi` (docs/architecture.md, "Exit statuses"), command by command:
// 2 when the command line is wrong (an option's value, a missing argument, a file, account, token,
// payout, endpoint or event it names that is not there), 1 when it was right and the work failed
// (a file's content refused, the database down, the API refusing the token, the configuration).
// Every command has cases of both; the last test fails when a command is added without them.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { createTestDatabase, load, startServer, type TestDatabase, type TestServer } from '../support/helpers.js'
import { tempDir } from '../support/temp-dir.js'
import { DAYS, TOKENS, day, fixture } from '../support/fixture.js'
import { openDb } from '../../src/db/index.js'
import { commandsOf, main, pathOf, program } from '../../src/cli/main.js'
import type { Io } from '../../src/cli/io.js'

/** A PostgreSQL address where nothing listens: the database does not answer. */
const DOWN = 'postgres://127.0.0.1:1/csapi'
const dir = tempDir('csapi-exit-')
let t: TestDatabase
let s: TestServer
let endpoint = ''

async function csapi(argv: string[], env: Record<string, string | undefined> = {}, extra: Partial<Io> = {}) {
  let out = ''
  let err = ''
  const stdout = new Writable({ write: (c, _e, done) => done(void (out += c)) })
  const stderr = new Writable({ write: (c, _e, done) => done(void (err += c)) })
  const code = await main(argv, {
    stdout,
    stderr,
    env: { DATABASE_URL: t.url, LOG_LEVEL: 'silent', CSAPI_BASE_URL: s.base, CSAPI_TOKEN: TOKENS.cr_a, ...env },
    maxRetries: 0,
    ...extra,
  })
  return { code, out, err }
}

before(async () => {
  t = await createTestDatabase({ migrated: true })
  const db = await openDb(t.url)
  await load(db, fixture())
  await db.close()
  s = await startServer(fixture())
  mkdirSync(join(dir, 'empty'))
  writeFileSync(join(dir, 'broken.json'), '{"accounts": [')
  writeFileSync(join(dir, 'refused.json'), JSON.stringify({ brands: [{ id: 'b_x', name: 'X', status: 'live' }] }))
  writeFileSync(join(dir, 'report.csv'), 'this is not,an Amazon report\n1,2\n')
  const added = await csapi(['webhooks', 'add', '--account', 'cr_a', '--url', 'https://hooks.example.com/csapi'])
  assert.equal(added.code, 0, added.err)
  endpoint = added.out.split('\n')[0]!
})
after(async () => {
  await s?.close()
  await t?.drop()
})

interface Case {
  argv: string[]
  code: 1 | 2
  message: RegExp
  env?: Record<string, string | undefined>
  /** Run the real binary (dist/): the command would leave a server or database open in this process. */
  spawn?: boolean
}

const file = (name: string) => join(dir, name)
const down = { DATABASE_URL: DOWN }
const refused = /ECONNREFUSED 127\.0\.0\.1:1 — is PostgreSQL running/
const [start, end] = [day(0), day(DAYS - 1)]

/** Leaf command → its cases; `argv` follows the command's path. */
const CASES: () => Record<string, Case[]> = () => ({
  'csapi serve': [
    { argv: ['--workers', '0'], code: 2, message: /--workers must be a number from 1 to 999/ },
    {
      argv: ['--host', '192.0.2.1', '--port', '0'], // TEST-NET-1: documentation only, on no machine
      code: 2,
      message: /--host 192\.0\.2\.1 is not an address of this machine \(EADDRNOTAVAIL\)/,
      spawn: true,
    },
    { argv: ['--port', '0'], env: down, code: 1, message: refused },
    { argv: ['--port', '0'], env: { PORT: '1', CSAPI_DB_POOL_SIZE: 'many' }, code: 1, message: /configuration:/ },
  ],
  'csapi migrate': [
    { argv: ['now'], code: 2, message: /too many arguments for 'migrate'/ },
    { argv: [], env: { DATABASE_URL: 'mysql://x' }, code: 1, message: /configuration: DATABASE_URL must start/ },
    { argv: [], env: down, code: 1, message: refused },
  ],
  'csapi import': [
    { argv: ['/nonexistent.json'], code: 2, message: /cannot read \/nonexistent\.json: ENOENT/ },
    { argv: [file('broken.json')], code: 1, message: /not valid JSON/ },
    { argv: [file('refused.json')], code: 1, message: /refused whole; nothing was imported/ },
  ],
  'csapi tokens create': [
    { argv: ['--account', 'nobody'], code: 2, message: /no account "nobody": import it first/ },
    {
      argv: ['--account', 'cr_a', '--expires-in', '99999999999d'],
      code: 2,
      message: /--expires-in must be at most 36500d/,
    },
    { argv: ['--account', 'cr_a'], env: down, code: 1, message: refused },
  ],
  'csapi tokens list': [
    { argv: ['--account', 'nobody'], code: 2, message: /no account "nobody"/ },
    { argv: [], env: down, code: 1, message: refused },
  ],
  'csapi tokens revoke': [
    { argv: ['tok_nope'], code: 2, message: /no token "tok_nope"/ },
    { argv: ['tok_nope'], env: down, code: 1, message: refused },
  ],
  'csapi demo': [
    { argv: ['--size', 'huge'], code: 2, message: /Allowed choices are small, medium, large/ },
    { argv: ['--port', '70000'], code: 2, message: /--port must be a number from 0 to 65535/ },
    { argv: [], env: down, code: 1, message: refused },
  ],
  'csapi ingest amazon-attribution': [
    { argv: ['/nonexistent'], code: 2, message: /cannot read \/nonexistent: ENOENT/ },
    { argv: [file('empty')], code: 2, message: /no report files given/ },
    { argv: [file('report.csv')], code: 1, message: /refused whole; nothing was ingested/ },
    { argv: [file('report.csv')], env: down, code: 1, message: refused },
  ],
  'csapi sandbox create': [
    { argv: ['--seed', 'abc'], code: 2, message: /--seed must be a number from 0 to 2147483647/ },
    { argv: ['--date', '2026-02-30'], code: 2, message: /--date must be a day YYYY-MM-DD/ },
    { argv: ['--date', '9999-12-20'], code: 2, message: /--date must be from 2000-03-31 to 2101-01-01: / },
    { argv: ['--date', '2000-03-30'], code: 2, message: /--date must be from 2000-03-31 to 2101-01-01: / },
    { argv: [], env: down, code: 1, message: refused },
  ],
  'csapi sandbox list': [
    { argv: ['now'], code: 2, message: /too many arguments for 'list'/ },
    { argv: [], env: down, code: 1, message: refused },
  ],
  'csapi sandbox delete': [
    { argv: ['sbx_nope'], code: 2, message: /no sandbox "sbx_nope"/ },
    { argv: ['sbx_nope'], env: down, code: 1, message: refused },
  ],
  'csapi commissions approve': [
    { argv: ['--through', '2026-02-30'], code: 2, message: /--through must be a day YYYY-MM-DD/ },
    { argv: [], env: down, code: 1, message: refused },
  ],
  'csapi commissions pay': [
    { argv: ['--creator', 'nobody'], code: 2, message: /no account "nobody"/ },
    { argv: ['--creator', 'sl_a'], code: 2, message: /account "sl_a" is a seller, not a creator/ },
    { argv: ['--creator', 'cr_a'], env: down, code: 1, message: refused },
  ],
  'csapi payouts list': [
    { argv: ['--creator', 'nobody'], code: 2, message: /no account "nobody"/ },
    { argv: ['--limit', '0'], code: 2, message: /--limit must be a number from 1 to 1000/ },
    { argv: [], env: down, code: 1, message: refused },
  ],
  'csapi payouts show': [
    { argv: ['po_nope'], code: 2, message: /no payout "po_nope"/ },
    { argv: ['po_nope'], env: down, code: 1, message: refused },
  ],
  'csapi export reports': [
    { argv: ['--start', start], code: 2, message: /--start and --end are required/ },
    { argv: ['--start', end, '--end', start], code: 2, message: /end must not be before start.*invalid_request/ },
    { argv: ['--start', start, '--end', end, '--out', '/nonexistent/r.csv'], code: 2, message: /cannot write --out/ },
    { argv: ['--start', start, '--end', end], env: { CSAPI_TOKEN: 'x'.repeat(30) }, code: 1, message: /HTTP 401/ },
    { argv: ['--start', start, '--end', end], env: { CSAPI_TOKEN: '' }, code: 1, message: /set CSAPI_TOKEN/ },
  ],
  'csapi export seller-reports': [
    { argv: ['--brand-id', 'b_active', '--start', start], code: 2, message: /required option '--end <date>'/ },
    {
      argv: ['--brand-id', 'b_active', '--start', start, '--end', end, '--limit', '501'],
      code: 2,
      message: /--limit must be a number from 1 to 500/,
    },
    { argv: ['--brand-id', 'b_active', '--start', start, '--end', end], code: 1, message: /HTTP 403/ },
  ],
  'csapi export products': [
    { argv: [], code: 2, message: /required option '--brand-id <id>'/ },
    { argv: ['--brand-id', 'b_active'], code: 1, message: /forbidden_resource, HTTP 403/ },
  ],
  'csapi export payouts': [
    { argv: ['--limit', '101'], code: 2, message: /--limit must be a number from 1 to 100/ },
    { argv: [], env: { CSAPI_BASE_URL: 'http://127.0.0.1:1' }, code: 1, message: /connection_error/ },
  ],
  'csapi webhooks add': [
    { argv: ['--account', 'nobody', '--url', 'https://h.example.com/'], code: 2, message: /no account nobody/ },
    { argv: ['--account', 'sl_a', '--url', 'https://h.example.com/'], code: 2, message: /sl_a is a seller/ },
    { argv: ['--account', 'cr_a', '--url', 'https://127.0.0.1/'], code: 2, message: /private, loopback/ },
    {
      argv: ['--account', 'cr_a', '--url', 'https://h.example.com/', '--events', 'nope'],
      code: 2,
      message: /unknown event type nope/,
    },
    { argv: ['--account', 'cr_a', '--url', 'https://h.example.com/'], env: down, code: 1, message: refused },
  ],
  'csapi webhooks list': [
    { argv: ['we_x'], code: 2, message: /too many arguments/ },
    { argv: [], env: down, code: 1, message: refused },
  ],
  'csapi webhooks remove': [
    { argv: ['we_nope'], code: 2, message: /no webhook endpoint we_nope/ },
    { argv: ['we_nope'], env: down, code: 1, message: refused },
  ],
  'csapi webhooks enable': [
    { argv: ['we_nope'], code: 2, message: /no webhook endpoint we_nope/ },
    { argv: ['we_nope'], env: down, code: 1, message: refused },
  ],
  'csapi webhooks rotate-secret': [
    { argv: ['we_nope'], code: 2, message: /no webhook endpoint we_nope/ },
    { argv: [endpoint, '--overlap', '3w'], code: 2, message: /--overlap must look like 90d, 12h or 30m/ },
    { argv: [endpoint], env: down, code: 1, message: refused },
  ],
  'csapi webhooks test': [
    { argv: ['we_nope'], code: 2, message: /no webhook endpoint we_nope/ },
    { argv: [endpoint, '--wait', '1'], code: 1, message: /not delivered within 1 s/ },
  ],
  'csapi webhooks deliveries': [
    { argv: ['--endpoint', 'we_nope'], code: 2, message: /no webhook endpoint we_nope/ },
    { argv: [], env: down, code: 1, message: refused },
  ],
  'csapi webhooks replay': [
    { argv: [], code: 2, message: /give either an event id or --since TIME/ },
    { argv: ['evt_nope'], code: 2, message: /no event evt_nope/ },
    { argv: ['--since', '2026-01-01T00:00:00Z', '--endpoint', 'we_nope'], code: 2, message: /no webhook endpoint/ },
    { argv: ['evt_nope'], env: down, code: 1, message: refused },
  ],
})

const quiet = new Writable({ write: (_c, _e, done) => done() })
const leaves = commandsOf(program({ stdout: quiet, stderr: quiet, env: {} }))
  .filter((c) => c.commands.length === 0)
  .map(pathOf)

for (const path of leaves) {
  test(`${path}: 2 when the command line is wrong, 1 when the work fails`, async () => {
    const cases = CASES()[path]
    assert.ok(cases, `no exit status cases for ${path}`)
    const words = path.split(' ').slice(1)
    for (const c of cases) {
      const argv = [...words, ...c.argv]
      const r = c.spawn ? real(argv, c.env) : await csapi(argv, c.env)
      const what = `${argv.join(' ')} → ${r.code}\n${r.err}`
      assert.equal(r.code, c.code, what)
      assert.match(r.err, c.message, what)
      assert.match(r.err, /^csapi: /, what)
      assert.doesNotMatch(r.err, /^\s+at /m, 'no stack trace')
      if (c.code === 2)
        assert.match(r.err, new RegExp(`\\nusage: ${path} .*\\nRun "${path} --help" for details\\.\\n$`))
      else assert.doesNotMatch(r.err, /\nusage: /, what)
    }
  })
}

test('every command has a case of each status (where it can fail at all)', () => {
  const cases = CASES()
  assert.deepEqual(Object.keys(cases).sort(), [...leaves].sort())
  for (const [path, list] of Object.entries(cases)) {
    assert.ok(
      list.some((c) => c.code === 2),
      `${path}: a case of 2`,
    )
    assert.ok(
      list.some((c) => c.code === 1),
      `${path}: a case of 1`,
    )
  }
})

test('csapi --version and -V print the package version and exit 0', () => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }
  for (const flag of ['--version', '-V']) {
    const r = real([flag])
    assert.equal(r.code, 0, r.err)
    assert.equal(r.out, `csapi ${version}\n`)
  }
})

/** The built command (bin/csapi.js → dist/) as a process. */
function real(argv: string[], env: Record<string, string | undefined> = {}) {
  const r = spawnSync(process.execPath, ['bin/csapi.js', ...argv], {
    env: { ...process.env, DATABASE_URL: t.url, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { code: r.status, out: r.stdout, err: r.stderr }
}
