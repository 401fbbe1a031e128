// `npm run bench:ingest`: ingests 1M generated Amazon Attribution rows on PostgreSQL, beside the
// ceiling of a raw COPY of the same rows into an unindexed table and the floor of a raw COPY of
// the resulting report rows into the indexed report_rows, in throwaway databases dropped at the end.
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres): the server
//   BENCH_INGEST_ROWS (default 1000000): Amazon rows to generate
//   BENCH_INGEST_BASE_ROWS (default 0): also into a database already holding that many report
//     rows (older dates): the flatness ratio (target ≤ 1.2 at 10000000)
//   BENCH_KEEP=1: keep the databases and the files, to look at plans afterwards
// Writes bench/results/ingest.json, and with a base ingest-flatness.json (`npm run bench` copies
// both into its summary). The ingest runs in a child process, so its peak RSS is its own.
import { spawn } from 'node:child_process'
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { randomBytes } from 'node:crypto'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import { openDb } from '../src/db/index.js'
import { migrate } from '../src/db/migrate.js'
import { ingestAmazonAttribution, stageTuples } from '../src/ingest/run.js'
import { copyText } from '../src/ingest/session.js'
import { STAGE_COLUMNS, STAGE_TYPES } from '../src/ingest/sql.js'
import type pg from 'pg'
import { databaseUrl, DEFAULT_ADMIN_URL, withClient } from './dataset.js'
import { ratio } from './load.js'
import { ROOT } from './process.js'
import { commit } from './report.js'

const BRANDS = 100
const PRODUCTS_PER_BRAND = 40
const LINKS = 3000
const CREATORS = 300
const FIRST_DAY = Date.UTC(2026, 0, 1)
const AD_GROUP_BASE = 144523967350812

const asin = (b: number, k: number) => `B0${String(b).padStart(3, '0')}${String(k).padStart(5, '0')}`
const yyyymmdd = (d: number) => new Date(FIRST_DAY + d * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '')

/** Writes text through a stream, waiting when it is full. */
async function write(out: NodeJS.WritableStream, text: string) {
  if (!out.write(text)) await once(out, 'drain')
}
const close = (out: NodeJS.WritableStream) => once(out.end(), 'finish')

/**
 * PRODUCTS rows as API pages of 5,000 ({"reports": [...], "cursorId": ...}), one page per line:
 * per link and day the link's product (Promoted) and two other products of its brand (Brand
 * Halo); PERFORMANCE rows as CSV, one per link and day until the total is reached.
 */
