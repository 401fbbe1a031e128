// The benchmark dataset, generated inside the database with set-based SQL after the project's
// migrations, so that the real schema and indexes are measured, on PostgreSQL and on PGlite alike.
// A kept dataset carries a mark of the migrations and this generator, and is reused only by them.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { openDb, type Db } from '../src/db/index.js'
import { migrate } from '../src/db/migrate.js'
import { pay } from '../src/settlement/pay.js'
import { createToken } from '../src/tokens/tokens.js'
import { log, ROOT } from './process.js'

const CREATORS = 2000
const BRANDS = 400
const PRODUCTS = 20_000
const LINKS = 50_000
const DAYS = 365
export const YEAR_START = '2025-01-01'
export const YEAR_END = '2025-12-31'

/** The largest creator: ~1.1% of the rows, and never fewer than the page after 100k rows needs. */
const BIG_CREATOR = 'cr_00001'
const BIG_LINKS = 500
const bigCreatorRows = (total: number) => Math.max(Math.round(total * 0.011), 110_000)

// The feed's whale: one creator with more than 1M rows, for the feed's page after 1M changes (the
// feed is per creator). It exists only where it holds at most half of the rows: not at 1M.
const WHALE_CREATOR = 'cr_whale'
const WHALE_LINKS = 3100
const WHALE_K = 355
export const WHALE_ROWS = WHALE_LINKS * WHALE_K // 1,100,500
const whaleRows = (total: number) => (total >= 2 * WHALE_ROWS ? WHALE_ROWS : 0)

/** Whose token a request carries: the typical and the largest creator, a seller, the feed's whale. */
export type Subject = 'typical' | 'big' | 'seller' | 'whale'

export interface BenchIds {
  /** Each subject's account and token (no whale in a dataset without one). */
  as: Partial<Record<Subject, { id: string; token: string }>>
  sellerBrand: string
  /** The brand with the most report rows, granted to the seller too. */
  largestBrand: string
  /** Filter values that select some of the largest creator's rows. */
  filters: { brand_id: string; product_id: string; asin: string; link_id: string; marketplace: string }
  rowCounts: { total: number; big: number; typical: number; largestBrand: number }
  /** The largest creator's largest payout. */
  payout: { id: string; lines: number }
}

