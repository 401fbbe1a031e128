// Forward-only numbered migrations from the package's migrations/ folder (NNN_name.sql).
// Each runs in its own transaction under an advisory lock, so that several instances
// starting at once apply each migration exactly once.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Db, Queryable } from './index.js'
import { MIGRATE_LOCK } from './locks.js'

// src/db and dist/db are both two levels below the package root.
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url))

export interface Migration {
  version: number
  name: string
  sql: string
}

export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
  const migrations = files.map((file) => {
    const m = /^(\d{3,})_([a-z0-9_]+)\.sql$/.exec(file)
    if (!m) throw new Error(`migration file ${file} must be named NNN_name.sql`)
    return { version: Number(m[1]), name: m[2]!, sql: readFileSync(`${dir}/${file}`, 'utf8') }
  })
  // Numbers are handed out to branches built in parallel: one may land before the numbers below
  // it, so a gap is allowed; a number taken twice is not (migrate applies each missing one).
  migrations.forEach((m, i) => {
    const before = migrations[i - 1]?.version ?? 0
    if (m.version <= before)
      throw new Error(`migration numbers must be unique and increasing (found ${m.version} after ${before})`)
  })
  return migrations
}

/** The database holds migrations this release does not know: a newer release migrated it. */
export class SchemaTooNewError extends Error {}

/**
 * Applies pending migrations; returns the ones applied now. Running it twice changes nothing.
 * Refuses (SchemaTooNewError) a database migrated by a newer release: this code would read and
 * write a schema it does not know.
 */
export async function migrate(db: Db, migrations = loadMigrations()): Promise<Migration[]> {
  await db.transaction(async (tx) => {
    await tx.query(MIGRATE_LOCK)
    await tx.exec(`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`)
  })
  const unknown = await unknownVersions(db, migrations)
  if (unknown.length > 0) {
    const latest = migrations.at(-1)?.version ?? 0
    throw new SchemaTooNewError(
      `the database at ${db.description} has schema version ${Math.max(...unknown)}, newer than this release knows ` +
        `(${latest}): it was migrated by a newer csapi. Run that release (or newer), or restore a ` +
        `backup taken before it.`,
    )
  }
  const applied: Migration[] = []
  for (const m of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query(MIGRATE_LOCK)
      const rows = await tx.query('select 1 from schema_migrations where version = $1', [m.version])
      if (rows.length > 0) return true
      await tx.exec(m.sql)
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [m.version, m.name])
      return false
    })
    if (!done) applied.push(m)
  }
  return applied
}

/** Versions the database has that this package does not know: it was migrated by a newer release. */
async function unknownVersions(db: Queryable, migrations = loadMigrations()): Promise<number[]> {
  const rows = await db.query<{ version: number }>('select version from schema_migrations order by version')
  const known = new Set(migrations.map((m) => m.version))
  return rows.map((r) => r.version).filter((v) => !known.has(v))
}

/** Whether a database (a replica: reads only) has exactly the migrations this release knows. */
export async function schemaIsCurrent(db: Queryable, migrations = loadMigrations()): Promise<boolean> {
  const rows = await db.query<{ version: number }>('select version from schema_migrations order by version')
  return rows.map((r) => r.version).join() === migrations.map((m) => m.version).join()
}
