// Statements that must find their rows through an index by the keys they name, checked in
// their plans. The ids of accounts, brands and products are "C" (byte order); the columns that
// reference them are not, and compared with a "C" column those columns' indexes cannot take the
// key: three statements scanned whole tables that way (the products page's terms, the
// ads_not_connected check, the reports.changed events). With sequential scans disabled, the
// plan shows whether each key is used to find rows (an index, merge or hash condition) or only
// filtered afterwards (the data: the test fixture, and 60 general terms per product).
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Db, Queryable } from '../../src/db/index.js'
import { listBrandProducts } from '../../src/http/seller/products/sql.js'
import { listCreatorBrands } from '../../src/http/creator/brands/sql.js'
import { brandFilterNotConnected } from '../../src/http/creator/reports/sql.js'
import { listSellerReports } from '../../src/http/seller/reports/sql.js'
import { listCreatorLinks } from '../../src/http/creator/links/sql.js'
import { listCreatorProducts } from '../../src/http/creator/products/sql.js'
import { recordEvents } from '../../src/events/record.js'
import { load, openTestDb } from '../support/helpers.js'
import { fixture } from '../support/fixture.js'

/** The statements a call runs, with their parameters; `answer` is what each returns. */
async function statementsOf(call: (q: Queryable) => Promise<unknown>, answer: unknown[] = [{}]) {
  const seen: { sql: string; params: readonly unknown[] }[] = []
  const recorder: Queryable = {
    async query(sql, params) {
      seen.push({ sql, params: params ?? [] })
      return answer as never
    },
    async exec() {},
  }
  await call(recorder)
  return seen
}

describe('index use of statements keyed by "C" ids', () => {
  let db: Db
  let close: () => Promise<void>
  before(async () => {
    ;({ db, close } = await openTestDb())
    await load(db, fixture())
    // terms enough that an index is the way to one product's, as on a real platform
    await db.exec(`insert into commission_terms (product_id, effective_from, type, rate_bps)
      select p.id, date '2020-01-01' + d, 'percentage', 100 + d
        from products p, generate_series(0, 59) d`)
    await db.exec('analyze')
  })
  after(() => close())

  /** The plan's lines that filter on `column` after reading rows rather than finding them by it. */
  const filtersOn = (text: string, column: string) =>
    text.split('\n').filter((line) => new RegExp(`Filter: .*\\b${column}\\b`).test(line))

  const plan = (sql: string, params: readonly unknown[]) =>
    db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off')
      const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${sql}`, params)
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })

  it('the products page finds each product’s terms by product_id, not by a filter', async () => {
    const [page] = await statementsOf((q) => listBrandProducts(q, 'sl_a', 'b_active', '', 100))
    const text = await plan(page!.sql, page!.params)
    assert.match(text, /on commission_terms ct/)
    assert.deepEqual(filtersOn(text, 'product_id'), [], text)
  })

  it('the ads_not_connected check finds report rows by creator and brand', async () => {
    const [check] = await statementsOf((q) => brandFilterNotConnected(q, 'cr_a', 'b_noads', ''))
    const text = await plan(check!.sql, check!.params)
    assert.match(text, /on report_rows r/)
    assert.deepEqual(filtersOn(text, 'brand_id'), [], text)
  })

  it('reports.changed events find a creator’s changed rows by creator_id', async () => {
    const statements = await statementsOf(
      (q) => recordEvents(q, { changeSeq: 0, adjustmentId: 0, payoutSeq: 0 }),
      [{ n: 1 }],
    )
    const changed = statements.find((s) => s.sql.includes("'reports.changed'"))
    assert.ok(changed, 'no reports.changed statement')
    const text = await plan(changed.sql, changed.params)
    assert.match(text, /on report_rows r/)
    assert.deepEqual(filtersOn(text, 'creator_id'), [], text)
  })
})

// A page statement runs prepared (src/db/index.ts), so after five executions PostgreSQL may keep
// a generic plan: one made without the parameters' values. The brands page's first version
// joined each brand of the page to the creator's partnership by an index probe there, 102
// probes a page, which cost the bench’s brands page ~13% of the database’s time (#8).
describe('the brands page under a generic plan', () => {
  let db: Db
  let close: () => Promise<void>
  before(async () => {
    ;({ db, close } = await openTestDb())
    // the bench's shape: 400 brands (most discoverable), 2,000 creators with 5 partnerships each
    await db.exec(`insert into brands (id, name, status, discoverable)
      select 'br_' || lpad(i::text, 4, '0'), 'Brand ' || i,
             case when i % 20 = 0 then 'inactive' else 'active' end, i % 9 <> 0
        from generate_series(1, 400) i`)
    await db.exec(`insert into accounts (id, role)
      select 'cr_' || lpad(i::text, 5, '0'), 'creator' from generate_series(1, 2000) i`)
    await db.exec(`insert into partnerships (creator_id, brand_id, status)
      select 'cr_' || lpad(c::text, 5, '0'), 'br_' || lpad((1 + (c * 7 + k * 83) % 400)::text, 4, '0'), 'approved'
        from generate_series(1, 2000) c, generate_series(0, 4) k`)
    await db.exec('analyze')
  })
  after(() => close())

  it('reads the creator’s partnerships once a page, not once per brand', async () => {
    const [page] = await statementsOf((q) => listCreatorBrands(q, 'cr_00149', '', 100, ''))
    const text = await db.transaction(async (tx) => {
      await tx.query('set local plan_cache_mode = force_generic_plan')
      await tx.query(`prepare brands_page as ${page!.sql}`)
      // EXPLAIN EXECUTE takes no bind parameters: the test's own constants, written out
      assert.deepEqual(page!.params, ['cr_00149', '', 100, ''])
      const rows = await tx.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary off) execute brands_page('cr_00149', '', 100, '')`,
      )
      await tx.query('deallocate brands_page')
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    assert.match(text, /on partnerships/)
    const perBrand = text.split('\n').filter((line) => /on partnerships/.test(line) && !/loops=1\)/.test(line))
    assert.deepEqual(perBrand, [], text)
  })
})

