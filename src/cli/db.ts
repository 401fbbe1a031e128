// The database as the commands use it: configured from the command's environment, migrated,
// and closed when the work is done, however it ends.
import { loadConfig } from '../config.js'
import type { Db } from '../db/index.js'
import { openAndMigrate } from '../db/open.js'
import type { Io } from './io.js'

export async function withDb<T>(io: Io, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openAndMigrate(loadConfig(io.env))
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}
