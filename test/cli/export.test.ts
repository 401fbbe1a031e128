// `csapi export`: streamed CSV/NDJSON through the client against the real server, and resuming
// an interrupted export to exactly the bytes of an uninterrupted one.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { parse as parseCsv } from 'csv-parse/sync'
import { startServer, type TestServer } from '../support/helpers.js'
import { DAYS, TOKENS, day, fixture } from '../support/fixture.js'
import { Client, type FetchLike } from '../../src/client/index.js'
import { main } from '../../src/cli/main.js'
import type { Io } from '../../src/cli/io.js'
import { REPORT_COLUMNS, csvField } from '../../src/cli/export-format.js'

const ds = fixture()
const exportCommand = (argv: string[], io: Partial<Io>) => main(['export', ...argv], io)
let s: TestServer
let dir: string
before(async () => {
  s = await startServer(ds)
  dir = mkdtempSync(join(tmpdir(), 'csapi-export-'))
})
after(async () => {
  await s.close()
  rmSync(dir, { recursive: true, force: true })
})

const start = day(0)
const end = day(DAYS - 1)
let n = 0
const file = (ext: string) => join(dir, `out-${++n}.${ext}`)

function io(token: string, extra: Partial<Io> = {}) {
  const stdout = new PassThrough()
  const chunks: Buffer[] = []
  stdout.on('data', (c: Buffer) => chunks.push(c))
  let err = ''
  const stderr = new PassThrough() as PassThrough & { isTTY?: boolean }
  stderr.on('data', (c: Buffer) => (err += c.toString()))
  return {
    io: {
      env: { CSAPI_TOKEN: token, CSAPI_BASE_URL: s.base },
      stdout,
      stderr,
      signal: new AbortController().signal,
      ...extra,
    },
    stdout: () => Buffer.concat(chunks).toString(),
    stderr: () => err,
  }
}

const allReports = () =>
  new Client({ token: TOKENS.cr_a, baseUrl: s.base }).creator.reports.list({ start, end, limit: 500 }).toArray()

