// The changes feed's guarantee under concurrent writers: a poller follows the feed of every
// creator while imports (new rows, restatements, link corrections, an ASIN correction),
// an Amazon ingestion with restatements and reversals, and approve and pay run at once; in the
// end each mirror equals a full walk of /reports. On PostgreSQL the writers are separate
// `csapi` processes, plus the out-of-order commit case driven directly on two connections;
// on PGlite (one process owns the database) they run concurrently inside the test process.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { cliProcess, onPostgres, startServer, type TestServer } from '../support/helpers.js'
import { generateDemoDataset } from '../../src/demo/generate.js'
import { writeAmazonReports } from '../../src/demo/amazon-reports.js'
import { createToken } from '../../src/tokens/tokens.js'
import { importDataset } from '../../src/dataset/import.js'
import { parseDataset } from '../../src/dataset/parse.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { approveThrough } from '../../src/settlement/approve.js'
import { pay } from '../../src/settlement/pay.js'
import { addDays } from '../../src/domain/dates.js'
import { CHANGES, Mirror, assertSame, walkAll } from '../support/changes-kit.js'

const TODAY = '2026-05-15'
const PAID_THROUGH = addDays(TODAY, -60)
const { dataset, accounts } = generateDemoDataset({ size: 'small', today: TODAY })
const creators = [...new Set(dataset.links.map((l) => l.creator_id))]

let s: TestServer
let work: string
const tokens = new Map<string, string>()

before(async () => {
  s = await startServer(dataset)
  for (const c of creators)
    tokens.set(c, (await createToken(s.db, { accountId: c, name: 'feed', expiresAt: null })).token)
  work = mkdtempSync(join(tmpdir(), 'csapi-feed-'))
  writeAmazonReports(dataset, join(work, 'amazon'), { today: TODAY })
})
after(async () => {
  await s.close()
  rmSync(work, { recursive: true, force: true })
})

const get = (path: string, token: string) => s.get(path, token)

/** The writes, each a dataset file or a command: every kind the feed must carry. */
function writes() {
  const links = dataset.links.slice(0, 6)
  const rowsOf = (linkId: string) => dataset.report_rows.filter((r) => r.link_id === linkId)
  const product = dataset.products.find((p) => rowsOf(links[2]!.id).some((r) => r.product_id === p.id))!
  return {
    // restated metrics and new rows, and tracking ids corrected
    restate: {
      // rows newer than what pay settles: a paid row's status is held (docs/payouts.md), and the
      // writers run in any order
      report_rows: rowsOf(links[0]!.id)
        .filter((r) => r.date > PAID_THROUGH)
        .slice(0, 40)
        .map((r) => ({ ...r, clicks: r.clicks + 1000, commission_status: 'pending' as const })),
      links: links.slice(1, 3).map((l) => ({ ...l, tracking_id: `${l.tracking_id}-fixed` })),
    },
    // an ASIN corrected on a product with rows
    asin: { products: [{ ...product, asin: 'B0FEEDFIX1' }] },
    // a destination URL corrected
    url: { links: [{ ...links[3]!, destination_url: `${links[3]!.destination_url}?fixed=1` }] },
  }
}

/** PostgreSQL: every write a separate `csapi` process, all started at once, polled meanwhile. */
async function writeInProcesses(mirrors: Map<string, Mirror>): Promise<number> {
  const w = writes()
  const file = (name: string, content: unknown) => {
    const path = join(work, `${name}.json`)
    writeFileSync(path, JSON.stringify(content))
    return path
  }
  let running = 0
  const run = async (args: string[]) => {
    running++
    try {
      const p = cliProcess(s.url!, args)
      const [code] = await p.exit
      assert.equal(code, 0, `csapi ${args.join(' ')}:\n${p.output()}`)
    } finally {
      running--
    }
  }
  const jobs = [
    run(['import', file('restate', w.restate)]),
    run(['ingest', 'amazon-attribution', join(work, 'amazon')]),
    run(['import', file('asin', w.asin)]),
    run(['commissions', 'approve', '--through', addDays(TODAY, -40)]),
    run(['commissions', 'pay', '--creator', accounts.creator, '--through', PAID_THROUGH]),
    run(['import', file('url', w.url)]),
  ]
  const polls = await followWhile(mirrors, () => running > 0)
  await Promise.all(jobs)
  return polls
}

/**
 * PGlite: one process owns the database and runs one transaction at a time, so the writes are
 * made here, one after another, and a round of polls is queued against each of them.
 */
async function writeInterleaved(mirrors: Map<string, Mirror>): Promise<number> {
  const w = writes()
  const imp = (d: unknown) => () => importDataset(s.db, parseDataset(JSON.parse(JSON.stringify(d))))
  const steps = [
    imp(w.restate),
    () => ingestAmazonAttribution(s.db, [join(work, 'amazon')]),
    imp(w.asin),
    () => approveThrough(s.db, addDays(TODAY, -40)),
    () => pay(s.db, accounts.creator, PAID_THROUGH),
    imp(w.url),
  ]
  for (const step of steps) {
    const writing = step()
    for (const m of mirrors.values()) await m.poll()
    await writing
  }
  return steps.length
}

