// The run's PostgreSQL databases (the dataset, and its 1M twin): created, or reused when kept
// from an earlier run with the right size, and dropped by whoever prepared them.
import pg from 'pg'
import { openDb } from '../src/db/index.js'
import { datasetSize, generate, WHALE_CREATOR, whaleRows } from './dataset.js'
import { log } from './log.js'

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

export function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl)
  u.pathname = `/${name}`
  return u.toString()
}

export interface Database {
  name: string
  url: string
  /** Seconds spent generating the dataset; 0 when reused. */
  generationS: number
  drop(): Promise<void>
}

async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client(adminUrl)
  await admin.connect()
  try {
    return await fn(admin)
  } finally {
    await admin.end()
  }
}

/** Report rows in a kept database, and its whale's; -1 when it has no dataset. */
async function reportRows(url: string): Promise<{ n: number; whale: number }> {
  const db = await openDb(url, { poolSize: 1 })
  try {
    const [row] = await db.query<{ n: number; whale: number }>(
      `select count(*)::int as n, count(*) filter (where creator_id = $1)::int as whale from report_rows`,
      [WHALE_CREATOR],
    )
    return row!
  } catch {
    return { n: -1, whale: 0 }
  } finally {
    await db.close()
  }
}

/** Names are checked by the options (a lower-case identifier) before they get here. */
export async function prepareDatabase(adminUrl: string, name: string, rows: number, reuse: boolean): Promise<Database> {
  const url = databaseUrl(adminUrl, name)
  const handle = (generationS: number): Database => ({
    name,
    url,
    generationS,
    drop: () => withAdmin(adminUrl, async (a) => void (await a.query(`drop database if exists ${name} with (force)`))),
  })
  const exists = await withAdmin(adminUrl, async (a) => {
    const r = await a.query('select 1 from pg_database where datname = $1', [name])
    return (r.rowCount ?? 0) > 0
  })
  if (reuse && exists) {
    const { n, whale } = await reportRows(url)
    // a dataset kept from before the whale existed is generated again, so that it has one
    if (Math.abs(n - rows) < rows * 0.01 && whale === whaleRows(rows)) {
      log(`reusing ${name} (${n} report rows)`)
      return handle(0)
    }
    if (Math.abs(n - rows) < rows * 0.01)
      log(`not reusing ${name}: its whale has ${whale} rows, not ${whaleRows(rows)}`)
  }
  await withAdmin(adminUrl, async (a) => {
    await a.query(`drop database if exists ${name} with (force)`)
    await a.query(`create database ${name}`)
  })
  const db = await openDb(url, { poolSize: 1 })
  const t0 = Date.now()
  try {
    await generate(db, datasetSize(rows))
  } catch (err) {
    await db.close()
    await handle(0).drop()
    throw err
  }
  await db.close()
  return handle(Math.round((Date.now() - t0) / 1000))
}