/** Report rows are inserted day by day, as ingestion writes them: the heap is in date order. */
async function generate(db: Db, rows: number): Promise<void> {
  const t0 = Date.now()
  await migrate(db)
  // Consistent by construction: no foreign-key or aggregate triggers while loading.
  await db.exec(`set session_replication_role = replica`)
  await db.exec(`set maintenance_work_mem = '512MB'`)
  const p = (n: number) => String(Math.trunc(n)) // our own integers, never user input
  const whale = whaleRows(rows)

  await db.exec(`
    insert into brands (id, name, status, description, website, discoverable, ads_connected)
    select 'br_' || lpad(i::text, 4, '0'), 'Brand ' || i,
           case when i % 20 = 0 then 'inactive' else 'active' end,
           'Brand number ' || i, 'https://brand' || i || '.example', i % 10 <> 0, true
      from generate_series(1, ${BRANDS}) i;

    insert into accounts (id, role, name)
    select 'cr_' || lpad(i::text, 5, '0'), 'creator', 'Creator ' || i
      from generate_series(1, ${CREATORS}) i
    union all
    select 'se_' || lpad(i::text, 4, '0'), 'seller', 'Seller ' || i from generate_series(1, ${BRANDS}) i
    union all
    select '${WHALE_CREATOR}', 'creator', 'The feed whale' where ${whale > 0};

    insert into brand_access (account_id, brand_id)
    select 'se_' || lpad(i::text, 4, '0'), 'br_' || lpad(i::text, 4, '0') from generate_series(1, ${BRANDS}) i;

    insert into products (id, brand_id, asin, title, status, commission_type, commission_rate_bps,
                          image_url, detail_page_url, country_code, price_cents, currency)
    select 'pr_' || lpad(i::text, 6, '0'), 'br_' || lpad((1 + (i - 1) % ${BRANDS})::text, 4, '0'),
           'B' || lpad(i::text, 9, '0'), 'Product ' || i,
           case when i % 25 = 0 then 'inactive' else 'active' end, 'percentage', 300 + i % 700,
           'https://img.example/p' || i || '.jpg', 'https://www.amazon.com/dp/B' || lpad(i::text, 9, '0'),
           m.code, 500 + (i * 7919) % 20000, m.currency
      from generate_series(1, ${PRODUCTS}) i
      join marketplaces m on m.position = 1 + i % 23;

    insert into partnerships (creator_id, brand_id, status)
    select 'cr_' || lpad(c::text, 5, '0'),
           'br_' || lpad((1 + (c * 7 + k * 53) % ${BRANDS})::text, 4, '0'),
           (array['approved', 'pending', 'approved', 'suspended', 'rejected'])[k]
      from generate_series(1, ${CREATORS}) c, generate_series(1, 5) k;
  `)
  await db.query(`select refresh_brand_aggregates(array(select id from brands))`)

  // Links: the largest creator owns the first ${BIG_LINKS}; the rest are spread, unevenly, over the
  // others; the whale's, when there is one, come after them. bench_links.k is how many report rows
  // each link gets (mean chosen to reach the total).
  const big = bigCreatorRows(rows)
  const others = LINKS - BIG_LINKS
  const meanK = (rows - big - whale) / others
  const bigK = Math.ceil(big / BIG_LINKS)
  await db.exec(`
    create table bench_links as
    select n, 'ln_' || lpad(n::text, 6, '0') as id,
           case when n <= ${BIG_LINKS} then '${BIG_CREATOR}'
                -- skewed: lower-numbered creators own more links (the most about 0.6% of them)
                when n > ${LINKS} then '${WHALE_CREATOR}'
                else 'cr_' || lpad((2 + floor(${CREATORS - 1}
                       * power(((n::bigint * 104729 + 12345) % 99991) / 99991.0, 1.5)))::int::text, 5, '0')
           end as creator_id,
           'pr_' || lpad((1 + (n * 7) % ${PRODUCTS})::text, 6, '0') as product_id,
           case when n <= ${BIG_LINKS} then ${p(bigK)}
                when n > ${LINKS} then ${WHALE_K}
                -- uneven link sizes: from a quarter to 1.75 times the mean
                else least(${DAYS * 23},
                           greatest(1, round(${meanK} * (0.25 + 1.5 * ((n * 7919) % 1000) / 1000.0))))::int
           end as k
      from generate_series(1, ${LINKS + (whale > 0 ? WHALE_LINKS : 0)}) n;

    insert into links (id, creator_id, brand_id, product_id, tracking_id, short_url, destination_url)
    select l.id, l.creator_id, p.brand_id, l.product_id,
           case when l.n % 3 = 0 then '' else 'tag-' || l.n end,
           'https://amzn.to/' || l.id, p.detail_page_url || '?tag=' || l.creator_id
      from bench_links l join products p on p.id = l.product_id;
  `)

  // Drop report_rows' secondary indexes (and the natural-key constraint) while loading and
  // rebuild them from their own definitions afterwards: same indexes, built in one pass.
  const indexes = await db.query<{ name: string; def: string; constraint: string | null }>(`
    select i.relname as name, pg_get_indexdef(i.oid) as def,
           (select pg_get_constraintdef(c.oid) from pg_constraint c
             where c.conindid = i.oid and c.contype = 'u') as constraint
      from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = 'report_rows'::regclass and not x.indisprimary`)
  for (const ix of indexes) {
    if (ix.constraint) await db.exec(`alter table report_rows drop constraint ${ix.name}`)
    else await db.exec(`drop index ${ix.name}`)
  }

  // Slot j of link n (0 <= j < k) lands on day (j + n) mod 365 and marketplace
  // (j div 365 + n) mod 23: unique per (date, link, marketplace) by construction.
  const rounds = Math.ceil(Math.max(bigK, meanK * 1.75, whale > 0 ? WHALE_K : 0) / DAYS)
  const tLoad = Date.now()
  for (let d = 0; d < DAYS; d++) {
    await db.exec(`
      insert into report_rows (date, link_id, product_id, creator_id, brand_id, asin, marketplace, currency,
        sales_cents, commission_cents, commission_status, orders, units_sold, clicks, detail_page_views, add_to_carts)
      select date '${YEAR_START}' + ${d}, l.id, l.product_id, l.creator_id, p.brand_id, p.asin, m.code, m.currency,
             s.sales, s.sales * (300 + s.h % 700) / 10000,
             case when ${d} < 240 then 'paid' when ${d} < 330 then 'approved'
                  when s.h % 50 = 0 then 'reversed' else 'pending' end,
             s.h % 5, s.h % 7, 10 + s.h % 300, 5 + s.h % 120, s.h % 40
        from bench_links l
        join generate_series(0, ${rounds - 1}) r on r * ${DAYS} + ((${d} - l.n) % ${DAYS} + ${DAYS}) % ${DAYS} < l.k
        join products p on p.id = l.product_id
        join marketplaces m on m.position = 1 + (r + l.n) % 23
        cross join lateral (select ((l.n * 7919 + ${d} * 104729 + r * 31) % 100003) as h) hh
        cross join lateral (select 100 + hh.h % 25000 as sales, hh.h) s
       order by l.n, r`)
    if (d % 73 === 72) log(`report rows: day ${d + 1}/${DAYS} (${Math.round((Date.now() - tLoad) / 1000)} s)`)
  }
  log(`loaded report rows in ${Math.round((Date.now() - tLoad) / 1000)} s; rebuilding ${indexes.length} indexes`)
  const tIdx = Date.now()
  for (const ix of indexes) {
    if (ix.constraint) await db.exec(`alter table report_rows add constraint ${ix.name} ${ix.constraint}`)
    else await db.exec(ix.def)
  }
  log(`indexes in ${Math.round((Date.now() - tIdx) / 1000)} s`)
  await db.exec(`set session_replication_role = origin`)
  await db.exec(`select report_totals_rebuild()`) // the summaries' totals, whose triggers were off
  await db.exec(`vacuum (analyze)`) // the visibility map for index-only scans; statistics
  log(`dataset ready in ${Math.round((Date.now() - t0) / 1000)} s`)
}

