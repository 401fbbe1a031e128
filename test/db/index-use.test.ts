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
    const [check] = await statementsOf((q) => brandFilterNotConnected(q, 'cr_a', 'b_noads'))
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
    const [page] = await statementsOf((q) => listCreatorBrands(q, 'cr_00149', '', 100))
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