describe('export reports', () => {
  test('CSV: a header and one flattened line per row, as the API lists them', async () => {
    const out = file('csv')
    const t = io(TOKENS.cr_a)
    assert.equal(
      await exportCommand(['reports', '--start', start, '--end', end, '--out', out, '--limit', '7'], t.io),
      0,
      t.stderr(),
    )
    const rows = parseCsv(readFileSync(out), { columns: true }) as Record<string, string>[]
    const expected = await allReports()
    assert.equal(rows.length, expected.length)
    assert.deepEqual(
      Object.keys(rows[0]!),
      REPORT_COLUMNS.map(([c]) => c),
    )
    expected.forEach((r, i) => {
      const got = rows[i]!
      assert.equal(got.date, r.date)
      assert.equal(Number(got.commission_cents), r.commission_cents)
      assert.equal(got.commission_status, r.commission_status)
      assert.equal(got.link_id, r.link.id)
      assert.equal(got.link_tracking_id, r.link.tracking_id)
      assert.equal(got.link_destination_url, r.link.destination_url)
    })
    assert.ok(!existsSync(out + '.cursor'), 'the sidecar is removed when done')
    assert.match(
      t.stderr(),
      new RegExp(
        `^exported ${expected.length} report rows in ${Math.ceil(expected.length / 7)} pages to ` +
          `.* as csv in [0-9.]+ s\\n$`,
      ),
    )
  })

  test('NDJSON to standard output, with filters', async () => {
    const t = io(TOKENS.cr_a)
    assert.equal(
      await exportCommand(
        [
          'reports',
          '--start',
          start,
          '--end',
          end,
          '--marketplace',
          'UK',
          '--link-id',
          'l_a1',
          '--format',
          'ndjson',
          '--limit',
          '3',
        ],
        t.io,
      ),
      0,
      t.stderr(),
    )
    const lines = t
      .stdout()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l))
    const expected = (await allReports()).filter((r) => r.marketplace === 'UK' && r.link.id === 'l_a1')
    assert.ok(expected.length > 3)
    assert.deepEqual(lines, expected)
  })

  test('each page is on disk before the next page is requested (flat memory)', async () => {
    const out = file('ndjson')
    const sizes: number[] = []
    const f: FetchLike = (url, init) => {
      sizes.push(existsSync(out) ? statSync(out).size : -1)
      return fetch(url, init)
    }
    const t = io(TOKENS.cr_a, { fetch: f })
    assert.equal(
      await exportCommand(
        ['reports', '--start', start, '--end', end, '--format', 'ndjson', '--out', out, '--limit', '10'],
        t.io,
      ),
      0,
    )
    assert.ok(sizes.length > 3)
    for (let i = 1; i < sizes.length; i++)
      assert.ok(sizes[i]! > sizes[i - 1]!, `page ${i} was written before page ${i + 1} was asked for`)
  })

  test('on a terminal, a progress bar by date goes to stderr', async () => {
    const t = io(TOKENS.cr_a)
    ;(t.io.stderr as { isTTY?: boolean }).isTTY = true
    assert.equal(
      await exportCommand(['reports', '--start', start, '--end', end, '--out', file('csv'), '--limit', '500'], t.io),
      0,
    )
    assert.match(t.stderr(), /\r\[#+-*\] +\d+% \d{4}-\d\d-\d\d +[\d,]+ rows +1 pages/)
  })

  for (const format of ['csv', 'ndjson']) {
    test(`${format}: an interrupted export resumes to exactly the bytes of an uninterrupted one`, async () => {
      const args = (out: string) => [
        'reports',
        '--start',
        start,
        '--end',
        end,
        '--format',
        format,
        '--out',
        out,
        '--limit',
        '6',
      ]
      const whole = file(format)
      assert.equal(await exportCommand(args(whole), io(TOKENS.cr_a).io), 0)

      const out = file(format)
      let calls = 0
      // the network goes away on the fourth request; no retry, so the export stops there
      const failing: FetchLike = (url, init) =>
        ++calls === 4 ? Promise.reject(new TypeError('socket hang up')) : fetch(url, init)
      const t1 = io(TOKENS.cr_a, { fetch: failing, maxRetries: 0 })
      assert.equal(await exportCommand(args(out), t1.io), 1)
      assert.match(t1.stderr(), /socket hang up.*--resume/)
      const state = JSON.parse(readFileSync(out + '.cursor', 'utf8'))
      assert.equal(state.pages, 3)
      assert.equal(state.bytes, statSync(out).size)
      // a crash in the middle of writing a page leaves a partial line behind
      appendFileSync(out, format === 'csv' ? '2026-03-09,b_active,p_acti' : '{"date":"2026-03-0')

      const t2 = io(TOKENS.cr_a)
      assert.equal(await exportCommand([...args(out), '--resume'], t2.io), 0, t2.stderr())
      assert.match(t2.stderr(), /resumed after 18\)/)
      assert.ok(readFileSync(out).equals(readFileSync(whole)), 'same bytes')
      assert.ok(!existsSync(out + '.cursor'))
    })
  }

  test('an interruption (Ctrl-C) stops between pages and resumes the same way', async () => {
    const args = (out: string) => ['reports', '--start', start, '--end', end, '--out', out, '--limit', '9']
    const whole = file('csv')
    assert.equal(await exportCommand(args(whole), io(TOKENS.cr_a).io), 0)
    const out = file('csv')
    const ac = new AbortController()
    let calls = 0
    const f: FetchLike = (url, init) => {
      if (++calls === 3) ac.abort(new Error('interrupted'))
      return fetch(url, init)
    }
    const t1 = io(TOKENS.cr_a, { fetch: f, signal: ac.signal })
    assert.equal(await exportCommand(args(out), t1.io), 130)
    assert.match(t1.stderr(), /interrupted; continue with the same command and --resume/)
    assert.ok(existsSync(out + '.cursor'))
    assert.equal(await exportCommand([...args(out), '--resume'], io(TOKENS.cr_a).io), 0)
    assert.ok(readFileSync(out).equals(readFileSync(whole)))
  })

  test('a sidecar is never silently overwritten, nor resumed with other options', async () => {
    const out = file('csv')
    writeFileSync(
      out + '.cursor',
      JSON.stringify({
        version: 1,
        kind: 'reports',
        format: 'csv',
        query: { start, end },
        cursor: null,
        bytes: 0,
        rows: 0,
        pages: 0,
      }),
    )
    const t1 = io(TOKENS.cr_a)
    assert.equal(await exportCommand(['reports', '--start', start, '--end', end, '--out', out], t1.io), 2)
    assert.match(t1.stderr(), /was interrupted\. Add --resume/)
    const t2 = io(TOKENS.cr_a)
    assert.equal(
      await exportCommand(['reports', '--start', start, '--end', day(3), '--out', out, '--resume'], t2.io),
      2,
    )
    assert.match(t2.stderr(), /belongs to another export/)
    const t3 = io(TOKENS.cr_a)
    assert.equal(
      await exportCommand(['reports', '--start', start, '--end', end, '--out', file('csv'), '--resume'], t3.io),
      2,
    )
    assert.match(t3.stderr(), /nothing to resume/)
  })

  test('API errors: message, code and request id; nothing is left behind', async () => {
    const out = file('csv')
    const t = io('not_a_token_000000000000000')
    assert.equal(await exportCommand(['reports', '--start', start, '--end', end, '--out', out], t.io), 1)
    assert.match(t.stderr(), /invalid API token.*\(invalid_api_token, HTTP 401, request id [\w-]+\)/)
    assert.ok(!existsSync(out) && !existsSync(out + '.cursor'))
    assert.doesNotMatch(t.stderr(), /--resume/, 'nothing to resume: --resume would say so')
    // a parameter the API refuses came from the command line: a usage mistake, with the API's words
    const t2 = io(TOKENS.cr_a)
    assert.equal(await exportCommand(['reports', '--start', end, '--end', start], t2.io), 2)
    assert.match(t2.stderr(), /end must not be before start.*invalid_request, HTTP 400, request id [\w-]+\)\nusage:/)
  })

  test('usage errors exit 2', async () => {
    for (const argv of [
      ['reports', '--end', end],
      ['reports', '--start', start, '--end', end, '--format', 'xml'],
      ['reports', '--start', start, '--end', end, '--resume'],
      ['products'],
      ['invoices'],
      ['reports', '--start', start, '--end', end, '--limit', '501'],
    ]) {
      const t = io(TOKENS.cr_a)
      assert.equal(await exportCommand(argv, t.io), 2, argv.join(' '))
      assert.match(t.stderr(), /usage:/)
    }
    // the token is configuration, from the environment: exit 1, like a bad DATABASE_URL
    const t = io('')
    assert.equal(await exportCommand(['reports', '--start', start, '--end', end], t.io), 1)
    assert.match(t.stderr(), /^csapi: configuration: set CSAPI_TOKEN to a creator API token\n$/)
  })
})