/** Picks the scenarios' subjects and issues their tokens (through the project's createToken). */
export async function prepareIds(db: Db): Promise<BenchIds> {
  await db.exec(`delete from api_tokens where name = 'bench'`)
  const counts = await db.query<{ creator_id: string; n: number }>(
    `select creator_id, count(*)::int as n from report_rows group by creator_id order by n desc, creator_id`,
  )
  // typical: the median creator among those with more than one full 500-row page
  const full = counts.filter((c) => c.n > 600 && c.creator_id !== BIG_CREATOR && c.creator_id !== WHALE_CREATOR)
  const typical = full[Math.floor(full.length / 2)] ?? counts[Math.floor(counts.length / 2)]!
  const count = (id: string) => counts.find((c) => c.creator_id === id)?.n ?? 0
  const [filters] = await db.query<BenchIds['filters']>(
    `select brand_id, product_id, asin, link_id, marketplace from report_rows
      where creator_id = $1 order by date, id limit 1`,
    [BIG_CREATOR],
  )
  const [largest] = await db.query<{ brand_id: string; n: number }>(
    `select brand_id, count(*)::int as n from report_rows group by brand_id order by n desc, brand_id limit 1`,
  )
  const seller = 'se_0001'
  await db.query(`insert into brand_access (account_id, brand_id) values ($1, $2) on conflict do nothing`, [
    seller,
    largest!.brand_id,
  ])
  // a large payout: the first run pays the largest creator's approved rows through the project's pay
  const findPayout = () =>
    db.query<{ id: string; lines: number }>(
      `select id, line_count as lines from payouts where creator_id = $1 order by line_count desc, id limit 1`,
      [BIG_CREATOR],
    )
  let [payout] = await findPayout()
  if (!payout) {
    await pay(db, BIG_CREATOR, YEAR_END)
    await db.exec('analyze payouts, payout_lines') // PGlite has no autovacuum
    ;[payout] = await findPayout()
  }
  if (!payout) throw new Error(`${BIG_CREATOR} has no approved rows to pay`)
  const account = async (id: string) => ({
    id,
    token: (await createToken(db, { accountId: id, name: 'bench', expiresAt: null })).token,
  })
  return {
    as: {
      typical: await account(typical.creator_id),
      big: await account(BIG_CREATOR),
      seller: await account(seller),
      ...(count(WHALE_CREATOR) > 0 && { whale: await account(WHALE_CREATOR) }),
    },
    sellerBrand: 'br_0001',
    largestBrand: largest!.brand_id,
    filters: filters!,
    rowCounts: {
      total: counts.reduce((s, c) => s + c.n, 0),
      big: count(BIG_CREATOR),
      typical: typical.n,
      largestBrand: largest!.n,
    },
    payout,
  }
}

