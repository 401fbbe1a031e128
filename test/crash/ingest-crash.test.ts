// Crash safety of `csapi ingest amazon-attribution`: the process is killed (SIGKILL) in the middle
// of a large ingest; the database then holds exactly what it held before (rows, metrics,
// commissions, adjustments), the same ingest run again applies all of it, and a third run
// changes nothing.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { openDb, type Db } from '../../src/db/index.js'
import { ingestAmazonAttribution } from '../../src/ingest/run.js'
import { createTestDatabase, load, onPostgres, cliProcess } from '../support/helpers.js'
import { fixture } from '../support/fixture.js'

// Rows of the big report (two PRODUCTS rows and one PERFORMANCE row per link and day). PGlite
// ingests far fewer rows a second than PostgreSQL: sizes that keep the file under a minute on
// each (CSAPI_TEST_INGEST_ROWS overrides).
const ROWS = Number(process.env.CSAPI_TEST_INGEST_ROWS ?? (onPostgres ? 300_000 : 60_000))
const LINKS = 200
const PRODUCTS = 8
const LINK_DAYS = Math.floor(ROWS / 3)
// Link-days that already have a row before the ingest: even ones pending (the ingest updates
// them), odd ones approved (the ingest records adjustments and leaves them alone).
const PRE = 40
const RATE_BPS = 1000
const DAY_MS = 86_400_000
const T0 = Date.parse('2024-01-01')

const adGroup = (link: number) => String(9_100_000_000_000_000n + BigInt(link)) // beyond 2^53, as Amazon's are
const asin = (p: number) => `B0CRASH00${p}`
const iso = (n: number) => new Date(T0 + Math.floor(n / LINKS) * DAY_MS).toISOString().slice(0, 10)
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
const commission = (cents: number) => Math.floor((cents * RATE_BPS + 5000) / 10000)

/** The rows of link-day n: its link, own product (Promoted), a halo product, sales and clicks. */
function linkDay(n: number) {
  const link = n % LINKS
  const own = link % PRODUCTS
  const units = 1 + (n % 3)
  return {
    date: iso(n),
    link,
    own,
    halo: (own + 1) % PRODUCTS,
    units,
    sales: units * (1000 + (n % 5000)),
    haloSales: 500 + (n % 700),
    clicks: 5 + (n % 17),
  }
}

function dataset() {
  const base = fixture()
  const pre = Array.from({ length: PRE }, (_, n) => {
    const d = linkDay(n)
    return {
      date: d.date,
      link_id: `crash_l_${d.link}`,
      product_id: `crash_p${d.own}`,
      marketplace: 'US',
      currency: 'USD',
      sales_cents: 100 + n,
      commission_cents: 10 + n,
      commission_status: n % 2 === 0 ? 'pending' : 'approved',
      orders: 1,
      units_sold: 1,
      clicks: 1,
      detail_page_views: 1,
      add_to_carts: 1,
    }
  })
  return {
    ...base,
    accounts: [...base.accounts, { id: 'crash_cr', role: 'creator', name: 'Crash creator' }],
    brands: [...base.brands, { id: 'crash_b', name: 'Crash brand', status: 'active' }],
    products: [
      ...base.products,
      ...Array.from({ length: PRODUCTS }, (_, p) => ({
        id: `crash_p${p}`,
        brand_id: 'crash_b',
        asin: asin(p),
        title: `Crash product ${p}`,
        status: 'active',
        country_code: 'US',
        commission: { type: 'percentage', rate_bps: RATE_BPS },
      })),
    ],
    links: [
      ...base.links,
      ...Array.from({ length: LINKS }, (_, i) => ({
        id: `crash_l_${i}`,
        creator_id: 'crash_cr',
        brand_id: 'crash_b',
        product_id: `crash_p${i % PRODUCTS}`,
        short_url: 'https://s.example/c',
        destination_url: `https://www.amazon.com/dp/${asin(i % PRODUCTS)}`,
        amazon_ad_group_id: adGroup(i),
      })),
    ],
    report_rows: [...base.report_rows, ...pre],
  }
}