async function generate(dir: string, total: number): Promise<{ files: string[]; rows: number }> {
  const perLinkDay = 3
  const productRows = Math.round(total * 0.81)
  const perfRows = total - productRows
  const days = Math.ceil(productRows / (LINKS * perLinkDay))
  const productsFile = join(dir, 'attribution-products.json')
  const perfFile = join(dir, 'attribution-performance.csv')
  const out = createWriteStream(productsFile)
  let page: string[] = []
  let pageNo = 0
  let written = 0
  const flush = async () => {
    if (page.length === 0) return
    pageNo++
    await write(out, `{"reports":[${page.join(',')}],"size":${page.length},"cursorId":"${pageNo}"}\n`)
    page = []
  }
  outer: for (let d = 0; d < days; d++) {
    for (let i = 0; i < LINKS; i++) {
      const b = i % BRANDS
      const k0 = i % PRODUCTS_PER_BRAND
      for (let h = 0; h < perLinkDay; h++) {
        if (written >= productRows) break outer
        const k = (k0 + h) % PRODUCTS_PER_BRAND
        const units = 1 + ((i + d + h) % 4)
        const price = 19.99 + k // float noise on purpose, as Amazon sends it
        const sales = String(units * price)
        const halo = h > 0
        const metrics = halo
          ? `"brandHaloDetailPageViewsClicks14d":"${units * 3}",` +
            `"brandHaloAttributedAddToCartClicks14d":"${units * 2}","brandHaloAttributedPurchases14d":"${units}",` +
            `"brandHaloUnitsSold14d":"${units}","brandHaloAttributedSales14d":"${sales}"`
          : `"attributedDetailPageViewsClicks14d":"${units * 3}","attributedAddToCartClicks14d":"${units * 2}",` +
            `"attributedPurchases14d":"${units}","unitsSold14d":"${units}","attributedSales14d":"${sales}"`
        page.push(
          `{"date":"${yyyymmdd(d)}","advertiserName":"Brand ${b}","campaignId":${5550000000 + b},` +
            `"adGroupId":${AD_GROUP_BASE + i},"productAsin":"${asin(b, k)}","productName":"Product ${b}-${k}",` +
            `"brandName":"Brand ${b}","marketplace":"AMAZON.COM",` +
            `"productConversionType":"${halo ? 'Brand Halo' : 'Promoted'}",${metrics}}`,
        )
        written++
        if (page.length === 5000) await flush()
      }
    }
  }
  await flush()
  await close(out)

  const csv = createWriteStream(perfFile)
  await write(csv, 'date,campaignId,adGroupId,Click-throughs\n')
  let perf = 0
  let chunk = ''
  for (let d = 0; perf < perfRows; d++) {
    for (let i = 0; i < LINKS && perf < perfRows; i++, perf++) {
      chunk += `${yyyymmdd(d)},${5550000000 + (i % BRANDS)},${AD_GROUP_BASE + i},${5 + ((i * 7 + d) % 40)}\n`
      if (chunk.length > 1 << 16) {
        await write(csv, chunk)
        chunk = ''
      }
    }
  }
  await write(csv, chunk)
  await close(csv)
  return { files: [productsFile, perfFile], rows: written + perf }
}

/** The same rows as the ingest stages them, in COPY text: the input of the ceiling measurement. */
async function copyTextFile(files: string[], path: string): Promise<void> {
  const out = createWriteStream(path)
  const counts = { rows: 0, products: 0, performance: 0 }
  for await (const text of copyText(stageTuples(files, counts))) await write(out, text)
  await close(out)
}

async function setup(url: string): Promise<void> {
  const db = await openDb(url)
  try {
    await migrate(db)
    await db.exec(`
      insert into accounts (id, role, name)
        select 'cr_' || lpad(i::text, 4, '0'), 'creator', 'Creator ' || i from generate_series(0, ${CREATORS - 1}) i;
      insert into brands (id, name, status)
        select 'br_' || lpad(b::text, 3, '0'), 'Brand ' || b, 'active' from generate_series(0, ${BRANDS - 1}) b;
      insert into products (id, brand_id, asin, title, status, country_code, currency, price_cents,
                            commission_type, commission_rate_bps, commission_flat_cents, commission_currency)
        select 'p_' || lpad(b::text, 3, '0') || '_' || lpad(k::text, 2, '0'), 'br_' || lpad(b::text, 3, '0'),
               'B0' || lpad(b::text, 3, '0') || lpad(k::text, 5, '0'), 'Product ' || b || '-' || k, 'active', 'US',
               'USD', 1999 + k * 100,
               case when k % 2 = 0 then 'percentage' else 'flat' end, case when k % 2 = 0 then 1000 end,
               case when k % 2 = 1 then 150 end, case when k % 2 = 1 then 'USD' end
          from generate_series(0, ${BRANDS - 1}) b, generate_series(0, ${PRODUCTS_PER_BRAND - 1}) k;
      insert into links (id, creator_id, brand_id, product_id, short_url, destination_url, amazon_ad_group_id)
        select 'l_' || lpad(i::text, 5, '0'), 'cr_' || lpad((i % ${CREATORS})::text, 4, '0'),
               'br_' || lpad((i % ${BRANDS})::text, 3, '0'),
               'p_' || lpad((i % ${BRANDS})::text, 3, '0') || '_' || lpad((i % ${PRODUCTS_PER_BRAND})::text, 2, '0'),
               'https://go.example.link/' || i, 'https://www.amazon.com/dp/x', (${AD_GROUP_BASE} + i)::text
          from generate_series(0, ${LINKS - 1}) i;
      -- a history for a tenth of the products: a general change and creator-specific terms
      insert into commission_terms (product_id, creator_id, effective_from, type, rate_bps)
        select id, null, date '2026-02-01', 'percentage', 1250 from products where brand_id < 'br_010';
      insert into commission_terms (product_id, creator_id, effective_from, type, rate_bps)
        select p.id, 'cr_0001', date '2026-02-15', 'percentage', 1500 from products p where p.brand_id < 'br_010';
      analyze;`)
  } finally {
    await db.close()
  }
}