describe('export products', () => {
  test('CSV for a seller: commission flattened, optional fields empty', async () => {
    const out = file('csv')
    const t = io(TOKENS.sl_a)
    assert.equal(
      await exportCommand(['products', '--brand-id', 'b_active', '--out', out, '--limit', '4'], t.io),
      0,
      t.stderr(),
    )
    const rows = parseCsv(readFileSync(out), { columns: true }) as Record<string, string>[]
    const src = ds.products
      .filter((p) => p.brand_id === 'b_active')
      .sort((a, b) => (a.id as string).localeCompare(b.id as string))
    assert.deepEqual(
      rows.map((r) => r.id),
      src.map((p) => p.id),
    )
    const pct = rows.find((r) => r.id === 'p_active_00')!
    assert.equal(pct.commission_type, 'percentage')
    assert.equal(pct.commission_rate_bps, '1250')
    assert.equal(pct.commission_rate, '0.125')
    const none = rows.find((r) => r.id === 'p_active_02')!
    assert.equal(none.commission_type, '')
    assert.equal(rows.find((r) => r.id === 'p_active_29')!.price_cents, '', 'omitted field → empty cell')
    assert.match(t.stderr(), /exported 30 products in 8 pages/)
  })

  test('a creator token gets a permission error', async () => {
    const t = io(TOKENS.cr_a)
    assert.equal(await exportCommand(['products', '--brand-id', 'b_active'], t.io), 1)
    assert.match(t.stderr(), /forbidden_resource, HTTP 403/)
  })
})