// The seller's and the creator's new pages on data shaped like the platform's: many creators
// each with links to a few brands, rows of every day, creator-specific terms beside general ones.
describe('index use of the seller reports, links and creator products pages', () => {
  let db: Db
  let close: () => Promise<void>
  before(async () => {
    ;({ db, close } = await openTestDb())
    await db.exec(`insert into accounts (id, role) values ('s1', 'seller'), ('s2', 'seller')`)
    await db.exec(`insert into accounts (id, role, name)
      select 'c_' || lpad(i::text, 3, '0'), 'creator', 'Creator ' || i from generate_series(1, 200) i`)
    await db.exec(`insert into brands (id, name, status)
      select 'b_' || lpad(i::text, 2, '0'), 'Brand ' || i, 'active' from generate_series(1, 20) i`)
    await db.exec(`insert into brand_access (account_id, brand_id) values ('s1', 'b_01')`)
    await db.exec(`insert into products (id, brand_id, asin, title, status, country_code, commission_type,
                                         commission_rate_bps)
      select b.id || '_p' || k, b.id, 'B0' || lpad((row_number() over ())::text, 8, '0'), 't', 'active',
             case when k % 2 = 0 then 'US' else 'UK' end, 'percentage', 1000
        from brands b, generate_series(1, 10) k`)
    await db.exec(`insert into commission_terms (product_id, creator_id, effective_from, type, rate_bps)
      select p.id, a.id, date '2020-01-01' + d, 'percentage', 100 + d
        from products p, (select id from accounts where role = 'creator' and id <= 'c_050') a,
             generate_series(0, 2) d
       where p.brand_id <= 'b_03'`)
    await db.exec(`insert into links (id, creator_id, brand_id, product_id, short_url, destination_url)
      select 'l_' || a.id || '_' || b.n, a.id, 'b_' || lpad(b.n::text, 2, '0'),
             'b_' || lpad(b.n::text, 2, '0') || '_p1',
             'https://s.example/x', 'https://www.amazon.com/dp/x'
        from accounts a, lateral (select 1 + (substr(a.id, 3)::int * 7 + k * 5) % 20 as n
                                    from generate_series(0, 2) k) b
       where a.role = 'creator'`)
    await db.exec(`insert into report_rows (date, link_id, product_id, creator_id, brand_id, asin, marketplace,
                     currency, sales_cents, commission_cents, commission_status, orders, units_sold, clicks,
                     detail_page_views, add_to_carts)
      select date '2026-03-01' + d, l.id, p.id, l.creator_id, l.brand_id, p.asin, 'US', 'USD',
             100, 10, 'pending', 1, 1, 5, 2, 1
        from links l
        join products p on p.brand_id = l.brand_id and p.id in (l.brand_id || '_p1', l.brand_id || '_p2')
        cross join generate_series(0, 29) d`)
    await db.exec('vacuum analyze')
  })
  after(() => close())

  const filtersOn = (text: string, column: string) =>
    text.split('\n').filter((line) => new RegExp(`Filter: .*\\b${column}\\b`).test(line))
  /** Filters on report rows (the grant's lookup in the tiny brand_access may be a scan). */
  const rowFilters = (text: string, column: string) => filtersOn(text, column).filter((l) => !/account_id/.test(l))
  const plan = (sql: string, params: readonly unknown[]) =>
    db.transaction(async (tx) => {
      // small lookup tables (grants, brands, products) are scanned otherwise: only the keys matter
      await tx.query('set local enable_seqscan = off')
      const rows = await tx.query<{ 'QUERY PLAN': string }>(`explain (costs off) ${sql}`, params)
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })

  it('a seller’s reports page is a range scan of one brand’s rows (report_rows_seller_idx)', async () => {
    const q = { accountId: 's1', brandId: 'b_01', after: null, limit: 100 }
    for (const filters of [
      { start: '2026-03-01', end: '2026-03-30' },
      { start: '2026-03-01', end: '2026-03-30', marketplace: 'US', product_id: 'b_01_p1' },
    ]) {
      const [page] = await statementsOf((db) => listSellerReports(db, { ...q, filters }))
      const text = await plan(page!.sql, page!.params)
      assert.match(text, /(Index Scan using|Bitmap Index Scan on) report_rows_seller_idx/, text)
      assert.match(text, /Index Cond: .*brand_id = /, text)
      assert.deepEqual(rowFilters(text, 'brand_id'), [], text)
    }
    // with a creator, one of the creator's indexes, as the planner costs them: the creator's rows
    // of the brand (report_rows_brand_idx), or all its rows index-only (report_rows_creator_cover_idx)
    const filters = { start: '2026-03-01', end: '2026-03-30', creator_id: 'c_001' }
    const [page] = await statementsOf((db) => listSellerReports(db, { ...q, filters }))
    const text = await plan(page!.sql, page!.params)
    assert.match(text, /Index Cond: .*creator_id = /, text)
  })

  it('an ungranted brand’s page reads no report row', async () => {
    const filters = { start: '2026-03-01', end: '2026-03-30' }
    const [page] = await statementsOf((db) =>
      listSellerReports(db, { accountId: 's2', brandId: 'b_01', filters, after: null, limit: 100 }),
    )
    const text = await db.transaction(async (tx) => {
      const rows = await tx.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off, timing off, summary off) ${page!.sql}`,
        page!.params,
      )
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    })
    const scans = text.split('\n').filter((line) => /Scan .*on report_rows r/.test(line))
    assert.ok(scans.length > 0, text)
    for (const line of scans) assert.match(line, /never executed|rows=0 /, text)
  })

  it('the links page finds a creator’s links by creator_id, in the index’s order', async () => {
    const [page] = await statementsOf((db) => listCreatorLinks(db, 'c_001', { brand_id: 'b_01' }, '', 25))
    const text = await plan(page!.sql, page!.params)
    assert.match(text, /links_creator_id_idx/, text)
    assert.deepEqual(filtersOn(text, 'creator_id'), [], text)
  })

  it('the creator’s products page reads the brand’s products and the terms by index', async () => {
    const [page] = await statementsOf((db) => listCreatorProducts(db, 'c_001', 'b_01', '', 100, ''))
    const text = await plan(page!.sql, page!.params)
    assert.match(text, /Index Cond: \(\(?brand_id = 'b_01'::text/, text)
    assert.match(text, /Index Cond: .*creator_id = 'c_001'::text/, text)
    assert.match(text, /on commission_terms ct/, text)
  })
})