const promoted = (date: string, link: number, p: number, units: number, sales: number) => ({
  date: date.replaceAll('-', ''),
  advertiserName: 'Crash brand',
  campaignId: '300000000000001',
  adGroupId: adGroup(link),
  productAsin: asin(p),
  productName: `Crash product ${p}`,
  brandName: 'Crash brand',
  marketplace: 'AMAZON.COM',
  productConversionType: 'Promoted',
  attributedDetailPageViewsClicks14d: String(units * 3),
  attributedAddToCartClicks14d: String(units * 2),
  attributedPurchases14d: String(units),
  unitsSold14d: String(units),
  attributedSales14d: money(sales),
})
const halo = (date: string, link: number, p: number, sales: number) => ({
  date: date.replaceAll('-', ''),
  advertiserName: 'Crash brand',
  campaignId: '300000000000001',
  adGroupId: adGroup(link),
  productAsin: asin(p),
  productName: `Crash product ${p}`,
  brandName: 'Crash brand',
  marketplace: 'AMAZON.COM',
  productConversionType: 'Brand Halo',
  brandHaloDetailPageViewsClicks14d: '1',
  brandHaloAttributedAddToCartClicks14d: '1',
  brandHaloAttributedPurchases14d: '1',
  brandHaloUnitsSold14d: '1',
  brandHaloAttributedSales14d: money(sales),
})

/**
 * The big report in `dir` (PRODUCTS as NDJSON, PERFORMANCE as CSV) and what the crash creator's
 * rows must hold once it is ingested: approved rows keep their values, the others take the file's.
 */
function writeBigReport(dir: string) {
  mkdirSync(dir)
  const products: string[] = []
  const clicks = ['date,campaignId,adGroupId,Click-throughs']
  const want = { rows: 0, sales: 0, clicks: 0, orders: 0, commission: 0 }
  const add = (sales: number, clk: number, orders: number, comm: number) => {
    want.rows++
    want.sales += sales
    want.clicks += clk
    want.orders += orders
    want.commission += comm
  }
  for (let n = 0; n < LINK_DAYS; n++) {
    const d = linkDay(n)
    products.push(
      JSON.stringify(promoted(d.date, d.link, d.own, d.units, d.sales)),
      JSON.stringify(halo(d.date, d.link, d.halo, d.haloSales)),
    )
    clicks.push(`${d.date.replaceAll('-', '')},300000000000001,${adGroup(d.link)},${d.clicks}`)
    if (n < PRE && n % 2 === 1)
      add(100 + n, 1, 1, 10 + n) // approved: unchanged
    else add(d.sales, d.clicks, d.units, commission(d.sales))
    add(d.haloSales, 0, 1, commission(d.haloSales))
  }
  writeFileSync(join(dir, 'a-products.ndjson'), products.join('\n') + '\n')
  writeFileSync(join(dir, 'b-performance.csv'), clicks.join('\n') + '\n')
  return want
}

/** A small earlier restatement of the approved rows, so that adjustments exist before the crash. */
function writeEarlierRestatement(dir: string) {
  mkdirSync(dir)
  const rows = []
  // 5000 + n: a commission of about 500, never the approved row's 10 + n nor the big run's (at
  // most 312), so each restatement moves the commission: an adjustment
  for (let n = 1; n < PRE; n += 2) rows.push(promoted(linkDay(n).date, linkDay(n).link, linkDay(n).own, 2, 5000 + n))
  writeFileSync(join(dir, 'restated.json'), JSON.stringify({ reports: rows, size: rows.length, cursorId: null }))
  return rows.length
}

const TABLES = ['accounts', 'brands', 'products', 'links', 'report_rows', 'commission_adjustments', 'commission_terms']