describe('export seller-reports', () => {
  const sellerArgs = (format: string, out: string, extra: string[] = []) => [
    'seller-reports',
    '--brand-id',
    'b_active',
    '--start',
    start,
    '--end',
    end,
    '--format',
    format,
    '--out',
    out,
    ...extra,
  ]
  const sellerRows = () =>
    new Client({ token: TOKENS.sl_a, baseUrl: s.base }).seller.reports
      .list({ brand_id: 'b_active', start, end, limit: 500 })
      .toArray()

  test('CSV: the creator by id and name, the link by id; never its tracking id or URLs', async () => {
    const out = file('csv')
    const t = io(TOKENS.sl_a)
    assert.equal(await exportCommand(sellerArgs('csv', out, ['--limit', '7']), t.io), 0, t.stderr())
    const text = readFileSync(out, 'utf8')
    assert.equal(
      text.split('\n')[0],
      'date,brand_id,product_id,asin,marketplace,currency,creator_id,creator_name,link_id,sales_cents,' +
        'commission_cents,commission_status,orders,units_sold,clicks,detail_page_views,add_to_carts',
    )
    const rows = parseCsv(text, { columns: true }) as Record<string, string>[]
    const api = await sellerRows()
    assert.deepEqual(
      rows.map((r) => `${r.date}|${r.link_id}|${r.product_id}|${r.marketplace}|${r.creator_id}|${r.creator_name}`),
      api.map((r) => `${r.date}|${r.link_id}|${r.product_id}|${r.marketplace}|${r.creator.id}|${r.creator.name}`),
    )
    assert.doesNotMatch(text, /go\.example\.link|amazon\.com\/dp|ig-post-1/)
    assert.match(t.stderr(), new RegExp(`exported ${api.length} report rows in ${Math.ceil(api.length / 7)} pages`))
  })

  test('NDJSON with filters: the rows the API gives', async () => {
    const t = io(TOKENS.op_a)
    const argv = ['seller-reports', '--brand-id', 'b_active', '--start', start, '--end', end, '--format', 'ndjson']
    assert.equal(await exportCommand([...argv, '--creator-id', 'cr_a', '--marketplace', 'uk'], t.io), 0, t.stderr())
    const lines = t
      .stdout()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    const want = (await sellerRows()).filter((r) => r.creator.id === 'cr_a' && r.marketplace === 'UK')
    assert.ok(want.length > 0)
    assert.deepEqual(lines, want)
  })

  for (const format of ['csv', 'ndjson']) {
    test(`${format}: an interrupted export resumes to exactly the bytes of an uninterrupted one`, async () => {
      const whole = file(format)
      assert.equal(await exportCommand(sellerArgs(format, whole, ['--limit', '5']), io(TOKENS.sl_a).io), 0)
      const out = file(format)
      let calls = 0
      const failing: FetchLike = (url, init) =>
        ++calls === 3 ? Promise.reject(new TypeError('socket hang up')) : fetch(url, init)
      const t1 = io(TOKENS.sl_a, { fetch: failing, maxRetries: 0 })
      assert.equal(await exportCommand(sellerArgs(format, out, ['--limit', '5']), t1.io), 1)
      assert.match(t1.stderr(), /socket hang up.*--resume/)
      appendFileSync(out, format === 'csv' ? '2026-03-09,b_active,p_acti' : '{"date":"2026-03-0')
      const t2 = io(TOKENS.sl_a)
      assert.equal(await exportCommand(sellerArgs(format, out, ['--limit', '5', '--resume']), t2.io), 0, t2.stderr())
      assert.match(t2.stderr(), /resumed after 10\)/)
      assert.ok(readFileSync(out).equals(readFileSync(whole)), 'same bytes')
      assert.ok(!existsSync(out + '.cursor'))
    })
  }

  test('an ungranted brand and a creator token: permission errors, nothing left behind', async () => {
    for (const [token, brand] of [
      [TOKENS.sl_a, 'b_secret'],
      [TOKENS.cr_a, 'b_active'],
    ] as const) {
      const out = file('csv')
      const t = io(token)
      const argv = ['seller-reports', '--brand-id', brand, '--start', start, '--end', end, '--out', out]
      assert.equal(await exportCommand(argv, t.io), 1)
      assert.match(t.stderr(), /forbidden_resource, HTTP 403/)
      assert.ok(!existsSync(out) && !existsSync(out + '.cursor'))
    }
  })
})

