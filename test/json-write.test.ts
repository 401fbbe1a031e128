// On PGlite the server writes a page's JSON from the statement's columns (src/http/json-write.ts)
// instead of having PostgreSQL write it (src/http/json-sql.ts). Both must give the same page to
// the byte: checked here for any values, and for every page of the fixture's lists. PGlite only:
// PostgreSQL's pages are the SQL's alone.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Type } from 'typebox'
import { pageOf, PRESENT, readPage, rowJson } from '../src/http/json-sql.js'
import { columnIndex, readReply, valueOf } from '../src/db/reply.js'
import type { Db, Queryable } from '../src/db/index.js'
import { listBrandProducts } from '../src/http/seller/products/sql.js'
import { listCreatorBrands } from '../src/http/creator/brands/sql.js'
import { listSellerBrands } from '../src/http/seller/brands/sql.js'
import { listCreatorReports, type ReportFilters, type ReportQuery } from '../src/http/creator/reports/sql.js'
import { readFeedPage } from '../src/http/creator/changes/sql.js'
import { day, DAYS, fixture } from './fixture.js'
import { load, onPostgres, openTestDb } from './helpers.js'

const skip = onPostgres ? 'PGlite only: on PostgreSQL the SQL writes every page' : false

/** The same database without queryReply: readPage takes the page PostgreSQL wrote. */
const sqlOnly = (db: Queryable): Queryable => ({ query: (s, p, o) => db.query(s, p, o), exec: (s) => db.exec(s) })

const Row = Type.Object({
  id: Type.String(),
  name: Type.String(),
  short: Type.String(),
  day: Type.String({ format: 'date' }),
  cents: Type.Integer(),
  flag: Type.Boolean(),
  amount: Type.Number(),
  ratio: Type.Number(),
  either: Type.Union([Type.String(), Type.Boolean()]),
  maybe: Type.Union([Type.String(), Type.Null()]),
  tags: Type.Array(Type.String()),
  terms: Type.Union([Type.Object({ kind: Type.String(), bps: Type.Integer(), note: Type.String() }), Type.Null()]),
  extra: Type.Optional(Type.String()),
  count: Type.Optional(Type.Integer()),
})

const ROW = rowJson(Row, 't', {
  either: `case when t.flag then t.flag::text else t.name end`,
  maybe: 't.extra',
  terms: { [PRESENT]: 't.kind is not null', kind: 't.kind', bps: 't.bps', note: 't.name' },
})
// `either` as a boolean value in to_json's path: its own field, on another page
const Flagged = Type.Object({ id: Type.String(), either: Type.Union([Type.String(), Type.Boolean()]) })
const FLAGGED = rowJson(Flagged, 't', { either: `case when t.flag then true end` })

const PAGE = pageOf(
  ROW,
  (row) => `select t.id, ${row}, row_number() over (order by t.id) as n
              from t where t.id > $1 order by t.id limit $2 + 1`,
  ['id'],
  '$2',
  ['(select count(*) from t)::int as total'],
)
const FLAGGED_PAGE = pageOf(
  FLAGGED,
  (row) => `select t.id, ${row}, row_number() over (order by t.id) as n from t order by t.id limit $1 + 1`,
  ['id'],
  '$1',
)

