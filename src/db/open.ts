// The database as configured, migrated: what every command that reads or writes data opens.
import type { Config } from '../config.js'
import { openDb, type Db } from './index.js'
import { migrate } from './migrate.js'

/** Opens DATABASE_URL with the configured pool and timeouts and applies pending migrations. */
export async function openAndMigrate(config: Config): Promise<Db> {
  const db = await openDb(config.databaseUrl, {
    poolSize: config.poolSize,
    statementTimeoutMs: config.statementTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  })
  try {
    await migrate(db)
  } catch (err) {
    await db.close().catch(() => {})
    throw err
  }
  return db
}