describe('CSV fields', () => {
  test('quotes, commas, newlines and edge spaces survive a round trip', () => {
    const values = ['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\r\nlf', ' lead', 'trail ', '', 'ünïcødé']
    const line = values.map(csvField).join(',') + '\n'
    assert.deepEqual(parseCsv(line), [values])
    assert.equal(csvField(null), '')
    assert.equal(csvField(undefined), '')
    assert.equal(csvField(12), '12')
  })
})

describe('the csapi command', () => {
  test('csapi export runs from the command line with CSAPI_TOKEN and CSAPI_BASE_URL', async () => {
    const out = file('csv')
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/bin.ts', 'export', 'reports', '--start', start, '--end', end, '--out', out],
      {
        cwd: root,
        env: { ...process.env, CSAPI_TOKEN: TOKENS.cr_b, CSAPI_BASE_URL: s.base },
      },
    )
    assert.equal(stdout, '')
    const rows = parseCsv(readFileSync(out), { columns: true }) as Record<string, string>[]
    const links = new Set(ds.links.filter((l) => l.creator_id === 'cr_b').map((l) => l.id))
    assert.equal(rows.length, ds.report_rows.filter((r) => links.has(r.link_id as string)).length)
    assert.match(stderr, new RegExp(`^exported ${rows.length} report rows in 1 pages`))
  })
})