async function snapshot(db: Db) {
  const counts: Record<string, number> = {}
  for (const t of TABLES) counts[t] = (await db.query<{ n: number }>(`select count(*)::int as n from ${t}`))[0]!.n
  const [crash] = await db.query<{
    rows: number
    sales: string
    clicks: string
    orders: string
    commission: string
    pending: number
    approved: number
    reversed: number
  }>(
    `select count(*)::int as rows, coalesce(sum(sales_cents), 0)::text as sales,
            coalesce(sum(clicks), 0)::text as clicks, coalesce(sum(orders), 0)::text as orders,
            coalesce(sum(commission_cents), 0)::text as commission,
            (count(*) filter (where commission_status = 'pending'))::int as pending,
            (count(*) filter (where commission_status = 'approved'))::int as approved,
            (count(*) filter (where commission_status = 'reversed'))::int as reversed
       from report_rows where creator_id = 'crash_cr'`,
  )
  // Every column of every row, updated_at included: any write, even of equal values, shows.
  const [sums] = await db.query<{ report_rows: string | null; adjustments: string | null }>(
    `select (select md5(string_agg(concat_ws('|', id, date, link_id, product_id, creator_id, brand_id, asin,
                    marketplace, currency, sales_cents, commission_cents, commission_status, orders, units_sold, clicks,
                    detail_page_views, add_to_carts, extract(epoch from updated_at)), ';' order by id))
               from report_rows) as report_rows,
            (select md5(string_agg(concat_ws('|', id, report_row_id, commission_status, restated_sales_cents,
                    restated_orders, restated_clicks, restated_commission_cents, extract(epoch from created_at)),
                    ';' order by id))
               from commission_adjustments) as adjustments`,
  )
  return { counts, crash: crash!, md5: sums! }
}

/** Bytes of report_rows' heap: the file (and its 1 GiB segments) on PGlite, pg_relation_size on PostgreSQL. */
async function heapBytes(url: string, file: string): Promise<number> {
  if (url.startsWith('file:')) {
    let total = 0
    for (let seg = 0; ; seg++) {
      try {
        total += statSync(seg === 0 ? file : `${file}.${seg}`).size
      } catch {
        return total
      }
    }
  }
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return Number((await c.query<{ n: string }>(`select pg_relation_size('report_rows')::text as n`)).rows[0]!.n)
  } finally {
    await c.end()
  }
}

// The upsert into report_rows is the last long step of a run: killed there, the table already
// holds many of the run's rows, written but not committed.
const GROWTH = 512 * 1024

/**
 * Resolves once the ingest is surely inside its transaction, in the middle of its upsert: report_rows'
 * heap has grown by the run's uncommitted rows (and, on PostgreSQL, the run's connection is seen
 * running the upsert several times). Says what it saw.
 */
async function midUpsert(url: string, file: string, startBytes: number, exited: () => boolean): Promise<string> {
  const deadline = Date.now() + 50_000
  const check = () => assert.ok(!exited() && Date.now() < deadline, 'the ingest ended before it could be killed')
  if (url.startsWith('file:')) {
    let bytes = await heapBytes(url, file)
    while (bytes < startBytes + GROWTH) {
      check()
      await sleep(50)
      bytes = await heapBytes(url, file)
    }
    return `report_rows heap ${startBytes} → ${bytes} bytes`
  }
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    let seen = 0
    let bytes = 0
    while (seen < 3 || bytes < startBytes + GROWTH) {
      check()
      const r = await c.query<{ n: string; upserting: boolean }>(
        `select pg_relation_size('report_rows')::text as n,
                exists (select 1 from pg_stat_activity
                         where datname = current_database() and application_name = 'csapi ingest' and state = 'active'
                           and backend_xid is not null and query like 'insert into report_rows%') as upserting`,
      )
      if (r.rows[0]!.upserting) seen++
      bytes = Number(r.rows[0]!.n)
      await sleep(50)
    }
    return `upsert seen running ${seen} times; report_rows heap ${startBytes} → ${bytes} bytes`
  } finally {
    await c.end()
  }
}

/**
 * PostgreSQL: the killed client's server process goes on with its statement until it next talks
 * to the client; wait until the server has ended it (rolling its transaction back). PGlite dies
 * with the process.
 */
async function orphanGone(url: string): Promise<number> {
  if (url.startsWith('file:')) return 0
  const started = Date.now()
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    for (;;) {
      const r = await c.query(
        `select 1 from pg_stat_activity where datname = current_database() and application_name = 'csapi ingest'`,
      )
      if (r.rowCount === 0) return Date.now() - started
      assert.ok(Date.now() - started < 120_000, "the killed ingest's server process did not end")
      await sleep(100)
    }
  } finally {
    await c.end()
  }
}

const ingestProcess = (url: string, dir: string) => cliProcess(url, ['ingest', 'amazon-attribution', dir])