describe('pages written by the server from columns (PGlite)', { skip }, () => {
  let db: Db
  let close: () => Promise<void>
  before(async () => {
    ;({ db, close } = await openTestDb())
    await db.exec(`create table t (id text collate "C" primary key, name text, short varchar(12), day date,
      cents bigint, flag boolean, amount numeric, ratio float8, extra text, count int, tags text[], kind text,
      bps int)`)
  })
  after(() => close())

  it('uses the reply path', () => {
    assert.equal(typeof db.queryReply, 'function')
  })

  it('gives a reply prepared or not, throws its error as a query would, and the database goes on', async () => {
    const x = async (sql: string, params: unknown[], prepare: boolean) => {
      const reply = readReply(await db.queryReply!(sql, params, { prepare }))
      return Array.from({ length: reply.count }, (_, r) => valueOf(reply, r, columnIndex(reply, 'x')))
    }
    for (const prepare of [true, false]) {
      assert.deepEqual(await x('select $1::int + g as x from generate_series(1, 3) g', [10], prepare), [11, 12, 13])
      await assert.rejects(x('select 1 / $1::int as x', [0], prepare), { code: '22012' })
      await assert.rejects(x('select nonsense as x', [], prepare), { code: '42703' })
      assert.deepEqual(await x('select $1::text as x', ['a"b'], prepare), ['a"b'])
    }
  })

  it('writes the same page as PostgreSQL for any values (property)', async () => {
    const text = fc.string({ unit: 'binary', maxLength: 30 }).map((s) => s.replaceAll('\0', ''))
    const rowArb = fc.record({
      name: fc.option(text, { nil: null, freq: 8 }),
      short: fc.string({ unit: 'binary', maxLength: 12 }).map((s) => s.replaceAll('\0', '')),
      day: fc
        .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      cents: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String),
      flag: fc.boolean(),
      amount: fc.oneof(
        fc.constantFrom('NaN', 'Infinity', '-Infinity', '0', '-0.5', '0.0001', '123456789012345678901234.5'),
        fc.integer().map((i) => String(i / 1000)),
      ),
      ratio: fc.oneof(fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e300', '-1.5e-7'), fc.double().map(String)),
      extra: fc.option(text, { nil: null }),
      count: fc.option(fc.integer(), { nil: null }),
      tags: fc.array(text, { maxLength: 3 }),
      kind: fc.option(text, { nil: null }),
      bps: fc.option(fc.integer({ min: 0, max: 10000 }), { nil: null }),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(rowArb, { maxLength: 8 }), fc.integer({ min: 1, max: 9 }), async (rows, limit) => {
        await db.exec('delete from t')
        for (const [i, r] of rows.entries()) {
          await db.query(`insert into t values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`, [
            `r${i}`,
            r.name,
            r.short,
            r.day,
            r.cents,
            r.flag,
            r.amount,
            r.ratio,
            r.extra,
            r.count,
            r.tags,
            r.kind,
            r.bps,
          ])
        }
        for (const after of ['', 'r0', 'r3']) {
          const ours = await readPage(db, PAGE, [after, limit])
          const theirs = await readPage(sqlOnly(db), PAGE, [after, limit])
          assert.deepEqual(ours, theirs)
        }
        assert.deepEqual(await readPage(db, FLAGGED_PAGE, [limit]), await readPage(sqlOnly(db), FLAGGED_PAGE, [limit]))
      }),
      { numRuns: 150 },
    )
  })

  it('counts a row with a required value missing as broken, and leaves it out, as the SQL does', async () => {
    await db.exec('delete from t')
    await db.exec(`insert into t values ('a', 'x', 's', '2026-01-01', 1, true, 1, 1, null, null, '{}', null, null),
      ('b', null, 's', '2026-01-01', 1, true, 1, 1, null, null, '{}', null, null),
      ('c', 'z', 's', '2026-01-01', 1, true, 1, 1, null, null, '{}', 'k', null)`)
    const ours = await readPage<{ broken: number; found: number; rows: string }>(db, PAGE, ['', 5])
    assert.deepEqual(ours, await readPage(sqlOnly(db), PAGE, ['', 5]))
    assert.equal(ours.broken, 2)
    assert.equal(ours.found, 3)
    assert.equal(JSON.parse(`[${ours.rows}]`).length, 1)
  })

  it('refuses to write a date under a DateStyle other than ISO, where the SQL would still be right', async () => {
    await db.exec('delete from t')
    await db.exec(`insert into t values ('a', 'x', 's', '2026-01-31', 1, true, 1, 1, null, null, '{}', null, null)`)
    await db.exec(`set datestyle = 'SQL, DMY'`)
    try {
      await assert.rejects(readPage(db, PAGE, ['', 5]), /DateStyle must be ISO/)
    } finally {
      await db.exec(`set datestyle = 'ISO, MDY'`)
    }
    assert.deepEqual(await readPage(db, PAGE, ['', 5]), await readPage(sqlOnly(db), PAGE, ['', 5]))
  })
})

