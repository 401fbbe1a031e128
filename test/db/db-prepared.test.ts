// Prepared statements (`query(…, { prepare: true })`), which every page read uses: the pg
// driver's named statements on PostgreSQL, protocol-level ones on PGlite. They must answer exactly
// as an unprepared query does, survive a failing statement, and never run inside another
// caller's open transaction.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { Db } from '../../src/db/index.js'
import { openTestDb } from '../support/helpers.js'

const TYPED = `select $1::int8 as big, $2::date as day, $3::numeric as amount, $4::text as name,
                      $5::bool as flag, $6::text[] as tags, $7::int as maybe, null::text as absent,
                      ($1::int8 % 1000 * 2)::int4 as twice, to_json($4::text)::text as json_text`

describe('prepared statements', () => {
  let db: Db
  let close: () => Promise<void>
  before(async () => {
    ;({ db, close } = await openTestDb())
    await db.exec('create table prepared_probe (id int primary key)')
  })
  after(() => close())

  it('answer exactly as the same statement unprepared, for every parameter tuple', async () => {
    const tuples: unknown[][] = [
      [1, '2026-03-01', '12.50', 'plain', true, ['a', 'b'], 7],
      [9_007_199_254_740_991, '0001-01-01', '0', 'quote " and \\ and ü', false, [], null],
      [-5, '9999-12-31', '-0.01', '', null, ['x,y', 'NULL', null], 0],
      [null, null, null, null, null, null, null],
    ]
    for (const params of tuples) {
      const plain = await db.query(TYPED, params)
      const prepared = await db.query(TYPED, params, { prepare: true })
      assert.deepEqual(prepared, plain, JSON.stringify(params))
      // and the second run (a cached statement, a cached plan) answers the same
      assert.deepEqual(await db.query(TYPED, params, { prepare: true }), plain)
    }
    const [row] = await db.query(TYPED, [1, '2026-03-01', '12.50', 'plain', true, ['a', 'b'], 7], { prepare: true })
    assert.deepEqual(row, {
      big: 1,
      day: '2026-03-01',
      amount: '12.50',
      name: 'plain',
      flag: true,
      tags: ['a', 'b'],
      maybe: 7,
      absent: null,
      twice: 2,
      json_text: '"plain"',
    })
  })

  it('parse every kind of column as the unprepared statement does, arrays of each included', async () => {
    // each type and its array comes out as the unprepared statement gives it
    const sql = `select $1::int8[] as bigs, array['2026-03-01'::date, null] as days, array[1.5::numeric] as amounts,
                        $2::float8 as real, array[0.25::float8] as reals, $3::json as j, $3::jsonb as jb,
                        array[$3::jsonb] as jbs, '2026-03-01T10:00:00Z'::timestamptz as at, array[true, false] as flags,
                        array[1, 2]::int2[] as smalls, array['a"b', 'c\\d']::varchar[] as chars,
                        '\\x00ff'::bytea as raw,
                        array[]::text[] as empty, interval '1 day' as span`
    const params = [[1, -2, 9_007_199_254_740_991], 0.1, '{"a":[1,"x"]}']
    const plain = await db.query(sql, params)
    assert.deepEqual(await db.query(sql, params, { prepare: true }), plain)
    assert.deepEqual(await db.query(sql, params, { prepare: true }), plain)
    const [row] = plain as [Record<string, unknown>]
    assert.deepEqual(row.jb, { a: [1, 'x'] })
  })

  it('report an error while executing, and the database answers the next statements', async () => {
    const sql = 'select 10 / $1::int as q'
    assert.deepEqual(await db.query(sql, [2], { prepare: true }), [{ q: 5 }])
    await assert.rejects(db.query(sql, [0], { prepare: true }), (e: { code?: string }) => e.code === '22012')
    assert.deepEqual(await db.query(sql, [5], { prepare: true }), [{ q: 2 }])
    assert.deepEqual(await db.query('select 1 as one'), [{ one: 1 }])
  })

  it('refuse a statement that does not parse, every time, and the database answers the next', async () => {
    const bad = 'select * from no_such_table where id = $1'
    for (let i = 0; i < 2; i++) {
      await assert.rejects(db.query(bad, [1], { prepare: true }), (e: { code?: string }) => e.code === '42P01')
    }
    assert.deepEqual(await db.query('select $1::int as v', [3], { prepare: true }), [{ v: 3 }])
  })

  it('never run inside another caller’s open transaction', async () => {
    const count = 'select count(*)::int as n from prepared_probe'
    const [{ n: before }] = (await db.query<{ n: number }>(count, [], { prepare: true })) as [{ n: number }]
    let seen: Promise<Array<{ n: number }>> | undefined
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.query('insert into prepared_probe (id) values (1)')
        // started while the insert is uncommitted, never awaited inside the transaction
        seen = db.query<{ n: number }>(count, [], { prepare: true })
        await tx.query('select pg_sleep(0.05)')
        throw new Error('roll back')
      }),
      /roll back/,
    )
    assert.deepEqual(await seen, [{ n: before }], 'the read saw a row of a transaction that rolled back')
  })

  it('keep concurrent calls apart: each gets its own parameters’ rows', async () => {
    const sql = 'select $1::int as v, repeat($2::text, 1000) as pad'
    const calls = Array.from({ length: 50 }, (_, i) =>
      db.query<{ v: number; pad: string }>(sql, [i, String(i % 10)], { prepare: true }),
    )
    const results = await Promise.all(calls)
    results.forEach((rows, i) => {
      assert.equal(rows.length, 1)
      assert.equal(rows[0]!.v, i)
      assert.equal(rows[0]!.pad, String(i % 10).repeat(1000))
    })
  })

  it('read replies of many rows, of none, and larger than one chunk of the reply, byte for byte', async () => {
    // ~1.5 MB of text, with characters of 2, 3 and 4 bytes, so that chunk edges fall inside them
    const sql = `select g as n, repeat($1::text, g * 2000) as text, case when g % 2 = 0 then null else g end as odd
                   from generate_series(1, $2::int) g order by g`
    const unit = 'aü€𝄞'
    for (const count of [0, 1, 4]) {
      const plain = await db.query(sql, [unit, count])
      const prepared = await db.query(sql, [unit, count], { prepare: true })
      assert.deepEqual(prepared, plain)
      assert.equal(prepared.length, count)
    }
    const rows = await db.query<{ n: number; text: string; odd: number | null }>(sql, [unit, 4], { prepare: true })
    assert.deepEqual(
      rows.map((r) => [r.n, r.text.length, r.odd]),
      [1, 2, 3, 4].map((n) => [n, n * 2000 * unit.length, n % 2 === 0 ? null : n]),
    )
    assert.equal(rows[3]!.text, unit.repeat(8000))
  })

  it('run a write, and report a constraint error with the same fields as an unprepared statement', async () => {
    const insert = 'insert into prepared_probe (id) values ($1)'
    assert.deepEqual(await db.query(insert, [100], { prepare: true }), [])
    assert.deepEqual(
      await db.query('insert into prepared_probe (id) values ($1) returning id', [101], { prepare: true }),
      [{ id: 101 }],
    )
    const fields = (e: unknown) => {
      const { code, detail, constraint, table, message } = e as Record<string, unknown>
      return { code, detail, constraint, table, message }
    }
    const plain = await db.query(insert, [100]).then(
      () => assert.fail('the duplicate was inserted'),
      (e: unknown) => fields(e),
    )
    const prepared = await db.query(insert, [100], { prepare: true }).then(
      () => assert.fail('the duplicate was inserted'),
      (e: unknown) => fields(e),
    )
    assert.equal(plain.code, '23505')
    assert.deepEqual(prepared, plain)
    await db.exec('delete from prepared_probe where id >= 100')
  })
})
