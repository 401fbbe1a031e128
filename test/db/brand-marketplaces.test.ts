// Migration 012 keeps a brand's marketplaces as JSON: a database migrated before it keeps its
// values, and the triggers on products keep writing them.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { openDb, type Db } from '../../src/db/index.js'
import { loadMigrations, migrate } from '../../src/db/migrate.js'
import { createTestDatabase, onPostgres } from '../support/helpers.js'

async function withDatabase(fn: (db: Db) => Promise<void>) {
  const t = onPostgres ? await createTestDatabase() : null
  const db = await openDb(t ? t.url : 'memory:')
  try {
    await fn(db)
  } finally {
    await db.close()
    await t?.drop()
  }
}

const marketplaces = (db: Db, id: string) =>
  db.query<{ regions: string; domains: string; type: string }>(
    `select amazon_regions::text as regions, amazon_marketplaces::text as domains,
            pg_typeof(amazon_regions)::text as type
       from brands where id = $1`,
    [id],
  )

test('migration 012: brands keep their marketplaces, now as the JSON the brands page serves', async () => {
  await withDatabase(async (db) => {
    const all = loadMigrations()
    assert.equal(all[11]?.name, 'brand_marketplaces_json')
    await migrate(db, all.slice(0, 11))
    await db.exec(`
      insert into brands (id, name, status) values ('b1', 'One', 'active'), ('b0', 'None', 'active');
      insert into products (id, brand_id, asin, title, status, country_code) values
        ('p1', 'b1', 'B000000001', 'A', 'active', 'DE'),
        ('p2', 'b1', 'B000000002', 'B', 'active', 'US'),
        ('p3', 'b1', 'B000000003', 'C', 'archived', 'JP');
    `)
    assert.deepEqual(await marketplaces(db, 'b1'), [
      { regions: '{US,DE}', domains: '{amazon.com,amazon.de}', type: 'text[]' },
    ])

    await migrate(db, all)
    assert.deepEqual(await marketplaces(db, 'b1'), [
      { regions: '["US","DE"]', domains: '["amazon.com","amazon.de"]', type: 'json' },
    ])
    assert.deepEqual(await marketplaces(db, 'b0'), [{ regions: '[]', domains: '[]', type: 'json' }])

    // the triggers write JSON from now on: a new brand starts empty, product changes refresh it
    await db.exec(`
      insert into brands (id, name, status) values ('b2', 'Two', 'active');
      update products set status = 'active' where id = 'p3';
      delete from products where id = 'p1';
    `)
    assert.deepEqual(await marketplaces(db, 'b1'), [
      { regions: '["US","JP"]', domains: '["amazon.com","amazon.co.jp"]', type: 'json' },
    ])
    assert.deepEqual(await marketplaces(db, 'b2'), [{ regions: '[]', domains: '[]', type: 'json' }])
  })
})