/**
 * Fills report_rows with `total` rows of the same links and products on the days before the
 * ingested files begin (one statement per ~1M rows), as years of history would: the rows the
 * ingest then writes land in a table, and indexes, that size.
 */
function fillBase(url: string, total: number): Promise<{ rows: number; seconds: number }> {
  const perDay = LINKS * 3
  const days = Math.ceil(total / perDay)
  const chunkDays = Math.max(1, Math.floor(1_000_000 / perDay))
  const started = Date.now()
  return withClient(url, async (client) => {
    // valid by construction: foreign-key triggers off for the fill, as npm run bench loads
    await client.query('set session_replication_role = replica')
    for (let from = 0; from < days; from += chunkDays) {
      const to = Math.min(days, from + chunkDays) - 1
      await client.query(
        `insert into report_rows (date, link_id, product_id, creator_id, brand_id, asin, marketplace, currency,
                                  sales_cents, commission_cents, commission_status, orders, units_sold, clicks,
                                  detail_page_views, add_to_carts)
         select date '2026-01-01' - 1 - d, l.id, p.id, l.creator_id, l.brand_id, p.asin, 'US', 'USD',
                u * p.price_cents, u * 200, case when d > 60 then 'paid' else 'approved' end, u, u, 5 + u, 3 * u, 2 * u
           from generate_series($1::int, $2::int) d
          cross join links l
          cross join generate_series(0, 2) h
          cross join lateral (select 1 + (substr(l.id, 3)::int + d + h) % 4 as u) x
           join products p on p.id = 'p_' || substr(l.brand_id, 4) || '_' ||
                lpad(((substr(l.id, 3)::int % ${PRODUCTS_PER_BRAND} + h) % ${PRODUCTS_PER_BRAND})::text, 2, '0')
          where (d * ${perDay})::bigint + substr(l.id, 3)::int * 3 + h < $3::bigint`,
        [from, to, total],
      )
    }
    // the summaries' totals of the rows loaded without their triggers
    await client.query('select report_totals_rebuild()')
    await client.query('vacuum analyze')
    await client.query('checkpoint')
    const { rows } = await client.query('select count(*)::int as n from report_rows')
    const seconds = Math.round((Date.now() - started) / 1000)
    console.log(`  filled ${rows[0].n.toLocaleString('en-US')} base rows in ${seconds} s`)
    return { rows: rows[0].n as number, seconds }
  })
}

/** COPY of a file into a table in one transaction: its milliseconds and rows. */
async function copyIn(client: pg.Client, into: string, path: string) {
  const started = process.hrtime.bigint()
  await client.query('begin')
  const stream = client.query(copyFrom(`copy ${into} from stdin`))
  await pipeline(createReadStream(path, { highWaterMark: 1 << 20 }), stream)
  await client.query('commit')
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, rows: stream.rowCount }
}

/** Raw COPY of the staged rows into an unindexed table: the ceiling. */
function copyCeiling(url: string, path: string) {
  return withClient(url, async (client) => {
    await client.query(`create table raw_copy (${STAGE_COLUMNS.map((c, i) => `${c} ${STAGE_TYPES[i]}`).join(', ')})`)
    return copyIn(client, `raw_copy (${STAGE_COLUMNS.join(', ')})`, path)
  })
}