describe('export reports --changes --state FILE', () => {
  const key = (r: { date: string; link: { id: string }; product_id: string; marketplace: string }) =>
    `${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`
  const read = (out: string) =>
    readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  let state = ''
  let out = ''
  let args: string[] = []
  before(() => {
    state = file('state')
    out = file('ndjson')
    args = ['reports', '--changes', '--state', state, '--out', out, '--format', 'ndjson', '--limit', '7']
  })

  test('the first run appends every row once and keeps the position; a second run appends nothing', async () => {
    const t = io(TOKENS.cr_a)
    assert.equal(await exportCommand(args, t.io), 0, t.stderr())
    const rows = read(out)
    const all = await allReports()
    assert.deepEqual(rows.map(key).sort(), all.map(key).sort())
    assert.equal(new Set(rows.map(key)).size, rows.length, 'each row once')
    assert.match(
      t.stderr(),
      new RegExp(`^exported ${all.length} changed report rows in \\d+ pages .*position kept in `),
    )
    assert.equal(JSON.parse(readFileSync(state, 'utf8')).rows, all.length)
    const again = io(TOKENS.cr_a)
    assert.equal(await exportCommand(args, again.io), 0)
    assert.equal(read(out).length, all.length)
    assert.match(again.stderr(), /^exported 0 changed report rows in 1 pages/)
  })

  test('a changed row is appended with its new values; an interrupted run repeats at most a page', async () => {
    const before = read(out).length
    const all = await allReports()
    const changed = all[3]!
    await s.db.query(
      `update report_rows set clicks = clicks + 5 where date = $1 and link_id = $2 and ` +
        `product_id = $3 and marketplace = $4`,
      [changed.date, changed.link.id, changed.product_id, changed.marketplace],
    )
    const t = io(TOKENS.cr_a)
    assert.equal(await exportCommand(args, t.io), 0, t.stderr())
    const appended = read(out).slice(before)
    assert.deepEqual(appended, [{ ...changed, clicks: changed.clicks + 5 }])

    // change many rows, then cut the run off after its second page
    await s.db.query(
      `update report_rows set clicks = clicks + 1 where link_id in (select id from links where creator_id = 'cr_a')`,
    )
    const start = read(out).length
    let calls = 0
    const failing: FetchLike = (input, init) =>
      ++calls > 2 ? Promise.reject(new TypeError('network down')) : fetch(input, init)
    const cut = io(TOKENS.cr_a, { fetch: failing, maxRetries: 0 })
    assert.equal(await exportCommand(args, cut.io), 1)
    assert.match(cut.stderr(), /run it again: it continues from the position kept in --state/)
    assert.equal(read(out).length - start, 14, 'two pages were written and kept')
    const t2 = io(TOKENS.cr_a)
    assert.equal(await exportCommand(args, t2.io), 0, t2.stderr())
    const tail = read(out).slice(start)
    assert.deepEqual(
      tail.map(key).sort(),
      all.map(key).sort(),
      'after the resumed run every row is there, none repeated here',
    )
    // a keyed consumer ends equal to /reports
    const copy = new Map(read(out).map((r) => [key(r), r]))
    assert.deepEqual(
      [...copy.values()].sort((a, b) => key(a).localeCompare(key(b))),
      (await allReports()).sort((a, b) => key(a).localeCompare(key(b))),
    )
  })

  const changesArgs = (format: string, st: string, o: string, limit = '7') => [
    'reports',
    '--changes',
    '--state',
    st,
    '--out',
    o,
    '--format',
    format,
    '--limit',
    limit,
  ]

  for (const format of ['csv', 'ndjson']) {
    test(`${format}: a page a killed run half wrote is cut off; the file ends as an uninterrupted run's`, async () => {
      const whole = file(format)
      assert.equal(await exportCommand(changesArgs(format, file('state'), whole), io(TOKENS.cr_a).io), 0)
      // what a kill in the middle of a write leaves: a half line (an unclosed CSV quote, half an object)
      const torn = format === 'csv' ? '2026-03-09,b_active,"p_acti' : '{"date":"2026-03-0'

      // killed during the first page: the state holds the file's length and no position yet
      const st = file('state')
      const out = file(format)
      const down: FetchLike = () => Promise.reject(new TypeError('network down'))
      const t0 = io(TOKENS.cr_a, { fetch: down, maxRetries: 0 })
      assert.equal(await exportCommand(changesArgs(format, st, out), t0.io), 1)
      const first = JSON.parse(readFileSync(st, 'utf8'))
      assert.deepEqual([first.cursor, first.bytes], [null, 0])
      appendFileSync(out, (format === 'csv' ? readFileSync(whole, 'utf8').split('\n')[0] + '\n' : '') + torn)

      // then, after two complete pages
      let calls = 0
      const cut: FetchLike = (input, init) =>
        ++calls > 2 ? Promise.reject(new TypeError('network down')) : fetch(input, init)
      const t1 = io(TOKENS.cr_a, { fetch: cut, maxRetries: 0 })
      assert.equal(await exportCommand(changesArgs(format, st, out), t1.io), 1, t1.stderr())
      const kept = JSON.parse(readFileSync(st, 'utf8'))
      assert.equal(kept.bytes, statSync(out).size, 'the state records the length after the last complete page')
      assert.equal(kept.rows, 14)
      appendFileSync(out, torn)

      const t2 = io(TOKENS.cr_a)
      assert.equal(await exportCommand(changesArgs(format, st, out), t2.io), 0, t2.stderr())
      assert.equal(readFileSync(out, 'utf8'), readFileSync(whole, 'utf8'))
      assert.equal(JSON.parse(readFileSync(st, 'utf8')).bytes, statSync(out).size)
    })
  }

  test('a file moved away or emptied by its reader is continued as it is, never cut', async () => {
    const st = file('state')
    const out = file('ndjson')
    assert.equal(await exportCommand(changesArgs('ndjson', st, out), io(TOKENS.cr_a).io), 0)
    const all = await allReports()
    rmSync(out)
    await s.db.query(
      `update report_rows set clicks = clicks + 1 where date = $1 and link_id = $2 and product_id = $3 and ` +
        `marketplace = $4`,
      [all[0]!.date, all[0]!.link.id, all[0]!.product_id, all[0]!.marketplace],
    )
    // a reader's own line in a new file shorter than the old one: kept
    writeFileSync(out, '{"note":"kept"}\n')
    assert.equal(await exportCommand(changesArgs('ndjson', st, out), io(TOKENS.cr_a).io), 0)
    assert.deepEqual(
      read(out).map((r) => r.note ?? key(r)),
      ['kept', key(all[0]!)],
    )
    // another --out file than the state's: appended to, not cut to the other file's length
    const other = file('ndjson')
    const longer = '{"note":"another file"}\n'.repeat(100)
    writeFileSync(other, longer)
    assert.equal(await exportCommand(changesArgs('ndjson', st, other), io(TOKENS.cr_a).io), 0)
    assert.equal(readFileSync(other, 'utf8'), longer)
  })

  test('SIGTERM stops a run between two pages, as Ctrl-C does (exit 143); the next run continues', async () => {
    const whole = file('ndjson')
    assert.equal(await exportCommand(changesArgs('ndjson', file('state'), whole, '1'), io(TOKENS.cr_a).io), 0)
    const st = file('state')
    const out = file('ndjson')
    const root = fileURLToPath(new URL('../..', import.meta.url))
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/bin.ts', 'export', ...changesArgs('ndjson', st, out, '1')],
      { cwd: root, env: { ...process.env, CSAPI_TOKEN: TOKENS.cr_a, CSAPI_BASE_URL: s.base } },
    )
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((done) =>
      child.on('exit', (code, signal) => done([code, signal])),
    )
    // one page in: the export is running, with pages left to fetch
    while (child.exitCode === null && !(existsSync(st) && JSON.parse(readFileSync(st, 'utf8')).cursor))
      await new Promise((r) => setTimeout(r, 5))
    child.kill('SIGTERM')
    assert.deepEqual(await exited, [143, null], stderr)
    assert.match(stderr, /^csapi: stopped by SIGTERM; run it again: it continues from the position kept in --state/m)
    const kept = JSON.parse(readFileSync(st, 'utf8'))
    assert.equal(kept.bytes, statSync(out).size)
    assert.ok(kept.rows < read(whole).length, 'stopped before the end')
    assert.equal(await exportCommand(changesArgs('ndjson', st, out, '1'), io(TOKENS.cr_a).io), 0)
    assert.equal(readFileSync(out, 'utf8'), readFileSync(whole, 'utf8'))
  })

  test(
    'usage: --changes needs --state and takes no range; --state needs --changes; ' + '--start/--end needed otherwise',
    async () => {
      for (const [argv, message] of [
        [['reports', '--changes'], /--changes needs --state FILE/],
        [['reports', '--changes', '--state', 'x.state', '--start', start], /--changes takes no date range/],
        [['reports', '--state', 'x.state', '--start', start, '--end', end], /--state and --from-now go with --changes/],
        [['reports', '--start', start], /--start and --end are required/],
      ] as const) {
        const t = io(TOKENS.cr_a)
        assert.equal(await exportCommand([...argv], t.io), 2, argv.join(' '))
        assert.match(t.stderr(), message)
      }
    },
  )
})
