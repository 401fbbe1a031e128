// The commands as an operator runs them: `csapi ingest amazon-attribution` and
// `csapi commissions approve|pay` on a throwaway database; one run goes through the real
// binary in a child process, the others call the commands in process (faster).
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { createTestDatabase, load, type TestDatabase } from '../support/helpers.js'
import { tempDir } from '../support/temp-dir.js'
import { openDb } from '../../src/db/index.js'
import { main } from '../../src/cli/main.js'

let t: TestDatabase
const dir = tempDir('csapi-ingest-cli-')
const reports = join(dir, 'reports')

function csapi(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/bin.ts', ...args], {
    env: { ...process.env, DATABASE_URL: t.url },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

async function inProcess(...args: string[]) {
  let out = ''
  let err = ''
  const stdout = new Writable({ write: (c, _e, done) => done(void (out += c)) })
  const stderr = new Writable({ write: (c, _e, done) => done(void (err += c)) })
  const code = await main(args, { stdout, stderr, env: { ...process.env, DATABASE_URL: t.url } })
  return { code, out, err }
}

before(async () => {
  t = await createTestDatabase({ migrated: true })
  const db = await openDb(t.url)
  await load(db, {
    accounts: [{ id: 'cr_cli', role: 'creator', name: 'C' }],
    brands: [{ id: 'b_cli', name: 'B', status: 'active' }],
    products: [
      {
        id: 'p_cli',
        brand_id: 'b_cli',
        asin: 'B0CLI00001',
        title: 'P',
        status: 'active',
        country_code: 'DE',
        commission: { type: 'percentage', rate_bps: 1000 },
      },
    ],
    links: [
      {
        id: 'l_cli',
        creator_id: 'cr_cli',
        brand_id: 'b_cli',
        product_id: 'p_cli',
        short_url: 'https://s.example/c',
        destination_url: 'https://www.amazon.de/dp/B0CLI00001',
        amazon_ad_group_id: '31337',
      },
    ],
  })
  await db.close()
  const { mkdirSync } = await import('node:fs')
  mkdirSync(reports)
  writeFileSync(
    join(reports, 'a-products.csv'),
    [
      'date,campaignId,adGroupId,productAsin,marketplace,productConversionType,' +
        'attributedPurchases14d,unitsSold14d,attributedSales14d',
      '20260301,1,31337,B0CLI00001,AMAZON.DE,Promoted,2,2,59.98',
      '20260302,1,31337,B0CLI00001,AMAZON.FR,Promoted,1,1,29.99', // pan-EU: the DE product, in euros
      '20260302,1,777,B0CLI00001,AMAZON.DE,Promoted,1,1,29.99',
    ].join('\n') + '\n',
  )
  writeFileSync(
    join(reports, 'b-performance.json'),
    JSON.stringify({
      reports: [{ date: '20260301', campaignId: 1, adGroupId: 31337, 'Click-throughs': '25' }],
      cursorId: null,
    }),
  )
})
after(() => t.drop())

test('usage errors exit 2 and say what to do', async () => {
  const r = await inProcess('ingest', 'amazon-attribution')
  assert.equal(r.code, 2)
  assert.match(r.err, /missing required argument 'FILE\|DIR'/)
  assert.match(r.err, /Run "csapi ingest amazon-attribution --help"/)
  assert.equal((await inProcess('ingest', 'other', 'x')).code, 2)
  const pay = await inProcess('commissions', 'pay', '--through', '2026-03-31')
  assert.match(pay.err, /required option '--creator <id>' not specified/)
  assert.match((await inProcess('commissions', 'approve', '--through', '2026-02-30')).err, /--through must be a day/)
  assert.match((await inProcess('commissions', 'approve', '--creator', 'x')).err, /unknown option '--creator'/)
})

test('--strict refuses, exit 1; a run prints one summary line and the unplaceable rows', async () => {
  const strict = await inProcess('ingest', 'amazon-attribution', reports, '--strict')
  assert.equal(strict.code, 1)
  assert.match(strict.err, /refused whole; nothing was ingested[\s\S]*unknown ad group .*: 1/)
  const r = csapi('ingest', 'amazon-attribution', reports)
  assert.equal(r.code, 0, r.err)
  const lines = r.out.trim().split('\n')
  assert.match(
    lines[0]!,
    new RegExp(
      /^ingested 4 rows \(3 products, 1 performance\) from 2 files into .* /.source +
        /report rows 2 inserted, 0 updated \(0 reversed\), 0 unchanged; 0 adjustments; 1 unplaceable$/.source,
    ),
  )
  assert.match(r.out, /e\.g\. .*a-products\.csv row 3 \(date 2026-03-02, adGroupId 777, ASIN B0CLI00001\)/)
  assert.equal(r.err, '', 'no progress bar when stderr is not a terminal')
})

test('approve and pay print the totals per currency', async () => {
  const a = await inProcess('commissions', 'approve', '--through', '2026-03-01')
  assert.equal(a.code, 0, a.err)
  assert.match(
    a.out,
    /approved 1 pending rows dated up to 2026-03-01; commission approved per currency:\n {2}EUR +6\.00 {2}\(1 rows\)/,
  )
  const p = await inProcess('commissions', 'pay', '--creator', 'cr_cli', '--through', '2026-03-31')
  assert.equal(p.code, 0, p.err)
  assert.match(
    p.out,
    new RegExp(
      /^paid cr_cli through 2026-03-31: 1 payout .*\n/.source +
        / {2}po_[0-9a-f]{32} {2}EUR +6\.00 {2}= commission 6\.00 \+ adjustments 0\.00 {2}\(1 lines\)\n$/.source,
    ),
  )
  const id = /po_[0-9a-f]{32}/.exec(p.out)![0]
  const listed = await inProcess('payouts', 'list', '--creator', 'cr_cli')
  assert.match(
    listed.out,
    new RegExp(
      `^${id}  cr_cli  EUR +6\\.00  = commission 6\\.00 \\+ adjustments 0\\.00  \\(1 lines, through 2026-03-31, `,
    ),
  )
  // a creator named on the command line that is not there is a usage mistake (docs/architecture.md)
  const nobody = await inProcess('payouts', 'list', '--creator', 'nobody')
  assert.deepEqual([nobody.code, nobody.err.split('\n')[0]], [2, 'csapi: no account "nobody"'])
  const shown = await inProcess('payouts', 'show', id)
  assert.match(shown.out, /\n +1 {2}commission {2}2026-03-01 .* +6\.00\n$/)
  const csv = await inProcess('payouts', 'show', id, '--format', 'csv')
  assert.match(
    csv.out,
    new RegExp(
      /^line_no,type,date,link_id,product_id,asin,marketplace,amount_cents,adjustment_id,/.source +
        /amount_before_cents,amount_after_cents\n1,commission,2026-03-01,[^\n]*,600,,,\n$/.source,
    ),
  )
  assert.equal((await inProcess('payouts', 'show', id, '--csv')).out, csv.out)
  const unknown = await inProcess('payouts', 'show', 'po_nope')
  assert.deepEqual(
    [unknown.code, unknown.err.split('\n')[0]],
    [2, 'csapi: no payout "po_nope" (csapi payouts list shows them)'],
  )
  assert.match((await inProcess('commissions', 'pay', '--creator', 'cr_cli')).out, /nothing to pay cr_cli/)
  assert.equal((await inProcess('commissions', 'pay', '--creator', 'nobody')).code, 2)
})

test('a file of the wrong structure or with a key given twice is refused, exit 1, and records no run', async () => {
  const runs = async () => {
    const db = await openDb(t.url)
    try {
      return (await db.query<{ n: number }>('select count(*)::int as n from ingest_runs'))[0]!.n
    } finally {
      await db.close()
    }
  }
  const before = await runs()
  const cases: [string, string, RegExp][] = [
    [
      'numbers.json',
      '{"reports":[1,2,"x"]}',
      /numbers\.json line 1: reports\[0\] of page 1: .*JSON object, not a number/,
    ],
    ['nested.json', '{"reports":[[1]]}', /nested\.json line 1: reports\[0\] of page 1: .*JSON object, not an array/],
    ['arrays.json', '[[[]]]', /arrays\.json line 1: \[0\]: a report row must be a JSON object, not an array/],
    [
      'twice.ndjson',
      '{"date":"20260301","campaignId":1,"adGroupId":"777","adGroupId":"31337","Click-throughs":"3"}\n',
      /twice\.ndjson row 1 \(line 1\): adGroupId: key given twice in the same object/,
    ],
  ]
  for (const [name, text, message] of cases) {
    const path = join(dir, name)
    writeFileSync(path, text)
    const r = await inProcess('ingest', 'amazon-attribution', path, '--strict')
    assert.equal(r.code, 1, `${name}: ${r.out}`)
    assert.match(r.err, message)
    assert.doesNotMatch(r.out, /ingested/)
  }
  assert.equal(await runs(), before, 'no run recorded')
})
