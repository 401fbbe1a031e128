// The marketplace table is written twice, on purpose: in src/domain/marketplaces.ts for the code
// and in migrations/001_init.sql for the database's joins. This keeps the two equal.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { openTestDb } from '../support/helpers.js'
import { MARKETPLACES } from '../../src/domain/marketplaces.js'

test('the migrated marketplaces table is src/domain/marketplaces.ts, in the same order', async () => {
  const { db, close } = await openTestDb()
  try {
    const rows = await db.query<{ code: string; marketplace_id: string; domain: string; currency: string }>(
      'select code, marketplace_id, domain, currency from marketplaces order by position',
    )
    assert.deepEqual(
      rows.map((r) => ({ code: r.code, marketplaceId: r.marketplace_id, domain: r.domain, currency: r.currency })),
      MARKETPLACES,
    )
  } finally {
    await close()
  }
})

test(
  'and both are ../shared/marketplaces.tsv when it is there',
  { skip: !tsv() && 'no shared/marketplaces.tsv' },
  () => {
    const lines = tsv()!.trim().split('\n').slice(1)
    assert.deepEqual(
      lines.map((l) => l.split('\t').slice(0, 4)),
      MARKETPLACES.map((m) => [m.code, m.marketplaceId, m.domain, m.currency]),
    )
  },
)

function tsv(): string | null {
  try {
    return readFileSync(new URL('../../../shared/marketplaces.tsv', import.meta.url), 'utf8')
  } catch {
    return null
  }
}
