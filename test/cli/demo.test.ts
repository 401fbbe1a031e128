// `csapi demo` as a new user meets it: every curl command it prints answers 200 with data,
// including the creator's payouts, their lines and adjustments (the demo runs the money trail);
// every paid row is paid by exactly one payout, so the payouts reconcile both ways for every
// creator and currency; the `export` lines it prints make the README's curl work; running it
// again works, adds no payout and keeps what was paid; and it says how to serve on the port it
// was given.
import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { Writable } from 'node:stream'
import { promisify } from 'node:util'
import { createTestDatabase, onPostgres, startServer, type TestServer } from '../support/helpers.js'
import { runDemo } from '../../src/demo/run.js'
import { main } from '../../src/cli/main.js'
import { moneyIdentityBreaks } from '../support/payouts-kit.js'
import { reconcilePayouts } from '../../examples/payouts.js'
import { Client } from '../../src/client/index.js'

let s: TestServer
before(async () => {
  s = await startServer()
})
after(() => s.close())

/** The path and token of every curl command the demo printed. */
function curls(out: string): { path: string; token: string }[] {
  return [...out.matchAll(/curl -s -H 'Authorization: Bearer (\S+)' '(http[^']+)'/g)].map((m) => ({
    token: m[1]!,
    path: new URL(m[2]!).pathname + new URL(m[2]!).search,
  }))
}

const payoutTotals = async () =>
  s.db.query<{ n: number; amount: string; paid: number }>(
    `select (select count(*)::int from payouts) as n,
            (select coalesce(sum(amount_cents), 0)::text from payouts) as amount,
            (select count(*)::int from report_rows where commission_status = 'paid') as paid`,
  )

let printed = ''

test('every printed curl answers with data: reports, products, payouts, adjustments; a payout adds up', async () => {
  const out = (printed = await runDemo(s.db, { size: 'small', baseUrl: s.base }))
  const commands = curls(out)
  assert.ok(
    commands.some((c) => c.path.startsWith('/api/creator/v1/payouts')),
    out,
  )
  assert.ok(
    commands.some((c) => c.path.startsWith('/api/creator/v1/adjustments')),
    out,
  )
  for (const c of commands) {
    const res = await s.get(c.path, c.token)
    assert.equal(res.status, 200, `${c.path}: ${JSON.stringify(res.body)}`)
    const list = Object.values(res.body as object).find(Array.isArray) as unknown[]
    assert.ok(list.length > 0, `${c.path} returned no data`)
  }
  const creator = commands[0]!.token
  const [payout] = (await s.get('/api/creator/v1/payouts?limit=1', creator)).body.payouts
  const lines = (await s.get(`/api/creator/v1/payouts/${payout.id}/lines?limit=500`, creator)).body.lines
  assert.equal(payout.line_count, lines.length)
  assert.equal(
    payout.amount_cents,
    lines.reduce((n: number, l: { amount_cents: number }) => n + l.amount_cents, 0),
  )
})

test('the demo pays only through payouts: the identity holds for every creator and currency', async () => {
  assert.deepEqual(await moneyIdentityBreaks(s.db), [])
  const [paid] = await s.db.query<{ creators: number; rows: number; imported: number }>(
    `select count(distinct creator_id)::int as creators, count(*)::int as rows,
            (select count(*)::int from payouts where source <> 'pay') as imported
       from report_rows where commission_status = 'paid'`,
  )
  assert.ok(
    paid!.creators > 1 && paid!.rows > 100,
    `every creator is paid, not only the showcase: ${JSON.stringify(paid)}`,
  )
  assert.equal(paid!.imported, 0, 'nothing comes paid in the demo file')
  // examples/payouts.ts, as docs/payouts.md runs it on the demo, with the creator token it printed
  const out = await runDemo(s.db, { size: 'small', baseUrl: s.base })
  const token = curls(out)[0]!.token
  const { totals, differences } = await reconcilePayouts(new Client({ token, baseUrl: s.base }))
  assert.deepEqual(differences, [])
  assert.ok(totals.length > 1 && totals.every((t) => t.payouts > 0 && t.paid_rows_cents > 0), JSON.stringify(totals))
})

test('run again: no new payout, paid rows stay paid, new tokens work', async () => {
  const [before] = await payoutTotals()
  const out = await runDemo(s.db, { size: 'small', baseUrl: s.base })
  assert.deepEqual(await payoutTotals(), [before])
  for (const c of curls(out)) assert.equal((await s.get(c.path, c.token)).status, 200, c.path)
})

test("the printed export lines set the variables of the README's curl, which then answers with reports", async () => {
  const exports = printed.split('\n').filter((l) => /^ {2}export \w+_TOKEN=csapi_[\w-]+$/.test(l))
  assert.deepEqual(
    exports.map((l) => /export (\w+)=/.exec(l)![1]),
    ['CREATOR_TOKEN', 'SELLER_TOKEN', 'OPERATOR_TOKEN'],
  )
  const readme = readFileSync('README.md', 'utf8')
  const curl = /^curl -s -H "Authorization: Bearer \$CREATOR_TOKEN" \\\n.*$/m.exec(readme)?.[0]
  assert.ok(curl, "the README's curl with $CREATOR_TOKEN")
  const script = [...exports, curl.replaceAll('http://127.0.0.1:3000', s.base)].join('\n')
  const { stdout } = await promisify(execFile)('bash', ['-c', script], { env: { PATH: process.env.PATH } })
  const body = JSON.parse(stdout) as { reports?: unknown[] }
  assert.ok(Array.isArray(body.reports), stdout)
})

test('csapi demo --port N: the curl commands and the serve command use that port', async () => {
  const t = await createTestDatabase()
  try {
    const run = async (env: Record<string, string>) => {
      let out = ''
      const stdout = new Writable({ write: (c, _e, done) => done(void (out += c)) })
      const quiet = new Writable({ write: (_c, _e, done) => done() })
      const code = await main(['demo', '--port', '4567'], { stdout, stderr: quiet, env })
      return { code, out }
    }
    const stored = await run({ DATABASE_URL: t.url })
    assert.equal(stored.code, 0)
    assert.match(stored.out, /curl -s -H '[^']+' 'http:\/\/127\.0\.0\.1:4567\/api\/creator\/v1\/brands/)
    assert.match(stored.out, /\nStart the service with: npx csapi serve --port 4567 \(with the same DATABASE_URL\)\n$/)
    if (onPostgres) return // the database in memory is PGlite's
    const memory = await run({ DATABASE_URL: 'memory:' })
    assert.equal(memory.code, 0)
    assert.match(memory.out, /\nThe data was in memory and is gone now: run csapi demo --serve/)
  } finally {
    await t.drop()
  }
})