test(
  `SIGKILL in the middle of a ${ROWS}-row ingest leaves the database as it was; the re-run ` +
    `applies all of it, a third run nothing`,
  async (t) => {
    const tdb = await createTestDatabase({ migrated: true })
    const work = mkdtempSync(join(tmpdir(), 'csapi-ingest-crash-'))
    try {
      const big = join(work, 'big')
      const want = writeBigReport(big)
      const earlier = join(work, 'earlier')
      const restated = writeEarlierRestatement(earlier)

      let db = await openDb(tdb.url)
      await load(db, dataset())
      const onPg = !tdb.url.startsWith('file:')
      const first = await ingestAmazonAttribution(db, [earlier])
      assert.equal(first.adjustments.count, restated)
      const before = await snapshot(db)
      assert.equal(before.counts.commission_adjustments, restated)
      assert.deepEqual([before.crash.rows, before.crash.pending, before.crash.approved], [PRE, PRE / 2, PRE / 2])
      const heapFile = onPg
        ? ''
        : join(
            tdb.url.slice('file:'.length),
            (await db.query<{ p: string }>(`select pg_relation_filepath('report_rows') as p`))[0]!.p,
          )
      await db.close()
      const startBytes = await heapBytes(tdb.url, heapFile)

      // 1. Killed mid-run: nothing of it remains.
      const killed = ingestProcess(tdb.url, big)
      let exited = false
      void killed.exit.then(() => (exited = true))
      const started = Date.now()
      const doing = await midUpsert(tdb.url, heapFile, startBytes, () => exited)
      killed.child.kill('SIGKILL')
      const [code, signal] = await killed.exit
      assert.equal(signal, 'SIGKILL', `the ingest was not killed (exit ${code}): ${killed.output()}`)
      const killedAfter = Date.now() - started
      const orphanMs = await orphanGone(tdb.url)

      db = await openDb(tdb.url)
      const afterCrash = await snapshot(db)
      await db.close()
      assert.deepEqual(afterCrash, before, 'the killed ingest left something behind')

      // 2. The same ingest again, to the end: every row, as the file says.
      const rerunAt = Date.now()
      const second = ingestProcess(tdb.url, big)
      const [code2] = await second.exit
      const rerunMs = Date.now() - rerunAt
      assert.equal(code2, 0, second.output())
      const inserted = LINK_DAYS * 2 - PRE
      assert.match(
        second.output(),
        new RegExp(
          `^ingested ${LINK_DAYS * 3} rows \\(${LINK_DAYS * 2} products, ${LINK_DAYS} ` +
            `performance\\) from 2 files into .*: ` +
            `report rows ${inserted} inserted, ${PRE / 2} updated \\(0 reversed\\), 0 unchanged; ` +
            `${PRE / 2} adjustments; 0 unplaceable\n`,
        ),
      )
      db = await openDb(tdb.url)
      const done = await snapshot(db)
      await db.close()
      assert.deepEqual(done.crash, {
        rows: want.rows,
        sales: String(want.sales),
        clicks: String(want.clicks),
        orders: String(want.orders),
        commission: String(want.commission),
        pending: want.rows - PRE / 2,
        approved: PRE / 2,
        reversed: 0,
      })
      assert.deepEqual(done.counts, {
        ...before.counts,
        report_rows: before.counts.report_rows! + inserted,
        commission_adjustments: before.counts.commission_adjustments! + PRE / 2,
      })

      // 3. And once more: nothing changes, not even a timestamp.
      const third = ingestProcess(tdb.url, big)
      const [code3] = await third.exit
      assert.equal(code3, 0, third.output())
      assert.match(
        third.output(),
        new RegExp(
          `report rows 0 inserted, 0 updated \\(0 reversed\\), ${want.rows - PRE / 2} unchanged; 0 ` +
            `adjustments; 0 unplaceable\n`,
        ),
      )
      db = await openDb(tdb.url)
      assert.deepEqual(await snapshot(db), done, 'the third run changed something')
      await db.close()
      t.diagnostic(
        `killed after ${killedAfter} ms ` +
          `(${doing})${onPg ? `; its server process ended ${orphanMs} ms later` : ''}; nothing ` +
          `left; re-run ingested ${LINK_DAYS * 3} rows in ${rerunMs} ms; third run changed nothing`,
      )
    } finally {
      rmSync(work, { recursive: true, force: true })
      await tdb.drop()
    }
  },
)
