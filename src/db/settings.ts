// SQL for server-side settings shared by every instance on one database.
import { randomBytes } from 'node:crypto'
import type { Queryable } from './index.js'

/** The generated cursor secret: created once, then the same for every instance and restart. */
export async function ensureCursorSecret(db: Queryable): Promise<string> {
  await db.query(`insert into settings (key, value) values ('cursor_secret', $1) on conflict (key) do nothing`, [
    randomBytes(32).toString('base64url'),
  ])
  const rows = await db.query<{ value: string }>(`select value from settings where key = 'cursor_secret'`)
  return rows[0]!.value
}

/** The generated cursor secret as a database has it (a replica: reads only), or null. */
export async function readCursorSecret(db: Queryable): Promise<string | null> {
  const rows = await db.query<{ value: string }>(`select value from settings where key = 'cursor_secret'`)
  return rows[0]?.value ?? null
}
