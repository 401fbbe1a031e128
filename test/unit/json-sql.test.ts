// JSON built by PostgreSQL from a TypeBox schema (src/http/json-sql.ts), run on the real
// database: what PostgreSQL writes must parse back to exactly the values stored.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Type } from 'typebox'
import { ITEMS_FROM, ITEMS_ORDER, jsonObjectSql, PRESENT } from '../../src/http/json-sql.js'
import type { Db } from '../../src/db/index.js'
import { openTestDb } from '../support/helpers.js'

const Inner = Type.Object({ id: Type.String(), note: Type.Union([Type.String(), Type.Null()]) })
const Row = Type.Object({
  day: Type.String({ format: 'date' }),
  name: Type.String(),
  cents: Type.Integer(),
  flag: Type.Boolean(),
  inner: Inner,
})
const ROW_JSON = jsonObjectSql(Row, {
  day: 't.day',
  name: 't.name',
  cents: 't.cents',
  flag: 't.flag',
  inner: { id: 't.inner_id', note: 't.note' },
})

describe('jsonObjectSql', () => {
  let db: Db
  let close: () => Promise<void>
  before(async () => {
    ;({ db, close } = await openTestDb())
    await db.exec(`create table t (day date, name text, cents bigint, flag boolean, inner_id text, note text)`)
  })
  after(() => close())

  const roundTrip = async (values: unknown[]): Promise<string | null> => {
    const [row] = await db.query<{ json: string | null }>(
      `with t (day, name, cents, flag, inner_id, note) as
              (values ($1::date, $2::text, $3::bigint, $4::boolean, $5::text, $6::text))
       select ${ROW_JSON} as json from t`,
      values,
    )
    return row!.json
  }

  it("writes the schema's fields in its order, nested objects included", async () => {
    const json = await roundTrip(['2026-03-01', 'a', 12345, true, 'l_1', null])
    assert.equal(json, '{"day":"2026-03-01","name":"a","cents":12345,"flag":true,"inner":{"id":"l_1","note":null}}')
  })

  it('escapes any text and keeps any integer exactly (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary' }).map((s) => s.replaceAll('\0', '')), // text cannot hold NUL
        fc.string({ unit: 'grapheme' }),
        fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
        fc.boolean(),
        async (name, note, cents, flag) => {
          const json = await roundTrip(['1999-12-31', name, cents, flag, 'x"\\', note])
          assert.deepEqual(JSON.parse(json!), { day: '1999-12-31', name, cents, flag, inner: { id: 'x"\\', note } })
        },
      ),
      { numRuns: 200 },
    )
  })

  it('writes integers and booleans through their own cast, not to_json, with the same text', async () => {
    const Ints = Type.Object({
      small: Type.Integer(),
      big: Type.Integer(),
      maybe: Type.Union([Type.Integer(), Type.Null()]),
      yes: Type.Boolean(),
      no: Type.Union([Type.Boolean(), Type.Null()]),
    })
    const sql = jsonObjectSql(Ints, { small: 'v.small', big: 'v.big', maybe: 'v.maybe', yes: 'v.yes', no: 'v.no' })
    assert.doesNotMatch(sql, /to_json/)
    for (const [small, big, maybe, yes, no] of [
      [-2147483648, '-9223372036854775808', null, true, null],
      [2147483647, '9223372036854775807', 0, false, false],
      [0, '9007199254740993', -1, true, true],
    ] as const) {
      const [row] = await db.query<{ json: string; expected: string }>(
        `with v (small, big, maybe, yes, no) as (values ($1::int4, $2::int8, $3::int2, $4::boolean, $5::boolean))
         select ${sql} as json,
                json_build_object('small', small, 'big', big, 'maybe', maybe, 'yes', yes, 'no', no)::jsonb::text
                  as expected
           from v`,
        [small, big, maybe, yes, no],
      )
      // the text is the JSON: big integers beyond 2^53 keep every digit
      assert.equal(row!.json, `{"small":${small},"big":${big},"maybe":${maybe},"yes":${yes},"no":${no}}`)
      assert.deepEqual(JSON.parse(row!.json), JSON.parse(row!.expected))
    }
  })

  it("writes dates as YYYY-MM-DD whatever the session's DateStyle", async () => {
    await db.transaction(async (tx) => {
      await tx.query(`set local datestyle = 'SQL, DMY'`)
      const [row] = await tx.query<{ json: string }>(
        `select ${jsonObjectSql(Type.Object({ d: Type.String() }), { d: `date '2026-01-31'` })} as json`,
      )
      assert.equal(row!.json, '{"d":"2026-01-31"}')
    })
  })

  it('gives NULL, not a broken object, when a required value is NULL', async () => {
    assert.equal(await roundTrip(['2026-03-01', null, 1, true, 'l_1', null]), null)
    assert.equal(await roundTrip(['2026-03-01', 'a', 1, true, null, 'n']), null)
  })

  it('optional fields are omitted when NULL; arrays and nullable objects (property, on the database)', async () => {
    const S = Type.Object({
      id: Type.String(),
      note: Type.Optional(Type.String()),
      n: Type.Optional(Type.Integer()),
      tags: Type.Array(Type.String()),
      terms: Type.Union([Type.Object({ kind: Type.String(), bps: Type.Integer() }), Type.Null()]),
    })
    const sql = jsonObjectSql(S, {
      id: 'x.id',
      note: 'x.note',
      n: 'x.n',
      tags: 'x.tags',
      terms: { [PRESENT]: 'x.kind is not null', kind: 'x.kind', bps: 'x.bps' },
    })
    const text = fc.string({ unit: 'grapheme', maxLength: 20 })
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.option(text, { nil: null }),
        fc.option(fc.integer(), { nil: null }),
        fc.array(text, { maxLength: 4 }),
        fc.option(fc.tuple(text, fc.integer({ min: 0, max: 10000 })), { nil: null }),
        async (id, note, n, tags, terms) => {
          const [row] = await db.query<{ json: string }>(
            `select ${sql} as json
               from (select $1::text as id, $2::text as note, $3::int as n, $4::text[] as tags, $5::text as kind,
                            $6::int as bps) x`,
            [id, note, n, tags, terms?.[0] ?? null, terms?.[1] ?? null],
          )
          const want: Record<string, unknown> = { id }
          if (note !== null) want.note = note
          if (n !== null) want.n = n
          want.tags = tags
          want.terms = terms === null ? null : { kind: terms[0], bps: terms[1] }
          assert.equal(row!.json, JSON.stringify(want))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('writes an array of objects from the rows it names, in its order; NULL when an item is broken', async () => {
    const S = Type.Object({
      id: Type.String(),
      items: Type.Array(Type.Object({ n: Type.Integer(), note: Type.Union([Type.String(), Type.Null()]) })),
    })
    const sql = jsonObjectSql(S, {
      id: 'p.id',
      items: {
        [ITEMS_FROM]:
          'from (values (1, 2, $1::text), (1, 1, null), (1, 3, $2::text)) i (parent, n, note) where i.parent = p.pk',
        [ITEMS_ORDER]: 'i.n desc',
        n: 'i.n',
        note: 'i.note',
      },
    })
    const read = (id: string | null, pk: number) =>
      db.query<{ json: string | null }>(`select ${sql} as json from (select $3::text as id, $4::int as pk) p`, [
        'two',
        'a"b',
        id,
        pk,
      ])
    const [full] = await read('p_1', 1)
    assert.equal(full!.json, '{"id":"p_1","items":[{"n":3,"note":"a\\"b"},{"n":2,"note":"two"},{"n":1,"note":null}]}')
    const [empty] = await read('p_2', 2)
    assert.equal(empty!.json, '{"id":"p_2","items":[]}')
    // an item's required value NULL: the array, so the object, is NULL (the page refuses it)
    const broken = jsonObjectSql(S, {
      id: 'p.id',
      items: { [ITEMS_FROM]: 'from (values (null::int)) i (n)', [ITEMS_ORDER]: '1', n: 'i.n', note: 'null::text' },
    })
    const [row] = await db.query<{ json: string | null }>(`select ${broken} as json from (select 'x'::text as id) p`)
    assert.equal(row!.json, null)
    assert.throws(
      () => jsonObjectSql(S, { id: 'p.id', items: { n: 'i.n', note: 'i.note' } } as never),
      /\$\.items: an array of objects needs \$from and \$orderBy/,
    )
  })

  it("with a table, a field left out is that table's column of the same name; a mapped one wins", () => {
    const S = Type.Object({ a: Type.String(), b: Type.Integer(), o: Type.Object({ x: Type.String() }) })
    const columns = { a: 't.a', b: 'u.b_renamed', o: { x: 't.x' } }
    assert.equal(jsonObjectSql(S, 't', { b: 'u.b_renamed', o: { x: 't.x' } }), jsonObjectSql(S, columns))
    // a nested object is never guessed: only top-level scalars take the default
    assert.throws(() => jsonObjectSql(S, 't'), /\$\.o: no SQL expression/)
    assert.throws(() => jsonObjectSql(S, 't', { c: 'z' } as never), /fields the schema does not have: c/)
  })

  it('refuses a mapping that does not cover the schema exactly', () => {
    const S = Type.Object({ a: Type.String(), b: Type.Integer() })
    assert.throws(() => jsonObjectSql(S, { a: 'x' } as never), /\$\.b: no SQL expression/)
    assert.throws(() => jsonObjectSql(S, { a: 'x', b: 'y', c: 'z' } as never), /fields the schema does not have: c/)
    assert.throws(
      () => jsonObjectSql(Type.Object({ a: Type.Optional(Type.String()) }), { a: 'x' }),
      /the first field must be required/,
    )
    assert.throws(
      () =>
        jsonObjectSql(Type.Object({ a: Type.String(), b: Type.Optional(Type.Union([Type.String(), Type.Null()])) }), {
          a: 'x',
          b: 'y',
        }),
      /an optional field cannot also be nullable/,
    )
    assert.throws(
      () => jsonObjectSql(Type.Object({ a: Type.Array(Type.Object({ x: Type.String() })) }), { a: 'x' } as never),
      /not supported/,
    )
    const Nullable = Type.Object({ a: Type.String(), o: Type.Union([Type.Object({ x: Type.String() }), Type.Null()]) })
    assert.throws(
      () => jsonObjectSql(Nullable, { a: 'x', o: { x: 'y' } } as never),
      /a nullable object needs \$present/,
    )
    assert.throws(
      () => jsonObjectSql(Type.Object({ 'A-b': Type.String() }), { 'A-b': 'x' }),
      /field name not supported/,
    )
  })
})