const REPORT_COLUMNS =
  'date, link_id, product_id, marketplace, creator_id, brand_id, asin, currency, sales_cents, commission_cents, ' +
  'commission_status, orders, units_sold, clicks, detail_page_views, add_to_carts'

/**
 * The floor of any ingest into this schema: the report rows the ingest wrote (those from the
 * files' first day on; base rows are older), exported, removed, then COPYed straight back into
 * report_rows with all its indexes and foreign keys.
 */
function indexedCopy(url: string, path: string) {
  return withClient(url, async (client) => {
    const ingested = `date >= date '2026-01-01'`
    await pipeline(
      client.query(
        copyTo(
          `copy (select ${REPORT_COLUMNS} from report_rows where ${ingested}
                  order by date, link_id, product_id, marketplace) to stdout`,
        ),
      ),
      createWriteStream(path),
    )
    const { rows } = await client.query(`select exists (select 1 from report_rows where not (${ingested})) as base`)
    if (rows[0].base) {
      await client.query(`delete from report_rows where ${ingested}`)
      await client.query('vacuum report_rows')
    } else await client.query('truncate report_rows cascade')
    return copyIn(client, `report_rows (${REPORT_COLUMNS})`, path)
  })
}

/** Child mode: the ingest alone, reporting its time, summary and peak RSS. */
async function child(url: string, files: string[]): Promise<void> {
  const db = await openDb(url, { poolSize: 2 })
  const started = process.hrtime.bigint()
  const summary = await ingestAmazonAttribution(db, files)
  const ms = Number(process.hrtime.bigint() - started) / 1e6
  await db.close()
  const maxRssBytes = process.resourceUsage().maxRSS * 1024
  process.stdout.write(JSON.stringify({ ms, maxRssBytes, summary }) + '\n')
}

type Ingested = { ms: number; maxRssBytes: number; summary: Awaited<ReturnType<typeof ingestAmazonAttribution>> }

function runChild(url: string, files: string[]): Promise<Ingested> {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', new URL(import.meta.url).pathname, '--child', url, ...files]
    const p = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    p.stdout.on('data', (d: Buffer) => (out += d.toString()))
    p.on('error', reject)
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`ingest child exited ${code}`))))
  })
}

