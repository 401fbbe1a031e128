// Issue 12 / docs/scaling.md: report rows' keys are ready for a database sharded by creator
// (Citus): every primary and unique key of report_rows, and every foreign key that points at a
// report row, includes creator_id. The natural key keeps its meaning (a link has one creator).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { openTestDb } from '../support/helpers.js'

interface Key {
  table: string
  name: string
  kind: string
  columns: string[]
}

// Constraints and unique indexes, with their columns in order (pg_catalog works on PGlite too).
const KEYS = `
  select c.conrelid::regclass::text as table, c.conname as name, c.contype as kind,
         array(select a.attname from unnest(c.conkey) with ordinality k(n, i)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i)::text[] as columns
    from pg_constraint c
   where c.contype in ('p', 'u', 'f')
     and (c.conrelid = 'report_rows'::regclass or c.confrelid = 'report_rows'::regclass)
  union all
  select i.indrelid::regclass::text, i.indexrelid::regclass::text, 'index',
         array(select a.attname from unnest(i.indkey) with ordinality k(n, o)
                 join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.n order by k.o)::text[]
    from pg_index i
   where i.indisunique and i.indrelid in ('report_rows'::regclass, 'payout_lines'::regclass)
     and i.indexrelid::regclass::text like '%report_row%'`

test('every key of report rows and every reference to one includes creator_id', async () => {
  const { db, close } = await openTestDb()
  try {
    const keys = await db.query<Key>(KEYS)
    const own = keys.filter((k) => k.table === 'report_rows' && k.kind !== 'f')
    const references = keys.filter((k) => k.kind === 'f' && k.table !== 'report_rows')
    assert.ok(
      own.some((k) => k.kind === 'p'),
      'report_rows has a primary key',
    )
    assert.ok(
      own.some((k) => ['date', 'link_id', 'product_id', 'marketplace'].every((c) => k.columns.includes(c))),
      'the natural key is still a unique key',
    )
    assert.deepEqual(references.map((k) => k.table).sort(), ['commission_adjustments', 'payout_lines'])
    const missing = keys
      .filter((k) => k.kind !== 'f' || k.table !== 'report_rows')
      .filter((k) => !k.columns.includes('creator_id'))
    assert.deepEqual(missing, [], 'keys without creator_id')
  } finally {
    await close()
  }
})