describe("the fixture's pages, written by the server and by PostgreSQL (PGlite)", { skip }, () => {
  let db: Db
  let close: () => Promise<void>
  before(async () => {
    ;({ db, close } = await openTestDb())
    await load(db, fixture())
  })
  after(() => close())

  /** Walks a list both ways, page by page, and checks that every page is the same. */
  async function same<P extends { last_id: string | null }>(
    read: (q: Queryable, after: string, limit: number) => Promise<P>,
  ): Promise<number> {
    let pages = 0
    for (const limit of [1, 3, 100]) {
      let after = ''
      for (;;) {
        const ours = await read(db, after, limit)
        assert.deepEqual(ours, await read(sqlOnly(db), after, limit))
        pages++
        if (ours.last_id === null) break
        after = ours.last_id
      }
    }
    return pages
  }

  it('products of every brand, for every seller-side account', async () => {
    const brands = await db.query<{ id: string }>('select id from brands order by id')
    const accounts = await db.query<{ id: string }>(`select id from accounts where role <> 'creator'`)
    let pages = 0
    for (const { id: account } of accounts)
      for (const { id: brand } of brands)
        pages += await same((q, after, limit) => listBrandProducts(q, account, brand, after, limit))
    assert.ok(pages > 20, `${pages} pages`)
  })

  it("creators' and sellers' brands", async () => {
    for (const creator of ['cr_a', 'cr_b', 'cr_c'])
      await same((q, after, limit) => listCreatorBrands(q, creator, after, limit))
    for (const account of ['sl_a', 'sl_b', 'op_a'])
      await same((q, after, limit) => listSellerBrands(q, account, after, limit))
  })

  // filtered pages are not prepared (planned each time): both kinds are walked
  it("a creator's report rows, with and without filters", async () => {
    const brand = (await db.query<{ brand_id: string }>(`select brand_id from report_rows limit 1`))[0]!.brand_id
    for (const creatorId of ['cr_a', 'cr_b', 'cr_c'])
      for (const filters of [{}, { brand_id: brand }] as ReportFilters[])
        for (const limit of [1, 7, 500]) {
          let after: { date: string; id: number } | null = null
          for (let pages = 0; ; pages++) {
            const q: ReportQuery = { creatorId, start: day(0), end: day(DAYS - 1), filters, after, limit }
            const ours = await listCreatorReports(db, q)
            assert.deepEqual(ours, await listCreatorReports(sqlOnly(db), q))
            if (ours.last === null || pages > 50) break
            after = ours.last
          }
        }
  })

  // the feed's key is its page's last row even on a short page, and an empty page has none
  it("a creator's changes feed, to its end and past it", async () => {
    for (const creatorId of ['cr_a', 'cr_b', 'cr_c'])
      for (const limit of [1, 7, 500]) {
        let after = 0
        let rows = 0
        for (let pages = 0; ; pages++) {
          const ours = await readFeedPage(db, creatorId, after, limit)
          assert.deepEqual(ours, await readFeedPage(sqlOnly(db), creatorId, after, limit))
          rows += Math.min(ours.found, limit)
          if (ours.last_change_seq === null || pages > 200) break
          assert.ok(ours.last_change_seq > after)
          after = ours.last_change_seq
        }
        const [count] = await db.query<{ n: number }>(
          'select count(*)::int as n from report_rows r join links l on l.id = r.link_id where r.creator_id = $1',
          [creatorId],
        )
        assert.equal(rows, count!.n, `${creatorId} at limit ${limit}`)
      }
  })
})