const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`
const sec = (ms: number) => Math.round(ms / 10) / 100
const rowsOf = (n: number) => n.toLocaleString('en-US')
const say = (line: string) => console.log(line)
const describe = (what: string, r: Ingested) =>
  say(`${what}: ${sec(r.ms)} s, phases ms ${JSON.stringify(r.summary.phases)}, peak RSS ${mb(r.maxRssBytes)}`)
const figures = (r: Ingested, rows: number) => ({
  s: sec(r.ms),
  rows_per_s: Math.round(rows / (r.ms / 1000)),
  phases_ms: r.summary.phases,
  peak_rss_mb: Math.round(r.maxRssBytes / 1048576),
  inserted: r.summary.reportRows.inserted,
  updated: r.summary.reportRows.updated,
})

async function main() {
  if (process.argv[2] === '--child') return child(process.argv[3]!, process.argv.slice(4))
  const startedAt = Date.now()
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL
  const total = Number(process.env.BENCH_INGEST_ROWS ?? 1_000_000)
  const baseRows = Number(process.env.BENCH_INGEST_BASE_ROWS ?? 0)
  if (!Number.isSafeInteger(total) || total < 1 || !Number.isSafeInteger(baseRows) || baseRows < 0)
    throw new Error('BENCH_INGEST_ROWS must be a positive integer and BENCH_INGEST_BASE_ROWS a whole number')
  const name = `csapi_bench_ingest_${randomBytes(4).toString('hex')}`
  const dir = mkdtempSync(join(tmpdir(), 'csapi-bench-ingest-'))
  const created: string[] = []
  const admin = (sql: string) => withClient(adminUrl, (c) => c.query(sql))
  /** A database of its own, migrated and holding the links and products the files refer to. */
  const database = async (suffix: string) => {
    created.push(`${name}${suffix}`)
    await admin(`create database ${name}${suffix}`)
    const url = databaseUrl(adminUrl, `${name}${suffix}`)
    await setup(url)
    return url
  }
  try {
    say(`bench:ingest — ${rowsOf(total)} rows, database ${name}, files in ${dir}`)
    const { files, rows } = await generate(dir, total)
    say(`generated ${rowsOf(rows)} rows (${mb(files.reduce((n, f) => n + statSync(f).size, 0))})`)
    const copyPath = join(dir, 'stage.copy')
    await copyTextFile(files, copyPath)
    const url = await database('')
    const { ms: ceilingMs } = await copyCeiling(url, copyPath)
    const ceiling = rows / (ceilingMs / 1000)
    say(`ceiling: raw COPY into an unindexed table: ${sec(ceilingMs)} s = ${rowsOf(Math.round(ceiling))} rows/s`)
    const r = await runChild(url, files)
    describe('ingest', r)
    const upsertMs = r.summary.phases.upsert ?? 0
    const again = await runChild(url, files)
    describe(`a second run over the same files (${again.summary.reportRows.inserted} inserted)`, again)
    const floor = await indexedCopy(url, join(dir, 'report_rows.copy'))
    say(`floor: raw COPY of the report rows into the indexed table: ${sec(floor.ms)} s`)
    say(`upsert ÷ floor: ${ratio(floor.ms, upsertMs)} (target ≥ 0.8)`)
    let flatness = null
    if (baseRows > 0) {
      const based = await database('_base')
      const fill = await fillBase(based, baseRows)
      const b = await runChild(based, files)
      describe(`into ${rowsOf(fill.rows)} rows`, b)
      const bFloor = await indexedCopy(based, join(dir, 'report_rows_base.copy'))
      flatness = {
        base_rows: fill.rows,
        fill_s: fill.seconds,
        empty_s: sec(r.ms),
        based_s: sec(b.ms),
        ratio: ratio(b.ms, r.ms),
        upsert_vs_floor_empty: ratio(floor.ms, upsertMs),
        upsert_vs_floor_based: ratio(bFloor.ms, b.summary.phases.upsert ?? 0),
        floor_empty_s: sec(floor.ms),
        floor_based_s: sec(bFloor.ms),
        based: figures(b, rows),
      }
      say(`flatness: ${flatness.ratio}× (target ≤ 1.2); upsert ÷ floor ${flatness.upsert_vs_floor_based}`)
    }
    const head = { generated_at: new Date().toISOString(), commit: commit(), node: process.version }
    const settings = { rows: total, base_rows: baseRows }
    const doc = {
      ...{ ...head, settings, generated_rows: rows },
      ceiling: { s: sec(ceilingMs), rows_per_s: Math.round(ceiling) },
      ingest: figures(r, rows),
      ingest_vs_ceiling: ratio(rows / (r.ms / 1000), ceiling),
      rerun: {
        s: sec(again.ms),
        inserted: again.summary.reportRows.inserted,
        updated: again.summary.reportRows.updated,
      },
      floor: { s: sec(floor.ms), rows: floor.rows, upsert_vs_floor: ratio(floor.ms, upsertMs) },
      total_s: Math.round((Date.now() - startedAt) / 1000),
    }
    const write = (file: string, d: unknown) =>
      writeFileSync(join(ROOT, 'bench/results', file), JSON.stringify(d, null, 2) + '\n')
    write('ingest.json', doc)
    // the last flatness run, kept apart: the 10M fill is too long to repeat with every ingest run
    if (flatness) write('ingest-flatness.json', { ...head, settings, generated_rows: rows, flatness })
    say(`results in bench/results/ingest.json${flatness ? ' and ingest-flatness.json' : ''}`)
  } finally {
    if (process.env.BENCH_KEEP) say(`kept databases ${created.join(', ')} and files in ${dir} (BENCH_KEEP)`)
    else {
      for (const db of created.reverse()) await admin(`drop database if exists ${db} with (force)`)
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

await main()
