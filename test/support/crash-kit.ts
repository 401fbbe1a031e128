// What the crash tests share: a large dataset of one creator, and a wait that resolves once a
// `csapi` process is surely inside its writing transaction, so that a SIGKILL lands mid-write.
import assert from 'node:assert/strict'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'

const LINKS = 100

/** `rows` report rows of the creator crash_cr over 100 links, with the status given. */
export function bigDataset(rows: number, status: 'pending' | 'approved' = 'pending') {
  const t0 = Date.parse('2020-01-01')
  const report_rows = []
  for (let n = 0; n < rows; n++) {
    report_rows.push({
      date: new Date(t0 + Math.floor(n / LINKS) * 86_400_000).toISOString().slice(0, 10),
      link_id: `crash_l_${n % LINKS}`,
      product_id: 'crash_p',
      marketplace: 'US',
      currency: 'USD',
      sales_cents: n % 10_000,
      commission_cents: n % 1000,
      commission_status: status,
      orders: 1,
      units_sold: 1,
      clicks: 3,
      detail_page_views: 2,
      add_to_carts: 1,
    })
  }
  return {
    accounts: [{ id: 'crash_cr', role: 'creator', name: 'Crash creator' }],
    brands: [{ id: 'crash_b', name: 'Crash brand', status: 'active' }],
    products: [{ id: 'crash_p', brand_id: 'crash_b', asin: 'B0CRASH000', title: 'Crash product', status: 'active' }],
    links: Array.from({ length: LINKS }, (_, i) => ({
      id: `crash_l_${i}`,
      creator_id: 'crash_cr',
      brand_id: 'crash_b',
      product_id: 'crash_p',
      short_url: 'https://s.example/c',
      destination_url: 'https://www.amazon.com/dp/B0CRASH000',
    })),
    report_rows,
  }
}

/** Bytes under a directory (a PGlite data directory). */
export function dirBytes(dir: string): number {
  let total = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    try {
      total += e.isDirectory() ? dirBytes(p) : statSync(p).size
    } catch {
      // removed while we looked (temporary files): it no longer counts
    }
  }
  return total
}

/**
 * Resolves once the process is surely inside its transaction: on PostgreSQL, a statement
 * starting with `statement` seen active three times; on PGlite (no second connection while the
 * process holds the files), the data directory grown by `growBytes` as the transaction's writes
 * reach the WAL.
 */
export async function whileWriting(
  url: string,
  startBytes: number,
  statement: string,
  exited: () => boolean,
  growBytes = 24 * 1024 * 1024,
): Promise<void> {
  const deadline = Date.now() + 50_000
  if (url.startsWith('file:')) {
    const dir = url.slice('file:'.length)
    while (dirBytes(dir) < startBytes + growBytes) {
      assert.ok(!exited() && Date.now() < deadline, 'the write ended before it could be killed')
      await sleep(50)
    }
    return
  }
  const name = new URL(url).pathname.slice(1)
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await c.connect()
  try {
    let seen = 0
    while (seen < 3) {
      assert.ok(!exited() && Date.now() < deadline, 'the write ended before it could be killed')
      const r = await c.query(
        `select 1 from pg_stat_activity where datname = $1 and state = 'active' and query like $2`,
        [name, `${statement}%`],
      )
      if (r.rowCount) seen++
      await sleep(20)
    }
  } finally {
    await c.end()
  }
}
