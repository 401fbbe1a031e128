// Crash safety of `csapi import`: the process is killed (SIGKILL) in the middle of a large
// import; the database then holds none of the file and exactly what it held before, and the
// same import run again loads all of it.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { openDb, type Db } from '../src/db/index.js'
import { migrate } from '../src/db/migrate.js'
import { createTestDatabase, load, onPostgres, cliProcess } from './helpers.js'
import { fixture } from './fixture.js'

// PGlite imports a few thousand rows a second here, PostgreSQL far more: sizes that keep the file
// under a minute on each (CSAPI_TEST_IMPORT_ROWS overrides).
const ROWS = Number(process.env.CSAPI_TEST_IMPORT_ROWS ?? (onPostgres ? 200_000 : 50_000))
const LINKS = 100

function bigDataset(rows: number) {
  const t0 = Date.parse('2020-01-01')
  const report_rows = []
  for (let n = 0; n < rows; n++) {
    report_rows.push({
      date: new Date(t0 + Math.floor(n / LINKS) * 86_400_000).toISOString().slice(0, 10),
      link_id: `crash_l_${n % LINKS}`,
      product_id: 'crash_p',
      marketplace: 'US',
      currency: 'USD',
      sales_cents: n % 10_000,
      commission_cents: n % 1000,
      commission_status: 'pending',
      orders: 1,
      units_sold: 1,
      clicks: 3,
      detail_page_views: 2,
      add_to_carts: 1,
    })
  }
  return {
    accounts: [{ id: 'crash_cr', role: 'creator', name: 'Crash creator' }],
    brands: [{ id: 'crash_b', name: 'Crash brand', status: 'active' }],
    products: [{ id: 'crash_p', brand_id: 'crash_b', asin: 'B0CRASH000', title: 'Crash product', status: 'active' }],
    links: Array.from({ length: LINKS }, (_, i) => ({
      id: `crash_l_${i}`,
      creator_id: 'crash_cr',
      brand_id: 'crash_b',
      product_id: 'crash_p',
      short_url: 'https://s.example/c',
      destination_url: 'https://www.amazon.com/dp/B0CRASH000',
    })),
    report_rows,
  }
}

const TABLES = ['accounts', 'brands', 'products', 'links', 'report_rows', 'api_tokens', 'partnerships', 'brand_access']

async function snapshot(db: Db) {
  const counts: Record<string, number> = {}
  for (const t of TABLES) counts[t] = (await db.query<{ n: number }>(`select count(*)::int as n from ${t}`))[0]!.n
  const crash = (
    await db.query<{ n: number }>(`select count(*)::int as n from report_rows where link_id like 'crash_l_%'`)
  )[0]!.n
  const accounts = (await db.query<{ n: number }>(`select count(*)::int as n from accounts where id = 'crash_cr'`))[0]!
    .n
  return { counts, crash, accounts }
}

function dirBytes(dir: string): number {
  let total = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    try {
      total += e.isDirectory() ? dirBytes(p) : statSync(p).size
    } catch {
      // removed while we looked (temporary files): it no longer counts
    }
  }
  return total
}

/** Resolves once the import is surely inside its transaction, writing report rows. */
async function midImport(url: string, startBytes: number, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + 50_000
  if (url.startsWith('file:')) {
    // PGlite: the data directory grows as the transaction's rows reach the WAL.
    const dir = url.slice('file:'.length)
    while (dirBytes(dir) < startBytes + 24 * 1024 * 1024) {
      assert.ok(!exited() && Date.now() < deadline, 'the import ended before it could be killed')
      await sleep(100)
    }
    return
  }
  const name = new URL(url).pathname.slice(1)
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await c.connect()
  try {
    let seen = 0
    while (seen < 3) {
      assert.ok(!exited() && Date.now() < deadline, 'the import ended before it could be killed')
      const r = await c.query(
        `select 1 from pg_stat_activity where datname = $1 and state = 'active' and query like 'insert into report_rows%'`,
        [name],
      )
      if (r.rowCount) seen++
      await sleep(50)
    }
  } finally {
    await c.end()
  }
}

const importProcess = (url: string, file: string) => cliProcess(url, ['import', file])

test(`SIGKILL in the middle of a ${ROWS}-row import leaves none of it; the re-run loads all of it`, async (t) => {
  const tdb = await createTestDatabase()
  const work = mkdtempSync(join(tmpdir(), 'csapi-crash-'))
  try {
    const file = join(work, 'big.json')
    writeFileSync(file, JSON.stringify(bigDataset(ROWS)))
    let db = await openDb(tdb.url)
    await migrate(db)
    await load(db, fixture())
    const before = await snapshot(db)
    await db.close()
    const startBytes = tdb.url.startsWith('file:') ? dirBytes(tdb.url.slice('file:'.length)) : 0

    const first = importProcess(tdb.url, file)
    let exited = false
    void first.exit.then(() => (exited = true))
    const started = Date.now()
    await midImport(tdb.url, startBytes, () => exited)
    first.child.kill('SIGKILL')
    const [code, signal] = await first.exit
    assert.equal(signal, 'SIGKILL', `the import was not killed (exit ${code}): ${first.output()}`)
    const killedAfter = Date.now() - started

    db = await openDb(tdb.url)
    const afterCrash = await snapshot(db)
    await db.close()
    assert.deepEqual(afterCrash, before, 'the killed import left something behind')

    const reopenedAt = Date.now()
    const second = importProcess(tdb.url, file)
    const [code2] = await second.exit
    assert.equal(code2, 0, second.output())
    assert.match(second.output(), new RegExp(`report_rows\\s+${ROWS} inserted`))

    db = await openDb(tdb.url)
    const done = await snapshot(db)
    await db.close()
    assert.equal(done.crash, ROWS)
    assert.equal(done.accounts, 1)
    assert.equal(done.counts.report_rows, before.counts.report_rows! + ROWS)
    t.diagnostic(
      `killed after ${killedAfter} ms, mid-transaction; nothing left; re-run loaded ${ROWS} rows in ${Date.now() - reopenedAt} ms`,
    )
  } finally {
    rmSync(work, { recursive: true, force: true })
    await tdb.drop()
  }
})