async function followWhile(mirrors: Map<string, Mirror>, busy: () => boolean): Promise<number> {
  let polls = 0
  while (busy()) {
    for (const m of mirrors.values()) await m.poll()
    polls++
    await sleep(5)
  }
  return polls
}

async function finalCheck(mirrors: Map<string, Mirror>) {
  for (const [creator, m] of mirrors) {
    await m.poll()
    assertSame(m.rows, await walkAll(get, tokens.get(creator)!), `${creator}'s mirror`)
  }
}

describe('the changes feed under concurrent writers', () => {
  test('every mirror, followed during every kind of write at once, ends equal to /reports', async () => {
    const mirrors = new Map(creators.map((c) => [c, new Mirror(get, tokens.get(c)!, 25)]))
    for (const m of mirrors.values()) await m.poll()
    const polls = onPostgres ? await writeInProcesses(mirrors) : await writeInterleaved(mirrors)
    await finalCheck(mirrors)
    const items = [...mirrors.values()].reduce((n, m) => n + m.items, 0)
    assert.ok(polls > 1, `the poller ran during the writes (${polls} rounds)`)
    assert.ok(
      items > dataset.report_rows.length,
      `changes came (${items} items for ${dataset.report_rows.length} rows)`,
    )
  })

  test(
    'out-of-order commits: a writer that started later cannot commit its changes before an ' +
      'earlier one; the poller misses neither',
    { skip: onPostgres ? false : 'needs two connections: PostgreSQL' },
    async () => {
      const creator = accounts.creator
      const m = new Mirror(get, tokens.get(creator)!, 100)
      await m.poll()
      const rows = await s.db.query<{ id: number }>(
        `select id from report_rows where creator_id = $1 order by date desc, id limit 2`,
        [creator],
      )
      const c1 = new pg.Client({ connectionString: s.url! })
      const c2 = new pg.Client({ connectionString: s.url! })
      await c1.connect()
      await c2.connect()
      try {
        // T1 begins and changes a row: its change number is taken (and the writers' lock held)
        await c1.query('begin')
        await c1.query(`update report_rows set clicks = clicks + 1 where id = $1`, [rows[0]!.id])
        // T2 begins later and changes another row: it waits for T1, so it cannot commit first
        await c2.query('begin')
        let t2Done = false
        const t2 = c2
          .query(`update report_rows set clicks = clicks + 1 where id = $1`, [rows[1]!.id])
          .then(() => (t2Done = true))
        await sleep(300)
        assert.equal(t2Done, false, 'the later writer waits for the earlier one')
        assert.equal(await m.poll(), 0, 'nothing is visible while T1 is open')
        await c1.query('commit')
        await t2
        await c2.query('commit')
        assert.equal(await m.poll(), 2, 'both changes, none skipped')
        assertSame(m.rows, await walkAll(get, tokens.get(creator)!))
      } finally {
        await c1.end()
        await c2.end()
      }
    },
  )

  test('a walk of /reports during writes, then the feed from its Changes-Cursor: equal to /reports', async () => {
    const creator = accounts.creator
    const token = tokens.get(creator)!
    const first = await get(`/api/creator/v1/reports?start=0001-01-01&end=9999-12-31&limit=50`, token)
    const position = first.headers.get('changes-cursor')!
    const m = new Mirror(get, token, 50)
    for (const r of first.body.reports) m.rows.set(`${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`, r)
    // a write lands in the middle of the walk
    const writing = importDataset(
      s.db,
      parseDataset({
        report_rows: dataset.report_rows
          .filter((r) => dataset.links.find((l) => l.id === r.link_id)!.creator_id === creator)
          .filter((r) => r.date > PAID_THROUGH) // the first test paid the older ones: they are held
          .slice(0, 30)
          .map((r) => ({ ...r, orders: r.orders + 1, units_sold: r.units_sold + 1 })),
      }),
    )
    let cursor = first.body.next_cursor as string | null
    while (cursor) {
      const page = await get(
        `/api/creator/v1/reports?start=0001-01-01&end=9999-12-31&limit=50&cursor=${encodeURIComponent(cursor)}`,
        token,
      )
      for (const r of page.body.reports) m.rows.set(`${r.date}|${r.link.id}|${r.product_id}|${r.marketplace}`, r)
      cursor = page.body.next_cursor
    }
    await writing
    m.cursor = position
    await m.poll()
    assertSame(m.rows, await walkAll(get, token))
    assert.ok((await get(`${CHANGES}?cursor=${encodeURIComponent(m.cursor!)}`, token)).body.reports.length === 0)
  })
})