/** The migrations and this generator: a kept dataset is reused only when they are the same. */
function fingerprint(): string {
  const h = createHash('sha256')
  const dir = join(ROOT, 'migrations')
  for (const f of readdirSync(dir).sort()) h.update(f).update(readFileSync(join(dir, f)))
  return h
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .digest('hex')
    .slice(0, 12)
}

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

export function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl)
  u.pathname = `/${name}`
  return u.toString()
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** The PostgreSQL dataset `name` (an identifier: the options check it), made or reused. */
export async function prepareDatabase(adminUrl: string, name: string, rows: number, reuse: boolean) {
  const url = databaseUrl(adminUrl, name)
  const mark = `csapi-bench ${rows} ${fingerprint()}`
  const admin = (sql: string, params: unknown[] = []) => withClient(adminUrl, (c) => c.query(sql, params))
  const drop = async () => void (await admin(`drop database if exists ${name} with (force)`))
  const kept = await admin(`select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1`, [
    name,
  ])
  if (reuse && kept.rows[0]?.mark === mark) {
    log(`reusing ${name}`)
    return { url, generationS: 0, drop }
  }
  if (reuse && kept.rowCount) log(`not reusing ${name}: made for another size, migrations or generator`)
  await drop()
  await admin(`create database ${name}`)
  const t0 = Date.now()
  const db = await openDb(url, { poolSize: 1 })
  try {
    await generate(db, rows)
  } catch (err) {
    await db.close()
    await drop()
    throw err
  }
  await db.close()
  await admin(`comment on database ${name} is '${mark}'`) // only once it is whole
  return { url, generationS: Math.round((Date.now() - t0) / 1000), drop }
}

/** The PGlite dataset, kept in the temporary directory between runs: it takes minutes to make. */
export async function preparePglite(rows: number): Promise<{ url: string; generationS: number }> {
  const dir = join(tmpdir(), `csapi-bench-pglite-${rows}-${fingerprint()}`)
  const url = `file:${dir}/pgdata`
  if (existsSync(join(dir, 'bench-ready'))) {
    log(`reusing the PGlite dataset in ${dir}`)
    return { url, generationS: 0 }
  }
  rmSync(dir, { recursive: true, force: true })
  const t0 = Date.now()
  const db = await openDb(url)
  try {
    await generate(db, rows)
  } finally {
    await db.close()
  }
  writeFileSync(join(dir, 'bench-ready'), new Date().toISOString())
  return { url, generationS: Math.round((Date.now() - t0) / 1000) }
}
